import Foundation

/// Turns file-system errors into short, plain reasons for messages.
enum FileProblem {
    /// A lowercase reason such as "no such file", "permission denied", "disk full".
    static func describe(_ error: any Error, path: String) -> String {
        let nsError = error as NSError
        if let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError), posix.domain == NSPOSIXErrorDomain {
            return describe(errno: Int32(posix.code))
        }
        if nsError.domain == NSPOSIXErrorDomain { return describe(errno: Int32(nsError.code)) }
        switch nsError.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "disk full"
        case NSFileReadCorruptFileError: return "unreadable"
        default: return nsError.localizedDescription.lowercased()
        }
    }

    /// A reason for a POSIX error number.
    static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: "no such file or folder"
        case EACCES, EPERM: "permission denied"
        case ENOSPC: "disk full"
        case EDQUOT: "disk quota exceeded"
        case EISDIR: "is a folder"
        case ENOTDIR: "a part of the path is not a folder"
        case EROFS: "read-only file system"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
