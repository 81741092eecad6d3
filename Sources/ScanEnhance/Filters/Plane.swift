import ScanCore

/// A single-channel `Float` raster used for small intermediate maps (paper background, masks):
/// row-major, origin top-left, y down, like `Image`.
struct Plane: Sendable {
    var width: Int
    var height: Int
    var values: [Float]

    init(width: Int, height: Int, repeating value: Float = 0) {
        self.width = width
        self.height = height
        self.values = Array(repeating: value, count: width * height)
    }

    init(width: Int, height: Int, values: [Float]) {
        precondition(values.count == width * height, "plane size mismatch")
        self.width = width
        self.height = height
        self.values = values
    }

    /// The channels of an RGB image as three planes, values 0…255.
    static func channels(of image: Image<RGB8>) -> [Plane] {
        var planes = (0..<3).map { _ in Plane(width: image.width, height: image.height) }
        image.withUnsafeBytes { bytes in
            for c in 0..<3 {
                planes[c].values.withUnsafeMutableBufferPointer { out in
                    for i in 0..<out.count { out[i] = Float(bytes[i * 3 + c]) }
                }
            }
        }
        return planes
    }

    /// Value at (x, y) clamped to the plane's border.
    func clamped(_ x: Int, _ y: Int) -> Float {
        values[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)]
    }

    /// Bilinear sample at continuous coordinates (pixel centres at integer + 0.5).
    func sample(x: Double, y: Double) -> Float {
        let fx = x - 0.5, fy = y - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let ax = Float(fx - Double(x0)), ay = Float(fy - Double(y0))
        let top = clamped(x0, y0) * (1 - ax) + clamped(x0 + 1, y0) * ax
        let bottom = clamped(x0, y0 + 1) * (1 - ax) + clamped(x0 + 1, y0 + 1) * ax
        return top * (1 - ay) + bottom * ay
    }
}
