import ScanCore
import Testing
import ScanEnhance

@Suite("Rectifying a checkerboard photographed in perspective")
struct CheckerboardRectificationTests {
    static let board = CheckerboardPhoto(
        columns: 6, rows: 8, square: 30, camera: PinholeCamera(imageWidth: 640, imageHeight: 480, focalLength: 600),
        pose: Pose(25, -20, 8), distance: 480)

    /// A sub-pixel edge position: the centroid of the absolute differences between neighbours
    /// in `values[range]`, in pixel-corner coordinates (the edge between pixels i and i + 1 is at
    /// i + 1).
    static func edge(in values: [Double], around expected: Double, radius: Int) -> Double {
        let centre = Int(expected.rounded())
        var weight = 0.0, moment = 0.0
        for i in max(0, centre - radius - 1)..<min(values.count - 1, centre + radius) {
            let g = abs(values[i + 1] - values[i])
            weight += g
            moment += g * Double(i + 1)
        }
        return moment / weight
    }

    /// Fits x = a + b·t by least squares and returns the largest residual.
    static func straightnessError(_ points: [(t: Double, x: Double)]) -> Double {
        let n = Double(points.count)
        let mt = points.map(\.t).reduce(0, +) / n, mx = points.map(\.x).reduce(0, +) / n
        let stt = points.map { ($0.t - mt) * ($0.t - mt) }.reduce(0, +)
        let stx = points.map { ($0.t - mt) * ($0.x - mx) }.reduce(0, +)
        let b = stx / stt, a = mx - b * mt
        return points.map { abs($0.x - (a + b * $0.t)) }.max() ?? .infinity
    }

    /// dpi 60 enlarges the page everywhere (bilinear); dpi 22 shrinks it about twofold
    /// (supersampled).
    @Test("square edges come out straight and where the page geometry puts them", arguments: [60.0, 22.0])
    func edgesAreStraight(dpi: Double) throws {
        let board = Self.board
        #expect(board.quad.isInside(board.image.size))
        let rectifier = Rectifier(options: .init(dpi: dpi, pageSize: .paper(board.paper)))
        let page = try rectifier.rectify(board.image, quad: board.quad)
        let (width, height) = (page.image.width, page.image.height)
        let cellWidth = Double(width) / Double(board.columns), cellHeight = Double(height) / Double(board.rows)
        let pixels = page.image.pixels.map { Double($0.value) }
        let radius = Int(min(cellWidth, cellHeight) / 3)

        var worstPosition: Double = 0, worstStraightness: Double = 0
        var measured = 0
        // Vertical edges, measured along rows away from the horizontal edges.
        for k in 1..<board.columns {
            let expected = Double(k) * cellWidth
            var points: [(t: Double, x: Double)] = []
            for y in 0..<height {
                let inCell = (Double(y) + 0.5).truncatingRemainder(dividingBy: cellHeight) / cellHeight
                guard inCell > 0.25, inCell < 0.75 else { continue }
                let row = Array(pixels[y * width..<(y + 1) * width])
                let x = Self.edge(in: row, around: expected, radius: radius)
                points.append((Double(y), x))
                worstPosition = max(worstPosition, abs(x - expected))
            }
            worstStraightness = max(worstStraightness, Self.straightnessError(points))
            measured += points.count
        }
        // Horizontal edges, measured along columns.
        for k in 1..<board.rows {
            let expected = Double(k) * cellHeight
            var points: [(t: Double, x: Double)] = []
            for x in 0..<width {
                let inCell = (Double(x) + 0.5).truncatingRemainder(dividingBy: cellWidth) / cellWidth
                guard inCell > 0.25, inCell < 0.75 else { continue }
                let column = (0..<height).map { pixels[$0 * width + x] }
                let y = Self.edge(in: column, around: expected, radius: radius)
                points.append((Double(x), y))
                worstPosition = max(worstPosition, abs(y - expected))
            }
            worstStraightness = max(worstStraightness, Self.straightnessError(points))
            measured += points.count
        }
        #expect(measured > 200)
        #expect(worstPosition < 0.5, "largest edge offset \(worstPosition) px at \(dpi) dpi")
        #expect(worstStraightness < 0.5, "largest deviation from a straight line \(worstStraightness) px at \(dpi) dpi")
    }

    @Test("the rectified squares keep their tones")
    func tones() throws {
        let board = Self.board
        let page = try Rectifier(options: .init(dpi: 40, pageSize: .paper(board.paper))).rectify(board.image, quad: board.quad)
        let cellWidth = page.image.width / board.columns, cellHeight = page.image.height / board.rows
        for j in 0..<board.rows {
            for i in 0..<board.columns {
                let centre: UInt8 = page.image[i * cellWidth + cellWidth / 2, j * cellHeight + cellHeight / 2].value
                let expected: UInt8 = (i + j) % 2 == 0 ? board.light : board.dark
                #expect(centre == expected)
            }
        }
    }
}
