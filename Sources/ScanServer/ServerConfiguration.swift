import Foundation

/// How `FlatbedServer` listens and where it keeps its data; `flatbed serve`'s options.
public struct ServerConfiguration: Sendable {
    /// Address to bind: an IP literal or a name. Loopback by default.
    public var host: String = "127.0.0.1"
    /// Port to listen on; 0 picks a free one (see `FlatbedServer.port`).
    public var port: Int = 8080
    /// Folder for the database and photos.
    public var dataFolder: String = ServerConfiguration.defaultDataFolder
    /// Access token; required (and generated when nil) for a non-loopback host.
    public var token: String?
    /// Largest request body in bytes. Higher admits bigger photos and lets a client tie up more memory.
    public var maximumUploadBytes: Int = 50 * 1_048_576
    /// Largest photo in pixels, checked from its header before decoding.
    public var maximumPixelCount: Int = 100_000_000
    /// Worker threads of the HTTP daemon; nil uses one per core.
    public var threads: Int?
    /// Seconds an idle or stalled connection is kept, and the most a request's headers may take to
    /// arrive (a client trickling them in a byte at a time is cut off then). Lower frees slots from
    /// slow clients sooner and may cut off a phone uploading over a weak network.
    public var connectionTimeout: Int = 60
    /// Most connections open at once; more are closed as they arrive. Higher serves more clients at
    /// once and lets one client hold more sockets and memory (64 KiB of headers each). A browser
    /// opens about six.
    public var maximumConnections: Int = 256

    /// The defaults.
    public init() {}

    /// `$XDG_DATA_HOME/flatbed`, or `~/.local/share/flatbed`.
    public static var defaultDataFolder: String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/flatbed" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/flatbed"
    }

    /// True when a token must be presented: any non-loopback host, or a token given anyway.
    public var requiresToken: Bool { token != nil || !AccessGuard.isLoopback(host) }
}
