/// The checks every request passes before routing: the Host header names this server (DNS
/// rebinding), the request does not come from another origin's page (cross-site reads and writes),
/// and, when a token is set, the request carries it.
///
/// The browser's own signals decide what "another origin's page" is: `Origin` (sent on every
/// state-changing request and on cross-origin reads) must be this server, and `Sec-Fetch-Site`
/// must not be `cross-site` or `same-site` — a page on another port of 127.0.0.1 is same-site but
/// another origin, and the token cookie would reach us from it. Only a top-level navigation to the
/// app's own pages is let through from another site (following a link opens the app; it can read
/// nothing). Clients that send neither header (curl, scripts) are not browsers a page can drive.
public struct AccessGuard: Sendable {
    /// The host the server is bound to, as given.
    public let boundHost: String
    /// The port it listens on.
    public let port: Int
    /// The access token, or nil when none is required (a loopback bind without `--token`).
    public let token: String?

    /// The cookie that carries the token after the first `?token=` visit.
    public static let cookieName = "flatbed_token"

    /// Creates the guard.
    public init(boundHost: String, port: Int, token: String?) {
        self.boundHost = boundHost
        self.port = port
        self.token = token
    }

    /// True for names only this machine can reach: `localhost`, an IPv4 literal in 127.0.0.0/8
    /// written as four decimal numbers, and `::1` (bracketed or not). A name that merely starts
    /// with `127.` (`127.attacker.example`) is not loopback: its owner decides where it resolves.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        guard let octets = ipv4Octets(host) else { return false }
        return octets[0] == 127
    }

    /// What the guard decided.
    public enum Verdict: Sendable, Equatable {
        /// Go on; `setCookie` when the token came in the query and should be remembered.
        case allowed(setCookie: Bool)
        /// Refuse with this error.
        case refused(ServerError)
    }

    /// Checks a request.
    public func check(_ request: Request) -> Verdict {
        let hostHeader = request.header("host") ?? ""
        guard isAcceptedHost(hostHeader) else { return .refused(.misdirectedHost(host: hostHeader)) }
        if let origin = request.header("origin"), origin.lowercased() != "http://" + hostHeader.lowercased() {
            return .refused(.crossOrigin(origin: origin))
        }
        if let site = request.header("sec-fetch-site")?.lowercased(), site == "cross-site" || site == "same-site",
           !Self.isNavigationToApp(request) {
            return .refused(.crossOrigin(origin: request.header("referer") ?? "a \(site) page"))
        }
        guard let token else { return .allowed(setCookie: false) }
        if let given = request.query["token"], Self.equalInConstantTime(given, token) { return .allowed(setCookie: true) }
        if let given = request.cookies[Self.cookieName], Self.equalInConstantTime(given, token) { return .allowed(setCookie: false) }
        if let authorization = request.header("authorization"), authorization.hasPrefix("Bearer "),
           Self.equalInConstantTime(String(authorization.dropFirst(7)).trimmingWhitespace(), token) {
            return .allowed(setCookie: false)
        }
        return .refused(.missingToken)
    }

    /// The `Set-Cookie` value remembering the token: not readable by scripts, never sent with a
    /// request another site starts.
    public var cookieHeader: String? {
        token.map { "\(Self.cookieName)=\($0); Path=/; HttpOnly; SameSite=Strict" }
    }

    /// A top-level GET of one of the app's pages (not the API), which another site may link to.
    private static func isNavigationToApp(_ request: Request) -> Bool {
        (request.method == "GET" || request.method == "HEAD")
            && request.header("sec-fetch-mode")?.lowercased() == "navigate"
            && request.header("sec-fetch-dest").map({ $0.lowercased() == "document" }) ?? true
            && !(request.path == "/api" || request.path.hasPrefix("/api/"))
    }

    /// The Host must carry our port and name this server: on a loopback bind only loopback names
    /// (a rebound DNS name is refused); on another bind also any IP literal (phones on the LAN
    /// reach it by address) and the bound name. The token guards those.
    private func isAcceptedHost(_ header: String) -> Bool {
        guard let (name, hostPort) = Self.split(header.lowercased()), hostPort == port else { return false }
        if name == boundHost.lowercased() || Self.isLoopback(name) { return true }
        if Self.isLoopback(boundHost) { return false }
        return Self.isIPLiteral(name)
    }

    /// `name[:port]` or `[v6][:port]`, the port 80 when absent. Nil for anything else: empty,
    /// a user-info `@`, a non-numeric or signed port, a trailing dot, characters no host name has.
    private static func split(_ header: String) -> (String, Int)? {
        guard !header.isEmpty else { return nil }
        let name: Substring, rest: Substring
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return nil }
            name = header[header.index(after: header.startIndex)..<close]
            rest = header[header.index(after: close)...]
            guard !name.isEmpty, name.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            let colon = header.firstIndex(of: ":") ?? header.endIndex
            name = header[..<colon]
            rest = header[colon...]
            guard !name.isEmpty, !name.hasSuffix("."), !name.hasPrefix("."),
                  name.utf8.allSatisfy({ isHostNameByte($0) }) else { return nil }
        }
        if rest.isEmpty { return (String(name), 80) }
        let digits = rest.dropFirst()
        guard rest.first == ":", (1...5).contains(digits.count), digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let port = Int(digits), port <= 65535 else { return nil }
        return (String(name), port)
    }

    /// Letters, digits, `-` and `.` (lowercased already).
    private static func isHostNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
    }

    private static func isIPLiteral(_ name: String) -> Bool {
        if ipv4Octets(name) != nil { return true }
        return name.contains(":") && name.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }

    /// The four octets of a dotted-decimal IPv4 literal (`0`–`255`, no leading zeros, which some
    /// resolvers read as octal), or nil.
    private static func ipv4Octets(_ name: String) -> [UInt8]? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  part.count == 1 || part.first != "0", let value = UInt8(part) else { return nil }
            octets.append(value)
        }
        return octets
    }

    /// Compares without stopping at the first difference, so the time taken does not tell how much
    /// of a guess was right.
    private static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(truncatingIfNeeded: x.count ^ y.count) | (x.count == y.count ? 0 : 1)
        for index in y.indices { difference |= (index < x.count ? x[index] : 0) ^ y[index] }
        return difference == 0
    }
}
