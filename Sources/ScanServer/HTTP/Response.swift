/// One HTTP response: a status, headers in order, and a body held in memory or streamed from a file.
public struct Response: Sendable {
    /// Where the body comes from.
    public enum Body: Sendable {
        /// Bytes in memory.
        case bytes([UInt8])
        /// An open file descriptor, read from offset 0 for `length` bytes and closed after sending.
        /// Used for exports written to an unlinked temporary file.
        case file(descriptor: Int32, length: Int)
    }

    /// The status code.
    public var status: Int
    /// Headers in the order they are sent; names as written.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Body

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, by any capitalisation of its name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Adds a header.
    public mutating func add(_ name: String, _ value: String) { headers.append((name, value)) }

    /// A JSON document answered with `status`.
    public static func json(_ value: JSONValue, status: Int = 200) -> Response {
        Response(
            status: status,
            headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")],
            body: .bytes(Array(value.serialized().utf8)))
    }

    /// `204 No Content`.
    public static let noContent = Response(status: 204, headers: [("Cache-Control", "no-store")])

    /// Longest error message sent, in characters. A message echoing a huge input (a 60 KB path, a
    /// megabyte "mode") keeps its start and its end, where the fix is named, and drops the middle,
    /// so an answer is never an amplified copy of the request.
    public static let maximumMessageLength = 480

    /// The error answer: its status and `{"error": {"message": …}}`.
    public static func error(_ error: ServerError) -> Response {
        var message = error.description
        if message.count > maximumMessageLength {
            let half = maximumMessageLength / 2
            message = message.prefix(half) + "…" + message.suffix(half)
        }
        var response = json(.object([("error", .object([("message", .string(message))]))]), status: error.status)
        if case .methodNotAllowed(_, _, let allowed) = error { response.add("Allow", allowed.joined(separator: ", ")) }
        return response
    }
}
