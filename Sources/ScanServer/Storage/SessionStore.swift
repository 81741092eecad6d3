import Foundation
import ScanCore

/// Sessions and pages in SQLite, photos in a `PhotoStore`, under one data folder:
/// `DATA/flatbed.sqlite` (+ its WAL), `DATA/photos/` and `DATA/exports/` (exports being written).
///
/// Durability: WAL journal with `synchronous=FULL`, so a commit is on disk (WAL fsynced) before the
/// request that caused it is answered; that covers `kill -9` (which NORMAL would also survive, the
/// WAL being in the page cache) and power loss (which NORMAL may roll back to the last checkpoint).
/// Commits are few (one per user action), so the extra fsync costs nothing noticeable.
public final class SessionStore: Sendable {
    /// The database.
    public let database: SQLiteConnection
    /// The photo files.
    public let photos: PhotoStore
    /// Where exports are written before they are sent (`DATA/exports/`). Each is unlinked once
    /// opened for sending; what a killed server left half-written is removed at the next start.
    /// Kept beside the photos, owner-only, rather than in the shared temporary folder, which no
    /// startup may sweep and where other users could read a document while it is being written.
    public let exportFolder: String

    /// The database file name inside the data folder.
    public static let databaseName = "flatbed.sqlite"

    private static let schema = """
        CREATE TABLE IF NOT EXISTS sessions (
            id TEXT PRIMARY KEY NOT NULL,
            created_at REAL NOT NULL,
            settings TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS pages (
            id TEXT PRIMARY KEY NOT NULL,
            session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            photo TEXT NOT NULL UNIQUE,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            corners TEXT,
            detected_corners TEXT,
            confidence REAL NOT NULL,
            rotation INTEGER NOT NULL CHECK (rotation IN (0, 90, 180, 270)),
            mode TEXT NOT NULL,
            created_at REAL NOT NULL
        );
        CREATE INDEX IF NOT EXISTS pages_by_session ON pages(session_id, position);
        """

    private static let pageColumns =
        "id, session_id, position, photo, width, height, corners, detected_corners, confidence, rotation, mode, created_at"

    /// Opens the store in `folder` (created if needed), then removes photo files no page names
    /// and any export a killed server left behind.
    /// - Throws: `ServerError.storage` when the folder or database can't be used.
    public init(folder: String) throws(ServerError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            photos = try PhotoStore(folder: folder + "/photos")
            exportFolder = folder + "/exports"
            try FileManager.default.createDirectory(
                atPath: exportFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            for name in try FileManager.default.contentsOfDirectory(atPath: exportFolder) {
                unlink(exportFolder + "/" + name)
            }
            database = try SQLiteConnection(path: folder + "/" + Self.databaseName)
            try database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")
            try database.execute(Self.schema)
            let referenced = try database.query("SELECT photo FROM pages") { $0.text(0) ?? "" }
            photos.sweep(keeping: Set(referenced))
        } catch let error as ServerError {
            throw error
        } catch {
            throw .storage("\(error)")
        }
    }

    // MARK: - Sessions

    /// Creates an empty session with default settings.
    public func createSession() throws(ServerError) -> Session {
        let session = Session(id: RandomID.make(), createdAt: Timestamp.now(), settings: SessionSettings(), pages: [])
        _ = try guarded {
            try database.run(
                "INSERT INTO sessions (id, created_at, settings) VALUES (?, ?, ?)",
                [.text(session.id), .real(session.createdAt), .text(Self.encode(session.settings))])
        }
        return session
    }

    /// The session with its pages in order.
    /// - Throws: `ServerError.sessionNotFound`.
    public func session(_ id: String) throws(ServerError) -> Session {
        try guarded {
            let rows = try database.query("SELECT created_at, settings FROM sessions WHERE id = ?", [.text(id)]) {
                ($0.double(0), $0.text(1) ?? "")
            }
            guard let (createdAt, settings) = rows.first else { throw ServerError.sessionNotFound(id: id) }
            let pages = try database.query(
                "SELECT \(Self.pageColumns) FROM pages WHERE session_id = ? ORDER BY position, created_at", [.text(id)],
                row: Self.page)
            return Session(id: id, createdAt: createdAt, settings: Self.decodeSettings(settings), pages: pages)
        }
    }

    /// A session's settings alone (cheaper than the whole session, for every camera frame).
    /// - Throws: `ServerError.sessionNotFound`.
    public func settings(of id: String) throws(ServerError) -> SessionSettings {
        try guarded {
            let rows = try database.query("SELECT settings FROM sessions WHERE id = ?", [.text(id)]) { $0.text(0) ?? "" }
            guard let settings = rows.first else { throw ServerError.sessionNotFound(id: id) }
            return Self.decodeSettings(settings)
        }
    }

