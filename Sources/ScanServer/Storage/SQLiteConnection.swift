import CSQLite
import Foundation

/// A value bound to a statement parameter or read from a column.
public enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// One SQLite connection shared by every server thread and serialised by a recursive lock, so a
/// transaction and the queries inside it run without interleaving. Prepared statements are cached
/// by their SQL text and reset after each use.
public final class SQLiteConnection: @unchecked Sendable {
    /// The database file.
    public let path: String
    private let handle: OpaquePointer
    private let lock = NSRecursiveLock()
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (creating if needed) the database at `path` in serialised-threading mode.
    /// - Throws: `SQLiteError.cannotOpen`.
    public init(path: String) throws(SQLiteError) {
        self.path = path
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw .cannotOpen(path: path, code: code, message: message)
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, 5000)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close(handle)
    }

    /// Runs one or more statements without parameters or results (schema, pragmas).
    /// - Throws: `SQLiteError.stepFailed`.
    public func execute(_ sql: String) throws(SQLiteError) {
        try locked { () throws(SQLiteError) in
            var error: UnsafeMutablePointer<CChar>?
            let code = sqlite3_exec(handle, sql, nil, nil, &error)
            if code != SQLITE_OK {
                let message = error.map { String(cString: $0) } ?? "unknown error"
                sqlite3_free(error)
                throw .stepFailed(sql: sql, code: code, message: message)
            }
        }
    }

    /// Runs a statement that returns no rows.
    /// - Returns: the number of rows it changed.
    /// - Throws: `SQLiteError` from preparing or running it.
    @discardableResult
    public func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> Int {
        try locked { () throws(SQLiteError) -> Int in
            let statement = try prepared(sql, bindings)
            defer { sqlite3_reset(statement) }
            let code = sqlite3_step(statement)
            guard code == SQLITE_DONE || code == SQLITE_ROW else { throw failure(sql, code) }
            return Int(sqlite3_changes(handle))
        }
    }

    /// Runs a query and maps each row.
    /// - Throws: `SQLiteError` from preparing or running it.
    public func query<T>(_ sql: String, _ bindings: [SQLiteValue] = [], row transform: (SQLiteRow) -> T) throws(SQLiteError) -> [T] {
        try locked { () throws(SQLiteError) -> [T] in
            let statement = try prepared(sql, bindings)
            defer { sqlite3_reset(statement) }
            var rows: [T] = []
            while true {
                let code = sqlite3_step(statement)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else { throw failure(sql, code) }
                rows.append(transform(SQLiteRow(statement: statement)))
            }
            return rows
        }
    }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`), committed when it returns and rolled
    /// back when it throws. Other threads wait for the lock meanwhile.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try lock.withLock {
            try execute("BEGIN IMMEDIATE")
            do {
                let result = try body()
                try execute("COMMIT")
                return result
            } catch {
                try? execute("ROLLBACK")
                throw error
            }
        }
    }

    private func locked<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func prepared(_ sql: String, _ bindings: [SQLiteValue]) throws(SQLiteError) -> OpaquePointer {
        let statement: OpaquePointer
        if let cached = statements[sql] {
            statement = cached
        } else {
            var made: OpaquePointer?
            guard sqlite3_prepare_v2(handle, sql, -1, &made, nil) == SQLITE_OK, let made else {
                throw .prepareFailed(sql: sql, message: String(cString: sqlite3_errmsg(handle)))
            }
            statements[sql] = made
            statement = made
        }
        sqlite3_clear_bindings(statement)
        for (offset, value) in bindings.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(statement, index)
            case .integer(let number): code = sqlite3_bind_int64(statement, index, number)
            case .real(let number): code = sqlite3_bind_double(statement, index, number)
            case .text(let text):
                code = text.withCString { flatbed_sqlite3_bind_text(statement, index, $0, Int32(text.utf8.count)) }
            }
            guard code == SQLITE_OK else { throw failure(sql, code) }
        }
        return statement
    }

    private func failure(_ sql: String, _ code: Int32) -> SQLiteError {
        .stepFailed(sql: sql, code: code, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// The current row of a running query; valid only inside the `query` row closure.
public struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    /// True when column `index` (0-based) is NULL.
    public func isNull(_ index: Int32) -> Bool { sqlite3_column_type(statement, index) == SQLITE_NULL }
    /// Column `index` as an integer.
    public func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(statement, index)) }
    /// Column `index` as a double.
    public func double(_ index: Int32) -> Double { sqlite3_column_double(statement, index) }
    /// Column `index` as text, nil when NULL.
    public func text(_ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, index) else { return nil }
        return String(cString: bytes)
    }
}
