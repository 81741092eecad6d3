import ScanCore
import ScanPipeline

/// A JSON document to send, with object keys kept in the order written so answers read the same
/// every time.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// A finite number, written with up to `digits` decimals (non-finite numbers become `null`).
    case number(Double, digits: Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The compact JSON text.
    public func serialized() -> String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .number(let value, let digits): out += JSONText.number(value, digits: digits)
        case .string(let value): out += JSONText.string(value)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                out += JSONText.string(key)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        }
    }

    /// `[[x,y]*4]` in contract order, or `null`.
    public static func corners(_ quad: Quad?) -> JSONValue {
        guard let quad else { return .null }
        return .array(quad.corners.map { .array([.number($0.x, digits: 2), .number($0.y, digits: 2)]) })
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }
}
