import Testing
import ScanCore
import ScanTestSupport
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

@Suite("Quad")
struct QuadTests {
    /// The corners of a `width × height` rectangle centred on `centre`, turned clockwise on screen
    /// by `degrees`, in clockwise order starting anywhere.
    private func rotatedRectangle(centre: Point, width: Double, height: Double, degrees: Double) -> [Point] {
        let angle = degrees * .pi / 180, c = cos(angle), s = sin(angle)
        return [Point(-width / 2, -height / 2), Point(width / 2, -height / 2), Point(width / 2, height / 2), Point(-width / 2, height / 2)]
            .map { Point(centre.x + $0.x * c - $0.y * s, centre.y + $0.x * s + $0.y * c) }
    }

    private static func permutations(_ items: [Point]) -> [[Point]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { i -> [[Point]] in
            var rest = items
            let first = rest.remove(at: i)
            return permutations(rest).map { [first] + $0 }
        }
    }

    @Test("ordered() puts every permutation of a rotated rectangle into contract order", arguments: Array(stride(from: 0.0, to: 360.0, by: 7.5)))
    func orderedFromEveryPermutation(degrees: Double) throws {
        let corners = rotatedRectangle(centre: Point(1500, 1100), width: 1200, height: 800, degrees: degrees)
        let permutations = Self.permutations(corners)
        #expect(permutations.count == 24)
        var results: Set<Quad> = []
        for permutation in permutations {
            let quad = try Quad(corners: permutation).ordered()
            results.insert(quad)
            // Same four points.
            #expect(Set(quad.corners) == Set(corners))
            // Top-left has the smallest x + y (ties allowed at multiples of 45°).
            let sums = quad.corners.map { $0.x + $0.y }
            #expect(sums[0] <= sums.min()! + 1e-9)
            // Clockwise on screen: every turn is positive with y down.
            for i in 0..<4 {
                let a = quad[i], b = quad[(i + 1) % 4], c = quad[(i + 2) % 4]
                #expect((b - a).cross(c - b) > 0)
            }
            #expect(Polygon.signedArea(quad.corners) > 0)
            try quad.validate(in: Size(width: 3000, height: 2200))
        }
        // Every permutation gives the same answer.
        #expect(results.count == 1)
    }

    @Test("ordered() names the corners of an upright rectangle by position")
    func orderedUpright() throws {
        let expected = Quad(rectangleAt: Point(10, 20), size: Size(width: 300, height: 200))
        let scrambled = try Quad(corners: [expected.bottomRight, expected.topLeft, expected.bottomLeft, expected.topRight])
        #expect(scrambled.ordered() == expected)
        #expect(expected.ordered() == expected)
    }

    @Test("ordered() untangles a bow-tie and a counter-clockwise quad", arguments: [
        [Point(0, 0), Point(100, 0), Point(0, 100), Point(100, 100)],
        [Point(0, 0), Point(0, 100), Point(100, 100), Point(100, 0)],
        [Point(100, 100), Point(0, 0), Point(100, 0), Point(0, 100)],
    ])
    func orderedUntangles(corners: [Point]) throws {
        let quad = try Quad(corners: corners)
        #expect(quad.ordered() == Quad(rectangleAt: .zero, size: Size(width: 100, height: 100)))
    }

    @Test("ordered() keeps a random convex quad in contract order")
    func orderedRandomConvex() throws {
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<200 {
            let quad = randomConvexQuad(in: Size(width: 4000, height: 3000), using: &generator)
            var corners = quad.corners
            corners.shuffle(using: &generator)
            let ordered = try Quad(corners: corners).ordered()
            #expect(ordered == quad)
            #expect(ordered.corners.map { $0.x + $0.y }.min() == ordered.topLeft.x + ordered.topLeft.y)
        }
    }

    @Test("init(corners:) takes four corners in order and throws wrongCornerCount otherwise", arguments: [0, 1, 3, 5, 8])
    func wrongCornerCount(count: Int) {
        let points = (0..<count).map { Point(Double($0), Double($0 * $0)) }
        #expect(throws: GeometryError.wrongCornerCount(count)) { try Quad(corners: points) }
    }

