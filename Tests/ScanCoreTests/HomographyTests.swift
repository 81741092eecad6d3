import Testing
import ScanCore
import ScanTestSupport

@Suite("Homography")
struct HomographyTests {
    /// Largest distance between `h.apply(source[i])` and `destination[i]`.
    private func mappingError(_ h: Homography, _ source: Quad, _ destination: Quad) -> Double {
        zip(source.corners, destination.corners).map { h.apply($0).distance(to: $1) }.max() ?? .infinity
    }

    @Test("maps each source corner onto its destination and back, for random quads", arguments: [
        Size(width: 1, height: 1), Size(width: 500, height: 375), Size(width: 4000, height: 3000), Size(width: 3000, height: 4000),
    ])
    func roundTripsRandomQuads(bounds: Size) throws {
        var generator = SeededGenerator(seed: 0x484F_4D4F + UInt64(bounds.width))
        let tolerance = 1e-6 * max(1, bounds.width / 4000)
        for _ in 0..<200 {
            let source = randomConvexQuad(in: bounds, using: &generator)
            let destination = randomConvexQuad(in: bounds, using: &generator)
            let h = try #require(Homography(mapping: source, to: destination))
            #expect(mappingError(h, source, destination) < tolerance, "\(source) → \(destination)")
            #expect(isClose(h.matrix[8], 1, tolerance: 1e-15))
            let inverse = try #require(h.inverted())
            #expect(mappingError(inverse, destination, source) < tolerance)
            // Points inside the quad also go there and back.
            let inside = source.centroid
            #expect(isClose(inverse.apply(h.apply(inside)), inside, tolerance: tolerance))
        }
    }

    @Test("maps a page photo at pixel scale onto an output rectangle within 1e-6 px")
    func pixelScaleRectification() throws {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<100 {
            let photo = randomConvexQuad(in: Size(width: 4000, height: 4000), using: &generator)
            let page = Quad(rectangleAt: .zero, size: Size(width: 2480, height: 3508))
            let h = try #require(Homography(mapping: page, to: photo))
            #expect(mappingError(h, page, photo) < 1e-6)
            let back = try #require(h.inverted())
            #expect(mappingError(back, photo, page) < 1e-6)
        }
    }

    @Test("is the identity between a quad and itself")
    func identityForSameQuad() throws {
        let quad = Quad(topLeft: Point(10, 20), topRight: Point(3900, 80), bottomRight: Point(3700, 2900), bottomLeft: Point(150, 2700))
        let h = try #require(Homography(mapping: quad, to: quad))
        #expect(isClose(h, .identity, tolerance: 1e-9))
    }

    @Test("recovers a known affine transform exactly")
    func recoversAffine() throws {
        let known = Homography(matrix: [2, 0.5, 10, -0.25, 1.5, 20, 0, 0, 1])
        let source = Quad(rectangleAt: Point(3, 4), size: Size(width: 100, height: 50))
        let h = try #require(Homography(mapping: source, to: source.mapped(known.apply)))
        #expect(isClose(h, known, tolerance: 1e-9))
    }

    @Test("recovers a known perspective transform")
    func recoversPerspective() throws {
        let known = Homography(matrix: [0.9, 0.1, 120, -0.05, 1.1, 80, 1e-4, -5e-5, 1])
        let source = Quad(rectangleAt: Point(100, 200), size: Size(width: 2000, height: 1500))
        let h = try #require(Homography(mapping: source, to: source.mapped(known.apply)))
        #expect(isClose(h, known, tolerance: 1e-9))
    }

    @Test("composes: (a * b) applies b first, then a")
    func composition() throws {
        var generator = SeededGenerator(seed: 7)
        let bounds = Size(width: 4000, height: 3000)
        for _ in 0..<50 {
            let q1 = randomConvexQuad(in: bounds, using: &generator)
            let q2 = randomConvexQuad(in: bounds, using: &generator)
            let q3 = randomConvexQuad(in: bounds, using: &generator)
            let a = try #require(Homography(mapping: q1, to: q2))
            let b = try #require(Homography(mapping: q2, to: q3))
            let direct = try #require(Homography(mapping: q1, to: q3))
            let composed = b * a
            #expect(mappingError(composed, q1, q3) < 1e-6)
            #expect(isClose(composed, direct, tolerance: 1e-9))
            let p = Point(Double.random(in: 0...4000, using: &generator), Double.random(in: 0...3000, using: &generator))
            let viaSteps = b.apply(a.apply(p)), viaProduct = composed.apply(p)
            if viaSteps.isFinite && viaSteps.length < 1e6 {
                #expect(isClose(viaSteps, viaProduct, tolerance: 1e-6 * max(1, viaSteps.length / 4000)))
            }
            let roundTrip = try #require(a.inverted()) * a
            #expect(isClose(roundTrip, .identity, tolerance: 1e-9))
        }
    }

