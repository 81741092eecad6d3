import ScanCore
import ScanEnhance

/// A checkerboard page photographed in perspective, rendered analytically: every pixel is the
/// exact average of the scene over its area, approximated by 16 × 16 samples where an edge
/// crosses it.
struct CheckerboardPhoto {
    /// Squares across and down.
    let columns: Int, rows: Int
    /// Square side in millimetres.
    let square: Double
    let dark: UInt8 = 20, light: UInt8 = 230, desk: UInt8 = 128
    let image: Image<Gray8>
    let quad: Quad

    var paper: PaperSize { PaperSize(name: "board", width: Double(columns) * square, height: Double(rows) * square) }

    init(columns: Int, rows: Int, square: Double, camera: PinholeCamera, pose: Pose, distance: Double) {
        self.columns = columns
        self.rows = rows
        self.square = square
        let width = Double(columns) * square, height = Double(rows) * square
        let view = camera.view(width: width, height: height, pose: pose, distance: distance)
        quad = view.quad
        let m = view.pageToImage.inverted()!.matrix
        let (dark, light, desk) = (Double(dark), Double(light), Double(desk))
        /// The scene's brightness at image point (x, y).
        func scene(_ x: Double, _ y: Double) -> (value: Double, cell: Int) {
            let w = m[6] * x + m[7] * y + m[8]
            let u = (m[0] * x + m[1] * y + m[2]) / w, v = (m[3] * x + m[4] * y + m[5]) / w
            guard u >= 0, v >= 0, u < width, v < height else { return (desk, -1) }
            let i = Int(u / square), j = Int(v / square)
            return ((i + j) % 2 == 0 ? light : dark, j * columns + i)
        }
        let photoWidth = Int(camera.imageWidth), photoHeight = Int(camera.imageHeight)
        image = Image<Gray8>(width: photoWidth, height: photoHeight) { (pixels: inout UnsafeMutableBufferPointer<Gray8>) in
            for y in 0..<photoHeight {
                for x in 0..<photoWidth {
                    let (fx, fy) = (Double(x), Double(y))
                    // Cells and the page are convex in the image, so a pixel whose four corners
                    // share a cell lies wholly inside it.
                    let corners = [scene(fx, fy), scene(fx + 1, fy), scene(fx, fy + 1), scene(fx + 1, fy + 1)]
                    var value = corners[0].value
                    if corners.contains(where: { $0.cell != corners[0].cell }) {
                        let n = 16
                        var sum = 0.0
                        for j in 0..<n {
                            for i in 0..<n {
                                sum += scene(fx + (Double(i) + 0.5) / Double(n), fy + (Double(j) + 0.5) / Double(n)).value
                            }
                        }
                        value = sum / Double(n * n)
                    }
                    pixels[y * photoWidth + x] = Gray8(UInt8(value.rounded()))
                }
            }
        }
    }
}