    /// Every session, most recent first, with its page count.
    public func sessionSummaries() throws(ServerError) -> [(id: String, pageCount: Int, createdAt: Double)] {
        try guarded {
            try database.query(
                """
                SELECT s.id, (SELECT COUNT(*) FROM pages p WHERE p.session_id = s.id), s.created_at
                FROM sessions s ORDER BY s.created_at DESC, s.rowid DESC
                """
            ) { (id: $0.text(0) ?? "", pageCount: $0.int(1), createdAt: $0.double(2)) }
        }
    }

    /// Deletes a session, its pages and then their photos.
    /// - Throws: `ServerError.sessionNotFound`.
    public func deleteSession(_ id: String) throws(ServerError) {
        let files = try guarded {
            try database.transaction {
                let files = try database.query("SELECT photo FROM pages WHERE session_id = ?", [.text(id)]) { $0.text(0) ?? "" }
                guard try database.run("DELETE FROM sessions WHERE id = ?", [.text(id)]) == 1 else {
                    throw ServerError.sessionNotFound(id: id)
                }
                return files
            }
        }
        for file in files { photos.remove(file) }
    }

    /// Replaces a session's settings (validated by the caller).
    /// - Throws: `ServerError.sessionNotFound`.
    public func updateSettings(_ id: String, _ settings: SessionSettings) throws(ServerError) {
        try guarded {
            guard try database.run("UPDATE sessions SET settings = ? WHERE id = ?", [.text(Self.encode(settings)), .text(id)]) == 1 else {
                throw ServerError.sessionNotFound(id: id)
            }
        }
    }

    /// Puts the session's pages in the given order.
    /// - Throws: `ServerError.sessionNotFound`, `.notAPermutation`.
    public func reorder(_ id: String, pageIDs: [String]) throws(ServerError) {
        try guarded {
            try database.transaction {
                let current = try session(id).pages.map(\.id)
                guard pageIDs.count == current.count, Set(pageIDs) == Set(current) else {
                    throw ServerError.notAPermutation(expected: current.count, given: pageIDs.count)
                }
                for (position, pageID) in pageIDs.enumerated() {
                    try database.run("UPDATE pages SET position = ? WHERE id = ?", [.integer(Int64(position)), .text(pageID)])
                }
            }
        }
    }

    // MARK: - Pages

    /// Adds a page at the end of the session. The photo is written durably before the row is
    /// committed; if the commit fails, the photo is removed again.
    /// - Throws: `ServerError.sessionNotFound`, `.storage`.
    public func addPage(to sessionID: String, photo: StoredPhoto) throws(ServerError) -> Page {
        let file = try photos.write(photo.bytes, fileExtension: photo.fileExtension)
        do {
            return try guarded {
                try database.transaction {
                    guard try !database.query("SELECT 1 FROM sessions WHERE id = ?", [.text(sessionID)], row: { _ in 1 }).isEmpty else {
                        throw ServerError.sessionNotFound(id: sessionID)
                    }
                    let last = try database.query("SELECT MAX(position) FROM pages WHERE session_id = ?", [.text(sessionID)]) {
                        $0.isNull(0) ? -1 : $0.int(0)
                    }
                    let page = Page(
                        id: RandomID.make(), sessionID: sessionID, position: (last.first ?? -1) + 1, photoFile: file,
                        width: photo.width, height: photo.height, corners: photo.detected, detectedCorners: photo.detected,
                        confidence: photo.confidence, rotation: 0, mode: .color, createdAt: Timestamp.now())
                    try database.run(
                        "INSERT INTO pages (\(Self.pageColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", Self.bindings(page))
                    return page
                }
            }
        } catch {
            photos.remove(file)
            throw error
        }
    }

    /// One page.
    /// - Throws: `ServerError.sessionNotFound` or `.pageNotFound`.
    public func page(_ pageID: String, in sessionID: String) throws(ServerError) -> Page {
        try guarded {
            let pages = try database.query(
                "SELECT \(Self.pageColumns) FROM pages WHERE id = ? AND session_id = ?", [.text(pageID), .text(sessionID)], row: Self.page)
            if let page = pages.first { return page }
            _ = try session(sessionID)
            throw ServerError.pageNotFound(sessionID: sessionID, pageID: pageID)
        }
    }

