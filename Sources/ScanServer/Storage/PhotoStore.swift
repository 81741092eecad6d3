import Foundation
import ScanPipeline

/// The original photos, one file each in `photos/` beside the database.
///
/// A photo is written atomically (temporary file, fsync, rename, fsync of the folder) *before* the
/// row that names it is committed, so a committed row always finds its file. A crash between the
/// two leaves a file no row names; `sweep(keeping:)` removes such orphans at startup.
public struct PhotoStore: Sendable {
    /// The folder holding the photos.
    public let folder: String
    /// Bytes a photo write must leave free on the folder's disk. Deleting pages is how a user frees
    /// space, and a delete is a database commit that needs room in the WAL, so photos are refused
    /// while this much is still free rather than filling the disk to the last byte. Higher: more
    /// room for the database's edits and deletes; photos are refused sooner on a nearly full disk.
    public var reservedBytes = 2 * 1_048_576

    /// Uses (creating if needed) `folder`.
    /// - Throws: `ServerError.storage` when it cannot be created.
    public init(folder: String) throws(ServerError) {
        self.folder = folder
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .storage("cannot create \(folder): \(error.localizedDescription)")
        }
    }

    /// The full path of a stored photo.
    public func path(of name: String) -> String { folder + "/" + name }

    /// Writes a new photo durably under a fresh unguessable name with `fileExtension`.
    /// - Returns: the file's name inside the folder.
    /// - Throws: `ServerError.storage` when the disk would keep less than `reservedBytes` free,
    ///   or the write fails (disk full, permissions); no partial file is left either way.
    public func write(_ bytes: [UInt8], fileExtension: String) throws(ServerError) -> String {
        try checkFreeSpace(for: bytes.count)
        let name = RandomID.make() + "." + fileExtension
        do {
            try AtomicFile.write(bytes, to: path(of: name))
        } catch {
            throw .storage(error.description)
        }
        syncFolder()
        return name
    }

    /// The bytes of a stored photo.
    /// - Throws: `ServerError.storage` when the file is missing or unreadable.
    public func read(_ name: String) throws(ServerError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path(of: name)) else {
            throw .storage("photo \(name) is missing from \(folder)")
        }
        return [UInt8](data)
    }

    /// True when a file of this name exists in the folder.
    public func contains(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(of: name)) }

    /// Removes a photo; a missing file is not an error (the sweep may have removed it already).
    public func remove(_ name: String) {
        unlink(path(of: name))
    }

    /// Removes every file in the folder that `referenced` does not name, temporary files included.
    /// - Returns: the names removed.
    @discardableResult
    public func sweep(keeping referenced: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var removed: [String] = []
        for name in names where !referenced.contains(name) {
            remove(name)
            removed.append(name)
        }
        if !removed.isEmpty { syncFolder() }
        return removed
    }

    /// Refuses a write of `count` bytes that would leave less than `reservedBytes` free. When the
    /// free space can't be learnt, the write itself finds out.
    private func checkFreeSpace(for count: Int) throws(ServerError) {
        var disk = statvfs()
        guard statvfs(folder, &disk) == 0 else { return }
        let free = Int(disk.f_bavail) * Int(disk.f_frsize)
        guard free < count + reservedBytes else { return }
        throw .diskFull(folder: folder, freeBytes: free, neededBytes: count + reservedBytes)
    }

    /// Makes the folder's entries (new names, renames) durable.
    private func syncFolder() {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
