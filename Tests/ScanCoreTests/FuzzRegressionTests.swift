import ScanCore
import Testing

/// Inputs the fuzzers (Fuzz/) found crashing ScanCore, kept so they never do again.
@Suite("ScanCore fuzz regressions")
struct ScanCoreFuzzRegressionTests {
    /// fuzz-corners-json: `PATCH` with corners `[[1e308,1e308],[-1e308,0],[0,0],[1,1]]` made the
    /// server trap while writing the 400's message (`Int(area.rounded())` of an infinite area).
    @Test("corners of hostile size are refused with a message, not a trap")
    func hugeCornersDescribeTheirError() throws {
        let quad = try Quad(corners: [Point(1e308, 1e308), Point(-1e308, 0), Point(0, 0), Point(1, 1)])
        let error = #expect(throws: GeometryError.self) { try quad.validate(in: Size(width: 64, height: 48)) }
        #expect(error?.description.isEmpty == false)
    }

    @Test("every message prints values an Int can't hold", arguments: [
        (GeometryError.degenerate(area: .infinity), "(inf px²)"),
        (GeometryError.degenerate(area: .nan), "(nan px²)"),
        (GeometryError.degenerate(area: 1e20), "(1e+20 px²)"),
        (GeometryError.degenerate(area: 12.4), "(12 px²)"),
        (GeometryError.cornerOutsideImage(index: 1, point: Point(1e300, -3.6), size: Size(width: 64, height: 48)),
         "corner 2 at (1e+300, -4) lies outside the 64×48 image"),
        (GeometryError.cornerOutsideImage(index: 0, point: Point(5, 5), size: Size(width: .infinity, height: 1e16)),
         "lies outside the inf×1e+16 image"),
    ])
    func messagesSurviveHugeValues(error: GeometryError, expected: String) {
        #expect(error.description.contains(expected), "\(error.description)")
    }
}
