import Foundation
import ScanServer

/// `flatbed serve`: the live scanning web app on this machine.
enum ServeCommand: Command {
    static let name = "serve"
    static let abstract = "Serve the scanning web app (camera, crop, review, export) in a browser."
    static let usage = "[--host ADDR] [--port N] [--data DIR] [--token T] [--max-upload-mb N] [--max-connections N] [--timeout S] [--open]"
    static let options: [OptionSpec] = [
        OptionSpec("--host", value: "ADDR", help: "Address to listen on (default 127.0.0.1); any other needs a token."),
        OptionSpec("--port", value: "N", help: "Port to listen on (default 8080; 0 picks a free one)."),
        OptionSpec("--data", value: "DIR", help: "Folder for sessions and photos (default $XDG_DATA_HOME/flatbed)."),
        OptionSpec("--token", value: "T", help: "Access token (generated when listening beyond this machine)."),
        OptionSpec("--max-upload-mb", value: "N", help: "Largest photo upload in megabytes (default 50)."),
        OptionSpec("--max-connections", value: "N", help: "Most connections open at once; more are closed (default 256)."),
        OptionSpec("--timeout", value: "S", help: "Seconds a connection may idle or take to send its headers (default 60)."),
        OptionSpec("--open", help: "Open the app in the default browser."),
    ]
    static let discussion = """
        Prints the URL to open (with ?token=… when a token is needed) and serves until Ctrl-C.
        Sessions, pages and their order are kept in DIR and survive a restart.
        The JSON API is described in Docs/api.md.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        if let extra = arguments.positionals.first { throw UsageError.unexpectedArgument(extra) }
        var configuration = ServerConfiguration()
        if let host = arguments.value("--host") { configuration.host = host }
        configuration.port = try arguments.integer("--port", in: 0...65535, default: configuration.port) ?? configuration.port
        if let data = arguments.value("--data") {
            configuration.dataFolder = URL(fileURLWithPath: data).standardizedFileURL.path
        }
        if let token = arguments.value("--token") {
            guard token.count >= 8, token.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw UsageError.invalidValue(option: "--token", value: token, expected: "at least 8 letters, digits, '-' or '_'")
            }
            configuration.token = token
        }
        if let megabytes = try arguments.integer("--max-upload-mb", in: 1...4096) {
            configuration.maximumUploadBytes = megabytes * 1_048_576
        }
        if let connections = try arguments.integer("--max-connections", in: 1...4096) {
            configuration.maximumConnections = connections
        }
        if let seconds = try arguments.integer("--timeout", in: 1...3600) {
            configuration.connectionTimeout = seconds
        }

        // Block the stop signals before any server thread exists, so only `sigwait` below sees them.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let server = try FlatbedServer(configuration: configuration)
        try server.start()
        console.note("data in \(server.configuration.dataFolder); press Ctrl-C to stop")
        console.output(server.url)
        if arguments.has("--open") { openBrowser(server.url, console: console) }

        var received: Int32 = 0
        sigwait(&signals, &received)
        server.stop()
        console.note("stopped")
        return 0
    }

    private static func openBrowser(_ url: String, console: Console) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        do {
            try process.run()
        } catch {
            console.warning("could not open a browser (\(error)); open \(url) yourself")
        }
    }
}