    /// Saves a page's corners, rotation and mode.
    public func update(_ page: Page) throws(ServerError) {
        _ = try guarded {
            try database.run(
                "UPDATE pages SET corners = ?, rotation = ?, mode = ? WHERE id = ?",
                [Self.encode(page.corners), .integer(Int64(page.rotation)), .text(page.mode.rawValue), .text(page.id)])
        }
    }

    /// Replaces a page's photo in place (same id and position); corners become the new detection,
    /// rotation 0. The old photo file is removed after the commit.
    public func replacePhoto(of pageID: String, in sessionID: String, with photo: StoredPhoto) throws(ServerError) -> Page {
        let file = try photos.write(photo.bytes, fileExtension: photo.fileExtension)
        let (old, page): (String, Page)
        do {
            (old, page) = try guarded {
                try database.transaction {
                    var page = try self.page(pageID, in: sessionID)
                    let old = page.photoFile
                    page.photoFile = file
                    (page.width, page.height) = (photo.width, photo.height)
                    (page.corners, page.detectedCorners, page.confidence) = (photo.detected, photo.detected, photo.confidence)
                    page.rotation = 0
                    try database.run(
                        """
                        UPDATE pages SET photo = ?, width = ?, height = ?, corners = ?, detected_corners = ?,
                        confidence = ?, rotation = 0 WHERE id = ?
                        """,
                        [.text(file), .integer(Int64(photo.width)), .integer(Int64(photo.height)), Self.encode(photo.detected),
                         Self.encode(photo.detected), .real(photo.confidence), .text(pageID)])
                    return (old, page)
                }
            }
        } catch {
            photos.remove(file)
            throw error
        }
        photos.remove(old)
        return page
    }

    /// Deletes a page, then its photo.
    public func deletePage(_ pageID: String, in sessionID: String) throws(ServerError) {
        let page = try page(pageID, in: sessionID)
        _ = try guarded { try database.run("DELETE FROM pages WHERE id = ?", [.text(pageID)]) }
        photos.remove(page.photoFile)
    }

    // MARK: - Rows

    private func guarded<T>(_ body: () throws -> T) throws(ServerError) -> T {
        do {
            return try body()
        } catch let error as ServerError {
            throw error
        } catch {
            throw .storage("\(error)")
        }
    }

    private static func page(_ row: SQLiteRow) -> Page {
        Page(
            id: row.text(0) ?? "", sessionID: row.text(1) ?? "", position: row.int(2), photoFile: row.text(3) ?? "",
            width: row.int(4), height: row.int(5), corners: decodeQuad(row.text(6)), detectedCorners: decodeQuad(row.text(7)),
            confidence: row.double(8), rotation: row.int(9), mode: PageMode(rawValue: row.text(10) ?? "") ?? .color,
            createdAt: row.double(11))
    }

    private static func bindings(_ page: Page) -> [SQLiteValue] {
        [.text(page.id), .text(page.sessionID), .integer(Int64(page.position)), .text(page.photoFile),
         .integer(Int64(page.width)), .integer(Int64(page.height)), encode(page.corners), encode(page.detectedCorners),
         .real(page.confidence), .integer(Int64(page.rotation)), .text(page.mode.rawValue), .real(page.createdAt)]
    }

    /// Eight numbers, full precision, in contract corner order.
    private static func encode(_ quad: Quad?) -> SQLiteValue {
        guard let quad else { return .null }
        return .text(quad.corners.flatMap { [$0.x, $0.y] }.map { "\($0)" }.joined(separator: " "))
    }

    private static func decodeQuad(_ text: String?) -> Quad? {
        guard let numbers = text?.split(separator: " ").compactMap({ Double($0) }), numbers.count == 8 else { return nil }
        return Quad(
            topLeft: Point(numbers[0], numbers[1]), topRight: Point(numbers[2], numbers[3]),
            bottomRight: Point(numbers[4], numbers[5]), bottomLeft: Point(numbers[6], numbers[7]))
    }

    private static func encode(_ settings: SessionSettings) -> String {
        (try? JSONEncoder().encode(settings)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private static func decodeSettings(_ text: String) -> SessionSettings {
        (try? JSONDecoder().decode(SessionSettings.self, from: Data(text.utf8))) ?? SessionSettings()
    }
}

/// A photo on its way into the store, decoded once to learn its size and corners.
public struct StoredPhoto: Sendable {
    /// The bytes as uploaded.
    public var bytes: [UInt8]
    /// `jpg`, `png` or `heic`.
    public var fileExtension: String
    /// Size after EXIF orientation.
    public var width: Int
    public var height: Int
    /// What the detector found.
    public var detected: Quad?
    /// Its confidence, 0 without a document.
    public var confidence: Double
}
