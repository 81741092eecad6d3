import Foundation
import ScanCore

/// Small, dependable JSON fragments for the line-oriented outputs, with keys in a fixed order.
public enum JSONText {
    /// A JSON string literal.
    public static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A number rounded to `digits` decimals, without trailing zeros; `null` when not finite.
    public static func number(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "null" }
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `[[x,y],[x,y],[x,y],[x,y]]` in contract order, or `null`.
    public static func corners(_ quad: Quad?) -> String {
        guard let quad else { return "null" }
        return "[" + quad.corners.map { "[\(number($0.x, digits: 2)),\(number($0.y, digits: 2))]" }.joined(separator: ",") + "]"
    }
}
