/// Why a video-mode setting (tracker or stabiliser) was rejected.
///
/// Settings usually arrive from a user (the web app sends them per session), so they are validated
/// rather than clamped: a value outside its range is reported with the setting's name, which is also
/// its `Codable` key, and the range it must lie in.
public enum VideoOptionsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `setting` is `value`, outside `range` (NaN and infinities are always outside).
    case outOfRange(setting: String, value: Double, range: ClosedRange<Double>)

    public var description: String {
        switch self {
        case .outOfRange(let setting, let value, let range):
            "setting '\(setting)' is \(format(value)), outside \(format(range.lowerBound))…\(format(range.upperBound)); choose a value in that range"
        }
    }
}

/// Whole numbers without a trailing ".0", so frame counts read naturally.
private func format(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

extension VideoOptionsError {
    /// Throws `outOfRange` unless `range` contains `value`.
    static func check(_ setting: String, _ value: Double, in range: ClosedRange<Double>) throws(VideoOptionsError) {
        guard range.contains(value) else { throw .outOfRange(setting: setting, value: value, range: range) }
    }

    /// Throws `outOfRange` unless `range` contains `value`.
    static func check(_ setting: String, _ value: Int, in range: ClosedRange<Int>) throws(VideoOptionsError) {
        guard range.contains(value) else {
            throw .outOfRange(setting: setting, value: Double(value), range: Double(range.lowerBound)...Double(range.upperBound))
        }
    }
}