    @Test("identity is neutral for composition and inversion")
    func identityAlgebra() throws {
        let h = Homography(matrix: [1.2, 0.1, -30, 0.05, 0.8, 12, 2e-5, 1e-5, 1])
        #expect(Homography.identity * h == h)
        #expect(h * Homography.identity == h)
        #expect(try #require(Homography.identity.inverted()) == .identity)
        #expect(Homography.identity.apply(Point(12.5, -3)) == Point(12.5, -3))
    }

    @Test("scaling the matrix does not change the transform")
    func scaleInvariance() {
        let h = Homography(matrix: [1.2, 0.1, -30, 0.05, 0.8, 12, 2e-5, 1e-5, 1])
        let p = Point(321, 654)
        #expect(isClose(h.scaled(-3.5).apply(p), h.apply(p), tolerance: 1e-9))
    }

    @Test("inverting a singular matrix gives nil")
    func singularInverse() {
        #expect(Homography(matrix: [1, 2, 3, 2, 4, 6, 0, 0, 1]).inverted() == nil)
        #expect(Homography(matrix: [Double](repeating: 0, count: 9)).inverted() == nil)
        #expect(Homography(matrix: [1, 0, 0, 0, 1, 0, 0, 0, .nan]).inverted() == nil)
    }

    static let square = [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)]
    static let degenerateSets: [(String, [Point])] = [
        ("three collinear (0, 1, 2)", [Point(0, 0), Point(50, 0), Point(100, 0), Point(0, 100)]),
        ("three collinear (1, 2, 3)", [Point(0, 0), Point(100, 0), Point(100, 50), Point(100, 100)]),
        ("three collinear (0, 1, 3)", [Point(0, 0), Point(100, 0), Point(100, 100), Point(200, 0)]),
        ("three collinear at pixel scale", [Point(10, 10), Point(2010, 1010), Point(4010, 2010), Point(300, 3500)]),
        ("two coincident", [Point(0, 0), Point(0, 0), Point(100, 100), Point(0, 100)]),
        ("all coincident", [Point(5, 5), Point(5, 5), Point(5, 5), Point(5, 5)]),
        ("all collinear", [Point(0, 0), Point(1, 1), Point(2, 2), Point(3, 3)]),
        ("non-finite", [Point(0, 0), Point(.nan, 0), Point(100, 100), Point(0, 100)]),
        ("infinite", [Point(0, 0), Point(.infinity, 0), Point(100, 100), Point(0, 100)]),
    ]

    @Test("is nil when the source points are degenerate", arguments: degenerateSets)
    func degenerateSource(name: String, points: [Point]) {
        #expect(Homography(from: points, to: Self.square) == nil, "\(name)")
    }

    @Test("is nil when the destination points are degenerate", arguments: degenerateSets)
    func degenerateDestination(name: String, points: [Point]) {
        #expect(Homography(from: Self.square, to: points) == nil, "\(name)")
    }

    @Test("is nil when both point sets are degenerate", arguments: degenerateSets)
    func degenerateBoth(name: String, points: [Point]) {
        #expect(Homography(from: points, to: points) == nil, "\(name)")
    }

    @Test("a point on the vanishing line maps to a non-finite point")
    func vanishingLine() {
        let h = Homography(matrix: [1, 0, 0, 0, 1, 0, 0.01, 0, 1])
        #expect(!h.apply(Point(-100, 5)).isFinite)
        #expect(h.apply(Point(100, 50)) == Point(50, 25))
    }
}

@Suite("Homography and Quad.validate agree")
struct HomographyValidationTests {
    @Test("every quad that validates has a homography from a rectangle, and degenerate ones have none")
    func validQuadsHaveHomographies() throws {
        var generator = SeededGenerator(seed: 77)
        let page = Quad(rectangleAt: .zero, size: Size(width: 2100, height: 2970))
        var validCount = 0
        for _ in 0..<500 {
            // Loose random corners: some valid, some crossing, non-convex or flat.
            let corners = (0..<4).map { _ in Point(Double.random(in: 0...1000, using: &generator), Double.random(in: 0...1000, using: &generator)) }
            let quad = try Quad(corners: corners)
            if quad.isValid(in: Size(width: 1000, height: 1000)) {
                validCount += 1
                let h = try #require(Homography(mapping: page, to: quad))
                #expect(zip(page.corners, quad.corners).allSatisfy { isClose(h.apply($0), $1, tolerance: 1e-6) })
            }
        }
        #expect(validCount > 50)
        // A quad squashed onto a triangle is rejected by both.
        let triangle = Quad(topLeft: Point(100, 100), topRight: Point(300, 100), bottomRight: Point(500, 100), bottomLeft: Point(100, 500))
        #expect(!triangle.isValid(in: nil))
        #expect(Homography(mapping: page, to: triangle) == nil)
    }
}
