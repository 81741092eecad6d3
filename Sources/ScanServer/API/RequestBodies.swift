import Foundation
import ScanCore

/// The JSON bodies the API accepts, decoded strictly: wrong types are 400s that name the key.
enum RequestBodies {
    /// `PUT …/settings`: any subset of the settings.
    struct Settings: Decodable {
        var minimumIoU: Double?
        var frameCount: Int?
        var maximumAreaChange: Double?
        var autoCapture: Bool?
    }

    /// `PATCH …/pages/{id}`: `corners` may be present and null (whole photo), so presence is tracked.
    struct PagePatch: Decodable {
        var corners: [[Double]]??
        var rotation: Int?
        var mode: String?

        private enum Keys: String, CodingKey { case corners, rotation, mode }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            if container.contains(.corners) {
                corners = .some(try container.decodeNil(forKey: .corners) ? nil : container.decode([[Double]].self, forKey: .corners))
            }
            rotation = try container.decodeIfPresent(Int.self, forKey: .rotation)
            mode = try container.decodeIfPresent(String.self, forKey: .mode)
        }
    }

    /// `PUT …/order`.
    struct Order: Decodable {
        var pages: [String]
    }

    /// Decodes a body.
    /// - Throws: `ServerError.emptyBody` or `.invalidJSON` naming the key at fault.
    static func decode<T: Decodable>(_ type: T.Type, from body: [UInt8]) throws(ServerError) -> T {
        guard !body.isEmpty else { throw .emptyBody }
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch let error as DecodingError {
            throw .invalidJSON(reason: describe(error))
        } catch {
            throw .invalidJSON(reason: "\(error)")
        }
    }

    /// Corners as the API sends them, checked to be a page inside an image of `size`.
    /// - Throws: `ServerError.invalidCorners`.
    static func quad(_ corners: [[Double]], in size: Size) throws(ServerError) -> Quad {
        do {
            guard corners.allSatisfy({ $0.count == 2 }) else { throw GeometryError.wrongCornerCount(corners.count) }
            let quad = try Quad(corners: corners.map { Point($0[0], $0[1]) })
            try quad.validate(in: size)
            return quad
        } catch let error as GeometryError {
            throw .invalidCorners(error)
        } catch {
            throw .internalFailure("\(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the body" : "'" + keys.joined(separator: ".") + "'"
        }
        switch error {
        case .typeMismatch(let type, let context): return "\(path(context)) should be \(name(type))"
        case .valueNotFound(let type, let context): return "\(path(context)) should be \(name(type)), not null"
        case .keyNotFound(let key, _): return "'\(key.stringValue)' is missing"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "\(path(context)) is malformed"
        @unknown default: return "unexpected content"
        }
    }

    private static func name(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "a whole number"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is String.Type: "a string"
        default: "an array or object as documented"
        }
    }
}
