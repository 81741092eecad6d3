/// Matches a request's method and path against routes such as `/api/sessions/:id/pages/:pageID`
/// and calls the handler, turning thrown `ServerError`s into their JSON answers.
public struct Router: Sendable {
    /// What a route does with a request whose path parameters are filled in.
    public typealias Handler = @Sendable (Request) throws(ServerError) -> Response

    private struct Route: Sendable {
        let method: String
        let segments: [Substring]
        let handler: Handler
    }

    private var routes: [Route] = []

    /// Creates an empty router.
    public init() {}

    /// Adds a route; `pattern` segments that start with `:` capture that segment under the name.
    public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
        routes.append(Route(method: method, segments: Self.segments(pattern), handler: handler))
    }

    /// Handles a request: 404 when no pattern matches, 405 when only other methods do.
    public func handle(_ request: Request) -> Response {
        let segments = Self.segments(request.path)
        var allowed: [String] = []
        for route in routes {
            guard let parameters = Self.match(route.segments, segments) else { continue }
            guard route.method == request.method || (request.method == "HEAD" && route.method == "GET") else {
                allowed.append(route.method)
                continue
            }
            var request = request
            request.parameters = parameters
            do {
                return try route.handler(request)
            } catch {
                return .error(error)
            }
        }
        if !allowed.isEmpty {
            return .error(.methodNotAllowed(method: request.method, path: request.path, allowed: allowed))
        }
        return .error(.unknownRoute(method: request.method, path: request.path))
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func match(_ pattern: [Substring], _ path: [Substring]) -> [String: String]? {
        guard pattern.count == path.count else { return nil }
        var parameters: [String: String] = [:]
        for (expected, actual) in zip(pattern, path) {
            if expected.first == ":" {
                parameters[String(expected.dropFirst())] = String(actual)
            } else if expected != actual {
                return nil
            }
        }
        return parameters
    }
}
