import Foundation
import ScanCore

/// Corners given by the user per input image, read from JSON lines or a JSON list in the
/// `flatbed detect --json` format: `{"image": "...", "corners": [[x,y],[x,y],[x,y],[x,y]] | null}`.
public struct CornersFile: Sendable {
    /// What the file says about one image.
    public enum Entry: Sendable, Equatable {
        /// Use these corners.
        case corners(Quad)
        /// There is no document in the image: keep the whole photo.
        case noDocument
        /// The entry's corners are unusable; only this image fails.
        case invalid(PipelineError)
    }

    /// Entries by the image path exactly as written in the file.
    public private(set) var entries: [String: Entry] = [:]

    /// Reads and parses a corners file.
    /// - Throws: `PipelineError.cornersFileUnreadable` or `.cornersFileInvalid`; corner geometry
    ///   is checked later, against each image's size, by `quad(for:)`'s caller.
    public init(contentsOf path: String) throws(PipelineError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .cornersFileUnreadable(path: path, reason: FileProblem.describe(error, path: path))
        }
        try self.init(data: data, path: path)
    }

    /// Parses corners from the bytes of a corners file named `path` (for messages).
    public init(data: Data, path: String) throws(PipelineError) {
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        var objects: [Any] = []
        do {
            if text.hasPrefix("[") {
                guard let list = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] else {
                    throw PipelineError.cornersFileInvalid(path: path, reason: "the list holds no objects")
                }
                objects = list
            } else {
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    if trimmed.isEmpty { continue }
                    do {
                        objects.append(try JSONSerialization.jsonObject(with: Data(trimmed.utf8)))
                    } catch {
                        throw PipelineError.cornersFileInvalid(path: path, reason: "line \(number + 1) is not JSON")
                    }
                }
            }
        } catch let error as PipelineError {
            throw error
        } catch {
            throw .cornersFileInvalid(path: path, reason: "not valid JSON")
        }
        for (index, object) in objects.enumerated() {
            guard let entry = object as? [String: Any], let image = entry["image"] as? String else {
                throw .cornersFileInvalid(path: path, reason: "entry \(index + 1) has no \"image\"")
            }
            let corners = entry["corners"]
            if corners == nil || corners is NSNull {
                entries[image] = .noDocument
                continue
            }
            entries[image] = Self.entry(image: image, corners: corners, path: path)
        }
    }

    /// The largest coordinate magnitude a corner may have, in pixels. No accepted image is near
    /// this wide (the pixel limit is far below it); beyond it a value can only be a mistake, and
    /// arithmetic on it (areas, messages in whole pixels) would overflow.
    public static let coordinateLimit: Double = 1e9

    private static func entry(image: String, corners: Any?, path: String) -> Entry {
        guard let list = corners as? [Any] else {
            return .invalid(.pageFailed(image: image, reason: "its \"corners\" in \(path) is not a list; give four [x, y] pairs or null"))
        }
        var points: [Point] = []
        for item in list {
            guard let pair = item as? [Any], pair.count == 2,
                  let x = number(pair[0]), let y = number(pair[1])
            else {
                return .invalid(.pageFailed(image: image, reason: "a corner in \(path) is not [x, y]; give four [x, y] pairs of numbers"))
            }
            points.append(Point(x, y))
        }
        for (index, point) in points.enumerated() where !(abs(point.x) <= coordinateLimit && abs(point.y) <= coordinateLimit) {
            return .invalid(.pageFailed(
                image: image,
                reason: "corner \(index + 1) in \(path) at [\(point.x), \(point.y)] is far outside any image; give pixel coordinates inside the image"))
        }
        let quad: Quad
        do {
            quad = try Quad(corners: points)
        } catch {
            return .invalid(.invalidCorners(image: image, problem: error))
        }
        for first in 0..<4 {
            for second in (first + 1)..<4 where points[first] == points[second] {
                return .invalid(.pageFailed(
                    image: image,
                    reason: "corners \(first + 1) and \(second + 1) in \(path) are the same point; give four different corners going round the page"))
            }
        }
        return .corners(quad)
    }

    /// The value of a JSON number; nil for anything else, `true` and `false` included (which
    /// Foundation hands over as numbers).
    private static func number(_ value: Any) -> Double? {
        guard let number = value as? NSNumber, type(of: number) != jsonBooleanClass else { return nil }
        return number.doubleValue
    }

    /// The class Foundation uses for JSON's `true` and `false`.
    private static let jsonBooleanClass: NSNumber.Type = type(of: NSNumber(value: true))

    /// A corners file with one entry: `coordinates` are x, y of top-left, top-right, bottom-right,
    /// bottom-left.
    public init(input: String, coordinates: [Double]) {
        precondition(coordinates.count == 8, "a quad has 8 coordinates")
        let points = stride(from: 0, to: 8, by: 2).map { Point(coordinates[$0], coordinates[$0 + 1]) }
        entries[input] = .corners(Quad(topLeft: points[0], topRight: points[1], bottomRight: points[2], bottomLeft: points[3]))
    }

    /// The entry for an input path: matched as given, then by file name when exactly one entry
    /// has that name. Returns nil when the file says nothing about the input.
    public func entry(for input: String) -> Entry? {
        if let exact = entries[input] { return exact }
        let name = (input as NSString).lastPathComponent
        let matches = entries.filter { ($0.key as NSString).lastPathComponent == name }
        return matches.count == 1 ? matches.first!.value : nil
    }
}
