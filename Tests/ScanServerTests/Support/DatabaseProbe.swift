import Foundation

/// Looks at a data folder from outside the server: the database opened **read-only** by Python's
/// `sqlite3` (a separate SQLite build from the server's, and it never writes, so it cannot repair
/// what it inspects), and the photo folder listed from disk.
struct DatabaseProbe {
    /// What the probe saw.
    struct Report: Equatable {
        /// `PRAGMA integrity_check`'s answer, "ok" when sound.
        var integrity: String
        /// The photo file names the `pages` rows reference.
        var referencedPhotos: [String]
        /// The file names in `photos/`, temporary files included.
        var photoFiles: [String]

        /// Files no row names (a crash leftover the startup sweep should have removed).
        var orphans: Set<String> { Set(photoFiles).subtracting(referencedPhotos) }
        /// Rows whose file is gone.
        var missing: Set<String> { Set(referencedPhotos).subtracting(photoFiles) }
    }

    /// The data folder (holding `flatbed.sqlite` and `photos/`).
    let data: String

    private static let script = """
        import sqlite3, sys
        db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
        print(db.execute("PRAGMA integrity_check").fetchone()[0])
        for (photo,) in db.execute("SELECT photo FROM pages ORDER BY photo"):
            print(photo)
        """

    /// Runs the probe.
    /// - Throws: when python3 fails (no database, unreadable file).
    func report() throws -> Report {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, data + "/flatbed.sqlite"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RawHTTPClient.Failure(description: "sqlite probe of \(data) failed: \(problem)")
        }
        let lines = text.split(separator: "\n").map(String.init)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: data + "/photos")) ?? []
        return Report(integrity: lines.first ?? "", referencedPhotos: Array(lines.dropFirst()), photoFiles: files.sorted())
    }
}
