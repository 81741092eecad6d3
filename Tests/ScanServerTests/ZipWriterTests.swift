import Foundation
import ScanServer
import Testing

@Suite("Stored ZIP writer")
struct ZipWriterTests {
    @Test(arguments: [("", 0x0000_0000 as UInt32), ("123456789", 0xCBF4_3926), ("The quick brown fox jumps over the lazy dog", 0x414F_A339)])
    func crc32MatchesKnownValues(text: String, expected: UInt32) {
        #expect(CRC32.checksum(Array(text.utf8)) == expected)
    }

    @Test func archiveHasTheEntriesAndTheirBytes() throws {
        var zip = StoredZipWriter(modified: 1_700_000_000)
        let first = [UInt8](repeating: 7, count: 1000), second = Array("hello".utf8)
        zip.add(name: "page-1.jpg", bytes: first)
        zip.add(name: "page-2.jpg", bytes: second)
        let archive = zip.finish()
        #expect(archive.starts(with: [0x50, 0x4B, 0x03, 0x04]))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("flatbed-zip-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(archive).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", """
            import zipfile, sys
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            print(z.namelist(), len(z.read('page-1.jpg')), z.read('page-2.jpg').decode(), z.getinfo('page-1.jpg').date_time[:3])
            """, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.trimmingCharacters(in: .newlines) == "['page-1.jpg', 'page-2.jpg'] 1000 hello (2023, 11, 14)")
    }
}
