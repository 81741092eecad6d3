import Foundation
import ScanCore

/// One page of a session, non-destructive: the original photo plus how to render it.
public struct Page: Sendable, Equatable {
    /// The page's id, unguessable.
    public var id: String
    /// The session it belongs to.
    public var sessionID: String
    /// Its place in the session, ascending (gaps allowed).
    public var position: Int
    /// The photo file's name inside the data folder's `photos/`.
    public var photoFile: String
    /// The photo's size in pixels, EXIF orientation applied.
    public var width: Int
    public var height: Int
    /// The corners in use, or nil for the whole photo.
    public var corners: Quad?
    /// What the detector found, or nil for no document.
    public var detectedCorners: Quad?
    /// The detector's confidence, 0 without a document.
    public var confidence: Double
    /// Clockwise rotation of the rendered page in degrees: 0, 90, 180 or 270.
    public var rotation: Int
    /// How the page is rendered.
    public var mode: PageMode
    /// When the page was added, seconds since 1970.
    public var createdAt: Double

    /// The rotations a page accepts.
    public static let rotations = [0, 90, 180, 270]

    /// The API's page object.
    public var json: JSONValue {
        .object([
            ("id", .string(id)),
            ("corners", .corners(corners)),
            ("detectedCorners", .corners(detectedCorners)),
            ("rotation", .int(rotation)),
            ("mode", .string(mode.rawValue)),
            ("width", .int(width)),
            ("height", .int(height)),
            ("confidence", .number(confidence, digits: 4)),
            ("createdAt", .string(Timestamp.iso8601(createdAt))),
        ])
    }
}

/// Times as the API writes them.
enum Timestamp {
    /// Now, in seconds since 1970.
    static func now() -> Double { Date().timeIntervalSince1970 }

    /// `2024-05-01T12:00:00.123Z`.
    static func iso8601(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
