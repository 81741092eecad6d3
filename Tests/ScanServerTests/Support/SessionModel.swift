import Foundation

/// What one session should hold, in the API's own terms: its pages in order with every field
/// `GET /api/sessions/{id}` reports, and its settings. Numbers are kept as the API rounds them
/// (corners to hundredths, confidence and settings to ten-thousandths) so equality is exact.
struct SessionModel: Equatable, CustomStringConvertible {
    /// One page as the API reports it.
    struct PageState: Equatable, CustomStringConvertible {
        var id: String
        /// Eight numbers in hundredths (x, y per corner in contract order), nil for the whole photo.
        var corners: [Int]?
        var detectedCorners: [Int]?
        var rotation: Int
        var mode: String
        var width: Int
        var height: Int
        /// Ten-thousandths.
        var confidence: Int
        var createdAt: String

        var description: String {
            "\(id.prefix(6)) \(width)x\(height) r\(rotation) \(mode) corners \(corners.map { "\($0)" } ?? "whole")"
        }
    }

    /// The live-capture settings, in ten-thousandths where the API writes decimals.
    struct Settings: Equatable {
        var minimumIoU: Int
        var frameCount: Int
        var maximumAreaChange: Int
        var autoCapture: Bool
    }

    var pages: [PageState]
    var settings: Settings

    var description: String {
        "settings \(settings), pages [\(pages.map(\.description).joined(separator: "; "))]"
    }

    /// Page ids in order.
    var pageIDs: [String] { pages.map(\.id) }

    /// The index of a page by id.
    func index(of id: String) -> Int? { pages.firstIndex { $0.id == id } }

    // MARK: - Reading the API's JSON

    /// Reads a session object (`POST /api/sessions`, `GET /api/sessions/{id}`, `PUT …/order`).
    init?(json: [String: Any]?) {
        guard let json, let pageObjects = json["pages"] as? [[String: Any]],
              let settings = Self.settings(json: json["settings"] as? [String: Any]) else { return nil }
        let pages = pageObjects.compactMap(Self.page(json:))
        guard pages.count == pageObjects.count else { return nil }
        self.pages = pages
        self.settings = settings
    }

    /// Reads a page object.
    static func page(json: [String: Any]?) -> PageState? {
        guard let json, let id = json["id"] as? String, let rotation = json["rotation"] as? Int,
              let mode = json["mode"] as? String, let width = json["width"] as? Int, let height = json["height"] as? Int,
              let confidence = json["confidence"] as? Double, let createdAt = json["createdAt"] as? String,
              let corners = cornerValue(json["corners"]), let detected = cornerValue(json["detectedCorners"]) else { return nil }
        return PageState(
            id: id, corners: corners, detectedCorners: detected, rotation: rotation, mode: mode, width: width, height: height,
            confidence: fixed(confidence, scale: 10_000), createdAt: createdAt)
    }

    /// Reads a settings object.
    static func settings(json: [String: Any]?) -> Settings? {
        guard let json, let iou = json["minimumIoU"] as? Double, let frames = json["frameCount"] as? Int,
              let area = json["maximumAreaChange"] as? Double, let auto = json["autoCapture"] as? Bool else { return nil }
        return Settings(minimumIoU: fixed(iou, scale: 10_000), frameCount: frames, maximumAreaChange: fixed(area, scale: 10_000), autoCapture: auto)
    }

    /// Corners `[[x,y]×4]` → `.some([Int])` in hundredths; JSON null → `.some(nil)`; anything else → nil.
    static func cornerValue(_ value: Any?) -> [Int]?? {
        if value is NSNull { return .some(nil) }
        guard let points = value as? [[Double]], points.count == 4, points.allSatisfy({ $0.count == 2 }) else { return nil }
        return .some(points.flatMap { $0 }.map { fixed($0, scale: 100) })
    }

    /// A decimal as an integer count of `1 / scale`.
    static func fixed(_ value: Double, scale: Double) -> Int { Int((value * scale).rounded()) }
}
