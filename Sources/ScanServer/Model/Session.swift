/// A scanning session: its pages in order and its live-capture settings.
public struct Session: Sendable, Equatable {
    /// The session's id, unguessable.
    public var id: String
    /// When it was created, seconds since 1970.
    public var createdAt: Double
    /// Its stabiliser and auto-capture settings.
    public var settings: SessionSettings
    /// Its pages in page order.
    public var pages: [Page]

    /// The API's session object.
    public var json: JSONValue {
        .object([
            ("id", .string(id)),
            ("pages", .array(pages.map(\.json))),
            ("settings", settings.json),
            ("createdAt", .string(Timestamp.iso8601(createdAt))),
        ])
    }
}
