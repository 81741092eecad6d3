/// Everything that can go wrong in document detection that a caller can cause.
public enum DetectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The image is smaller than the detector can work with.
    case imageTooSmall(width: Int, height: Int, minimum: Int)
    /// An option is outside its documented range.
    case invalidOption(name: String, value: Double)

    public var description: String {
        switch self {
        case let .imageTooSmall(width, height, minimum):
            "image of \(width)×\(height) pixels is too small for detection; pass a photo at least \(minimum) pixels on each side"
        case let .invalidOption(name, value):
            "detection option '\(name)' has invalid value \(value); use a value inside its documented range"
        }
    }
}