    @Test("init(corners:) keeps the given order")
    func cornersInOrder() throws {
        let points = [Point(1, 2), Point(3, 4), Point(5, 6), Point(7, 8)]
        let quad = try Quad(corners: points)
        #expect(quad.corners == points)
        #expect(quad.topLeft == points[0] && quad.topRight == points[1] && quad.bottomRight == points[2] && quad.bottomLeft == points[3])
        #expect((0..<4).map { quad[$0] } == points)
        var copy = quad
        copy[2] = Point(-1, -1)
        #expect(copy.bottomRight == Point(-1, -1))
        #expect(quad.bottomRight == Point(5, 6))
    }

    // MARK: - Measures

    @Test("measures a rectangle")
    func measures() {
        let quad = Quad(rectangleAt: Point(10, 20), size: Size(width: 30, height: 40))
        #expect(quad.area == 1200)
        #expect(quad.sideLengths == [30, 40, 30, 40])
        #expect(quad.perimeter == 140)
        #expect(quad.centroid == Point(25, 40))
        #expect(quad.isConvex)
        #expect(!quad.hasCrossingSides)
        #expect(quad.isInside(Size(width: 40, height: 60)))
        #expect(!quad.isInside(Size(width: 39, height: 60)))
    }

    @Test("transforms keep the corner order")
    func transforms() {
        let quad = Quad(rectangleAt: Point(10, 20), size: Size(width: 30, height: 40))
        #expect(quad.scaled(by: 2) == Quad(rectangleAt: Point(20, 40), size: Size(width: 60, height: 80)))
        #expect(quad.scaled(x: 2, y: 0.5) == Quad(rectangleAt: Point(20, 10), size: Size(width: 60, height: 20)))
        #expect(quad.translated(by: Point(-10, 5)) == Quad(rectangleAt: Point(0, 25), size: Size(width: 30, height: 40)))
        #expect(quad.mapped { Point($0.y, $0.x) }.topRight == Point(20, 40))
    }

    @Test("intersectionOverUnion matches Polygon and is 1 for itself")
    func quadIntersectionOverUnion() {
        let a = Quad(rectangleAt: .zero, size: Size(width: 100, height: 100))
        let b = Quad(rectangleAt: Point(50, 0), size: Size(width: 100, height: 100))
        #expect(a.intersectionOverUnion(a) == 1)
        #expect(isClose(a.intersectionOverUnion(b), 1.0 / 3, tolerance: 1e-12))
        #expect(a.intersectionOverUnion(b) == Polygon.intersectionOverUnion(a.corners, b.corners))
    }

    // MARK: - Validation

    private static let image = Size(width: 1000, height: 800)

    @Test("validate accepts real pages")
    func validAccepted() throws {
        try Quad(rectangleAt: .zero, size: Self.image).validate(in: Self.image)
        try Quad(topLeft: Point(100, 80), topRight: Point(900, 120), bottomRight: Point(850, 700), bottomLeft: Point(60, 760)).validate(in: Self.image)
        try Quad(rectangleAt: Point(-5000, -5000), size: Size(width: 10, height: 10)).validate(in: nil)
        #expect(Quad(rectangleAt: Point(1, 1), size: Size(width: 100, height: 100)).isValid(in: Self.image))
    }

