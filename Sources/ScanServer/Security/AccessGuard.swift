/// The checks every request passes before routing: the Host header names this server (DNS
/// rebinding), state-changing requests come from this server's own pages (cross-site requests),
/// and, when a token is set, the request carries it.
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

    /// True for addresses only this machine can reach: `localhost`, 127.0.0.0/8, `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
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
        if request.isMutating {
            if let origin = request.header("origin"), origin.lowercased() != "http://" + hostHeader.lowercased() {
                return .refused(.crossOrigin(origin: origin))
            }
            if request.header("sec-fetch-site") == "cross-site" {
                return .refused(.crossOrigin(origin: request.header("referer") ?? "another site"))
            }
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

    /// The `Set-Cookie` value remembering the token.
    public var cookieHeader: String? {
        token.map { "\(Self.cookieName)=\($0); Path=/; HttpOnly; SameSite=Strict" }
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

    private static func split(_ header: String) -> (String, Int)? {
        guard !header.isEmpty else { return nil }
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return nil }
            let name = String(header[header.index(after: header.startIndex)..<close])
            let rest = header[header.index(after: close)...]
            if rest.isEmpty { return (name, 80) }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()) else { return nil }
            return (name, port)
        }
        let parts = header.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return (header, 80)
        case 2: return Int(parts[1]).map { (String(parts[0]), $0) }
        default: return nil
        }
    }

    private static func isIPLiteral(_ name: String) -> Bool {
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        if octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) { return true }
        return name.contains(":") && name.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }

    private static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
