import CTIFF
import Foundation

/// Owns one libtiff handle on a file descriptor; closed on `deinit` (or `close()`). Every libtiff
/// call goes through `call(_:_:)`, which throws with the function's name and libtiff's own message.
final class TIFFHandle {
    private var tiff: OpaquePointer?
    private let error: UnsafeMutablePointer<flatbed_tiff_error>
    /// The file's name for messages.
    let name: String

    /// Opens `descriptor` in libtiff `mode` ("w", "w8" for BigTIFF, "r"); libtiff owns it from now on.
    ///
    /// - Throws: `CodecError.unwritable` with libtiff's message when it can't be opened.
    init(descriptor: Int32, name: String, mode: String) throws(CodecError) {
        self.name = name
        error = .allocate(capacity: 1)
        error.initialize(to: flatbed_tiff_error())
        tiff = flatbed_tiff_fdopen(descriptor, name, mode, error)
        guard tiff != nil else {
            let reason = Self.message(error)
            error.deallocate()
            Foundation.close(descriptor)
            throw .unwritable(file: name, reason: "libtiff TIFFFdOpen: \(reason)")
        }
    }

    deinit {
        if let tiff { TIFFClose(tiff) }
        error.deallocate()
    }

    /// Flushes and closes the file; later calls throw.
    ///
    /// - Throws: `CodecError.unwritable` when the last writes fail.
    func close() throws(CodecError) {
        guard let open = tiff else { return }
        let flushed = TIFFFlush(open)
        TIFFClose(open)
        tiff = nil
        guard flushed == 1 else { throw failure("TIFFFlush") }
    }

    /// Calls libtiff; `body` returns false when the call reports failure.
    func call(_ function: String, _ body: (OpaquePointer) -> Bool) throws(CodecError) {
        guard let tiff else { throw .unwritable(file: name, reason: "libtiff \(function): file already closed") }
        guard body(tiff) else { throw failure(function) }
    }

    /// Sets integer tags (`flatbed_tiff_set_int` covers uint16 and int tags).
    func set(_ tag: Int32, _ value: Int) throws(CodecError) {
        try call("TIFFSetField(\(tag))") { flatbed_tiff_set_int($0, UInt32(tag), Int32(value)) == 1 }
    }

    /// Sets a uint32 tag such as the image size.
    func set(_ tag: Int32, uint32 value: Int) throws(CodecError) {
        try call("TIFFSetField(\(tag))") { flatbed_tiff_set_uint32($0, UInt32(tag), UInt32(value)) == 1 }
    }

    /// Sets a rational or float tag such as the resolution.
    func set(_ tag: Int32, double value: Double) throws(CodecError) {
        try call("TIFFSetField(\(tag))") { flatbed_tiff_set_double($0, UInt32(tag), value) == 1 }
    }

    private func failure(_ function: String) -> CodecError {
        let reason = Self.message(error)
        return .unwritable(file: name, reason: "libtiff \(function)" + (reason.isEmpty ? " failed" : ": \(reason)"))
    }

    private static func message(_ error: UnsafeMutablePointer<flatbed_tiff_error>) -> String {
        withUnsafeBytes(of: &error.pointee.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