    static let invalidCases: [(String, Quad, GeometryError)] = [
        ("bow-tie, left and right cross",
         Quad(topLeft: Point(100, 100), topRight: Point(500, 100), bottomRight: Point(100, 500), bottomLeft: Point(500, 500)), .crossingSides),
        ("bow-tie, top and bottom cross",
         Quad(topLeft: Point(100, 100), topRight: Point(100, 500), bottomRight: Point(500, 100), bottomLeft: Point(500, 500)), .crossingSides),
        ("counter-clockwise",
         Quad(topLeft: Point(100, 100), topRight: Point(100, 500), bottomRight: Point(500, 500), bottomLeft: Point(500, 100)), .crossingSides),
        ("dart, bottom-right pointing in",
         Quad(topLeft: Point(100, 100), topRight: Point(600, 100), bottomRight: Point(300, 250), bottomLeft: Point(100, 600)), .notConvex),
        ("dart, top-left pointing in",
         Quad(topLeft: Point(450, 450), topRight: Point(700, 100), bottomRight: Point(700, 700), bottomLeft: Point(100, 700)), .notConvex),
        ("all corners collinear",
         Quad(topLeft: Point(0, 0), topRight: Point(100, 100), bottomRight: Point(200, 200), bottomLeft: Point(300, 300)), .degenerate(area: 0)),
        ("all corners coincide",
         Quad(topLeft: Point(7, 7), topRight: Point(7, 7), bottomRight: Point(7, 7), bottomLeft: Point(7, 7)), .degenerate(area: 0)),
        ("too small", Quad(rectangleAt: Point(10, 10), size: Size(width: 3, height: 3)), .degenerate(area: 9)),
        ("two corners coincide",
         Quad(topLeft: Point(100, 100), topRight: Point(100, 100), bottomRight: Point(600, 600), bottomLeft: Point(100, 600)), .degenerate(area: 125_000)),
        ("three corners collinear",
         Quad(topLeft: Point(100, 100), topRight: Point(350, 100), bottomRight: Point(600, 100), bottomLeft: Point(100, 600)), .degenerate(area: 125_000)),
        ("corner NaN", Quad(topLeft: Point(0, 0), topRight: Point(10, 0), bottomRight: Point(10, .nan), bottomLeft: Point(0, 10)), .nonFiniteCorner(index: 2)),
        ("corner infinite", Quad(topLeft: Point(-.infinity, 0), topRight: Point(10, 0), bottomRight: Point(10, 10), bottomLeft: Point(0, 10)), .nonFiniteCorner(index: 0)),
        ("corner beyond the right edge",
         Quad(topLeft: Point(100, 100), topRight: Point(1001, 100), bottomRight: Point(900, 700), bottomLeft: Point(100, 700)),
         .cornerOutsideImage(index: 1, point: Point(1001, 100), size: image)),
        ("corner above the top",
         Quad(topLeft: Point(100, -0.5), topRight: Point(900, 100), bottomRight: Point(900, 700), bottomLeft: Point(100, 700)),
         .cornerOutsideImage(index: 0, point: Point(100, -0.5), size: image)),
        ("corner below the bottom",
         Quad(topLeft: Point(100, 100), topRight: Point(900, 100), bottomRight: Point(900, 700), bottomLeft: Point(100, 850)),
         .cornerOutsideImage(index: 3, point: Point(100, 850), size: image)),
    ]

    @Test("validate throws the right error", arguments: invalidCases)
    func invalidRejected(name: String, quad: Quad, error: GeometryError) {
        #expect(throws: error, "\(name)") { try quad.validate(in: Self.image) }
        #expect(!quad.isValid(in: Self.image))
    }

    @Test("validate allows corners outside the frame within the tolerance")
    func toleranceOutside() throws {
        // 5 % of the longer side (1000) is 50 px.
        let quad = Quad(topLeft: Point(-40, -10), topRight: Point(1049, 20), bottomRight: Point(1000, 849), bottomLeft: Point(0, 800))
        #expect(throws: GeometryError.cornerOutsideImage(index: 0, point: Point(-40, -10), size: Self.image)) {
            try quad.validate(in: Self.image)
        }
        try quad.validate(in: Self.image, tolerance: 0.05)
        #expect(quad.isValid(in: Self.image, tolerance: 0.05))
        let further = Quad(topLeft: Point(-40, -10), topRight: Point(1051, 20), bottomRight: Point(1000, 849), bottomLeft: Point(0, 800))
        #expect(throws: GeometryError.cornerOutsideImage(index: 1, point: Point(1051, 20), size: Self.image)) {
            try further.validate(in: Self.image, tolerance: 0.05)
        }
        // Corners exactly on the frame's edges are inside.
        try Quad(rectangleAt: .zero, size: Self.image).validate(in: Self.image, tolerance: 0)
    }

    @Test("validate honours minimumArea")
    func minimumArea() throws {
        let quad = Quad(rectangleAt: Point(10, 10), size: Size(width: 10, height: 10))
        try quad.validate(in: Self.image, minimumArea: 100)
        #expect(throws: GeometryError.degenerate(area: 100)) { try quad.validate(in: Self.image, minimumArea: 101) }
    }

    @Test("errors describe themselves in one lowercase line", arguments: invalidCases.map(\.2) + [GeometryError.wrongCornerCount(3)])
    func descriptions(error: GeometryError) {
        let text = error.description
        #expect(!text.isEmpty && !text.contains("\n"))
        #expect(text.first?.isLowercase == true, "\(text)")
        #expect(text.contains(";"), "names the fix after a semicolon: \(text)")
    }
}
