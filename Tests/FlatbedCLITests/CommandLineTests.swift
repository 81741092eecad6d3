import Foundation
import Testing

@Suite("flatbed command line")
struct CommandLineTests {
    @Test func versionPrintsTheVersion() throws {
        let result = try CLIRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("flatbed "))
    }

    @Test func topLevelHelpListsEverySubcommand() throws {
        let result = try CLIRunner.run(["--help"])
        #expect(result.status == 0)
        for name in ["scan", "detect", "rectify"] {
            #expect(result.stdout.contains("  \(name) "), "help does not list \(name)")
        }
    }

    @Test(arguments: [
        ("scan", ["--output", "--mode", "--dpi", "--page-size", "--corners", "--jpeg-quality", "--json"]),
        ("detect", ["--json", "--debug"]),
        ("rectify", ["--output", "--quad", "--corners", "--dpi", "--page-size"]),
    ])
    func subcommandHelpShowsUsageAndOptions(command: String, options: [String]) throws {
        let result = try CLIRunner.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: flatbed \(command)"))
        for option in options + ["--help"] {
            #expect(result.stdout.contains(option), "\(command) --help misses \(option)")
        }
    }

    @Test func noArgumentsIsAUsageError() throws {
        let result = try CLIRunner.run([])
        #expect(result.status == 64)
    }

    @Test func unknownCommandIsAUsageError() throws {
        let result = try CLIRunner.run(["scna", "x.jpg"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("flatbed: error: unknown command 'scna'"))
    }

    @Test func unknownOptionSuggestsTheClosest() throws {
        let result = try CLIRunner.run(["scan", "a.jpg", "-o", "a.pdf", "--jpeg-qualty", "80"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown option '--jpeg-qualty'; did you mean '--jpeg-quality'?"))
        #expect(result.stderr.contains("Usage: flatbed scan"))
    }

    @Test(arguments: [
        (["scan", "a.jpg"], "missing -o/--output FILE"),
        (["scan", "-o", "a.pdf"], "missing input photos"),
        (["scan", "a.jpg", "-o", "a.pdf", "--dpi", "9000"], "invalid value '9000' for '--dpi'"),
        (["scan", "a.jpg", "-o", "a.pdf", "--page-size", "b7"], "invalid value 'b7' for '--page-size'"),
        (["scan", "a.jpg", "-o", "a.pdf", "--mode", "sepia"], "invalid value 'sepia' for '--mode'"),
        (["scan", "a.jpg", "-o=a.pdf"], "unknown option '-o=a.pdf'"),
        (["rectify", "a.jpg", "-o", "b.png", "--quad", "1,2,3"], "invalid value '1,2,3' for '--quad'"),
        (["detect"], "missing images"),
    ])
    func badCommandLinesExit64(arguments: [String], message: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
    }

    @Test func unknownOutputTypeIsRejectedBeforeAnyWork() throws {
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(["scan", Samples.first, "-o", folder.path("out.docx")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("out.docx: unknown output type"))
        #expect(try folder.contents().isEmpty)
    }
}

/// The bundled sample photos.
enum Samples {
    static let folder = CLIRunner.repository.appendingPathComponent("Samples")
    static var all: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".jpg") }.sorted().map { folder.appendingPathComponent($0).path }
    }
    static var first: String { all.first ?? folder.appendingPathComponent("missing.jpg").path }
}
