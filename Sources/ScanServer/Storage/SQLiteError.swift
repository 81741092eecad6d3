/// A failed SQLite call: the function, the statement or file, SQLite's result code and message.
public enum SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database file could not be opened.
    case cannotOpen(path: String, code: Int32, message: String)
    /// A statement did not compile.
    case prepareFailed(sql: String, message: String)
    /// A statement failed while running (constraint, I/O error, full disk, …).
    case stepFailed(sql: String, code: Int32, message: String)
    /// `PRAGMA integrity_check` found damage.
    case integrityCheckFailed(path: String, report: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let code, let message):
            "\(path): cannot open the database (sqlite \(code): \(message)); check the --data folder's permissions"
        case .prepareFailed(let sql, let message):
            "sqlite rejected '\(sql.prefix(60))' (\(message)); this is a bug, please report it"
        case .stepFailed(let sql, let code, let message):
            "sqlite failed on '\(sql.prefix(60))' (sqlite \(code): \(message)); check free space in the --data folder"
        case .integrityCheckFailed(let path, let report):
            "\(path): database damaged (\(report.prefix(120))); restore it or start with an empty --data folder"
        }
    }
}
