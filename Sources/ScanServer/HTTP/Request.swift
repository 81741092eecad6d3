/// One HTTP request as the router sees it: the body complete, header names lowercased, query
/// values percent-decoded, and the path parameters the matching route captured.
public struct Request: Sendable {
    /// `GET`, `POST`, … in upper case.
    public var method: String
    /// The path without the query string, percent-decoding left to the router.
    public var path: String
    /// Query parameters; a repeated name keeps its last value.
    public var query: [String: String]
    /// Headers by lowercased name; a repeated header keeps its last value.
    public var headers: [String: String]
    /// Cookies by name.
    public var cookies: [String: String]
    /// The body, empty when there is none.
    public var body: [UInt8]
    /// Values captured by the route's `:name` segments.
    public var parameters: [String: String] = [:]

    /// Creates a request.
    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        cookies: [String: String] = [:], body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.body = body
    }

    /// The value of a header, by any capitalisation of its name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The media type of the body without parameters (`image/jpeg` for `image/jpeg; q=1`), lowercased.
    public var mediaType: String? {
        header("content-type").map {
            String($0.split(separator: ";", maxSplits: 1).first ?? "").trimmingWhitespace().lowercased()
        }
    }

    /// True for methods that change state and so need the cross-origin check.
    public var isMutating: Bool { !["GET", "HEAD", "OPTIONS"].contains(method) }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
