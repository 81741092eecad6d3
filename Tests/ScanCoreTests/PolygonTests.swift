import Testing
import ScanCore
import ScanTestSupport

@Suite("Polygon")
struct PolygonTests {
    private static let unitSquare = [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]

    @Test("signed area is positive clockwise on screen and negative the other way")
    func signedArea() {
        #expect(Polygon.signedArea(Self.unitSquare) == 1)
        #expect(Polygon.signedArea(Self.unitSquare.reversed()) == -1)
        #expect(Polygon.area(Self.unitSquare.reversed()) == 1)
    }

    @Test("clipping to a half-plane keeps the part the normal points to, the line included")
    func halfPlaneClip() {
        let right = Polygon.clip(Self.unitSquare, toward: Point(1, 0), from: Point(0.25, 0))
        #expect(abs(Polygon.area(right) - 0.75) < 1e-12)
        #expect(right.allSatisfy { $0.x >= 0.25 })
        #expect(Polygon.signedArea(right) > 0, "the subject's orientation is kept")
        #expect(Polygon.clip(Self.unitSquare, toward: Point(1, 0), from: Point(0, 0)) == Self.unitSquare, "a vertex on the line stays")
        #expect(Polygon.clip(Self.unitSquare, toward: Point(-1, 0), from: Point(-1, 0)).isEmpty)
    }

    @Test("areas of known shapes", arguments: [
        ([Point(0, 0), Point(4, 0), Point(0, 3)], 6.0),
        ([Point(0, 0), Point(10, 0), Point(10, 5), Point(0, 5)], 50.0),
        ([Point(0, 0), Point(4, 0), Point(3, 2), Point(1, 2)], 6.0),  // trapezoid
        ([Point(0, 0), Point(2, 0), Point(2, 2), Point(1, 1), Point(0, 2)], 3.0),  // non-convex
        ([Point(1, 0), Point(2, 1), Point(1, 2), Point(0, 1)], 2.0),  // diamond
        ([Point(0, 0), Point(1, 1)], 0.0),
        ([], 0.0),
    ])
    func areas(vertices: [Point], expected: Double) {
        #expect(Polygon.area(vertices) == expected)
    }

    @Test("area is the same whichever vertex starts and however the shape is moved")
    func areaInvariance() {
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<50 {
            let quad = randomConvexQuad(in: Size(width: 1000, height: 1000), using: &generator)
            let area = Polygon.area(quad.corners)
            let rotated = Array(quad.corners[1...] + quad.corners[..<1])
            #expect(isClose(Polygon.area(rotated), area, tolerance: 1e-9 * area))
            #expect(isClose(Polygon.area(quad.translated(by: Point(1234, -567)).corners), area, tolerance: 1e-9 * area))
            #expect(isClose(Polygon.area(quad.scaled(by: 3).corners), 9 * area, tolerance: 1e-9 * area))
        }
    }

    @Test("convexity")
    func convexity() {
        #expect(Polygon.isConvex(Self.unitSquare))
        #expect(Polygon.isConvex(Self.unitSquare.reversed()))
        #expect(Polygon.isConvex([Point(0, 0), Point(1, 0), Point(2, 0), Point(2, 2), Point(0, 2)]))  // collinear vertex allowed
        #expect(!Polygon.isConvex([Point(0, 0), Point(2, 0), Point(1, 0.5), Point(2, 2), Point(0, 2)]))
        #expect(!Polygon.isConvex([Point(0, 0), Point(1, 1)]))
        #expect(!Polygon.isConvex([Point(0, 0), Point(1, 1), Point(2, 2)]))  // no turn at all
    }

    @Test("intersection of overlapping squares is their common rectangle")
    func intersectionRectangle() {
        let a = [Point(0, 0), Point(4, 0), Point(4, 4), Point(0, 4)]
        let b = [Point(2, 1), Point(6, 1), Point(6, 3), Point(2, 3)]
        let overlap = Polygon.intersection(a, convexClip: b)
        #expect(Polygon.area(overlap) == 4)
        #expect(Set(overlap) == Set([Point(2, 1), Point(4, 1), Point(4, 3), Point(2, 3)]))
        // Either orientation of the clip works.
        #expect(Polygon.area(Polygon.intersection(a, convexClip: b.reversed())) == 4)
    }

    @Test("intersection with a disjoint polygon is empty")
    func intersectionDisjoint() {
        let a = Self.unitSquare
        let b = Self.unitSquare.map { $0 + Point(5, 0) }
        #expect(Polygon.intersection(a, convexClip: b).isEmpty)
        #expect(Polygon.intersection(a, convexClip: []).isEmpty)
    }

    @Test("IoU of identical polygons is 1")
    func identical() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<50 {
            let quad = randomConvexQuad(in: Size(width: 4000, height: 3000), using: &generator)
            #expect(isClose(Polygon.intersectionOverUnion(quad.corners, quad.corners), 1, tolerance: 1e-12))
            #expect(isClose(quad.intersectionOverUnion(quad), 1, tolerance: 1e-12))
        }
    }

    @Test("IoU of disjoint or touching polygons is 0", arguments: [Point(2, 0), Point(0, 1), Point(1, 1), Point(-3, -3)])
    func disjoint(offset: Point) {
        #expect(Polygon.intersectionOverUnion(Self.unitSquare, Self.unitSquare.map { $0 + offset }) == 0)
    }

    @Test("IoU of squares overlapping by half is 1/3", arguments: [Point(0.5, 0), Point(-0.5, 0), Point(0, 0.5), Point(0, -0.5)])
    func halfOverlap(offset: Point) {
        let b = Self.unitSquare.map { ($0 + offset) * 100 }
        let a = Self.unitSquare.map { $0 * 100 }
        #expect(isClose(Polygon.intersectionOverUnion(a, b), 1.0 / 3, tolerance: 1e-12))
    }

    @Test("IoU of known configurations")
    func knownConfigurations() {
        // A square inside one four times larger: 1/4.
        let big = Self.unitSquare.map { $0 * 2 }
        #expect(Polygon.intersectionOverUnion(big, Self.unitSquare) == 0.25)
        #expect(Polygon.intersectionOverUnion(Self.unitSquare, big) == 0.25)
        // A square and its 45° diamond inscribed: diamond area 1/2 of the square.
        let diamond = [Point(0.5, 0), Point(1, 0.5), Point(0.5, 1), Point(0, 0.5)]
        #expect(isClose(Polygon.intersectionOverUnion(Self.unitSquare, diamond), 0.5, tolerance: 1e-12))
        // Quarter overlap of equal squares: 1/7.
        let shifted = Self.unitSquare.map { $0 + Point(0.5, 0.5) }
        #expect(isClose(Polygon.intersectionOverUnion(Self.unitSquare, shifted), 0.25 / 1.75, tolerance: 1e-12))
        // No area: 0.
        #expect(Polygon.intersectionOverUnion([Point(0, 0), Point(1, 1), Point(2, 2)], Self.unitSquare) == 0)
    }

    @Test("IoU is symmetric and within [0, 1] on random convex quads")
    func symmetric() {
        var generator = SeededGenerator(seed: 12)
        for _ in 0..<300 {
            let a = randomConvexQuad(in: Size(width: 1000, height: 800), using: &generator)
            let b = randomConvexQuad(in: Size(width: 1000, height: 800), using: &generator)
            let ab = Polygon.intersectionOverUnion(a.corners, b.corners)
            let ba = Polygon.intersectionOverUnion(b.corners, a.corners)
            #expect(isClose(ab, ba, tolerance: 1e-12))
            #expect((0...1).contains(ab))
            // Running the vertices the other way changes nothing.
            #expect(isClose(Polygon.intersectionOverUnion(a.corners.reversed(), b.corners), ab, tolerance: 1e-12))
        }
    }

    @Test("IoU agrees with a rasterised reference within 1 % on random convex quads")
    func againstRasterisedReference() {
        var generator = SeededGenerator(seed: 13)
        var largest = 0.0
        for index in 0..<30 {
            let a = randomConvexQuad(in: Size(width: 1000, height: 800), using: &generator)
            // Half the pairs are jittered copies, so high overlaps are covered as well as random ones.
            var b = randomConvexQuad(in: Size(width: 1000, height: 800), using: &generator)
            if !index.isMultiple(of: 2) {
                // The clip must stay convex, so jitter until it is.
                repeat {
                    b = a.mapped { $0 + Point(Double.random(in: -60...60, using: &generator), Double.random(in: -60...60, using: &generator)) }
                } while !isWellConditioned(b, minimumSine: 0.05)
            }
            let reference = rasterisedIntersectionOverUnion(a.corners, b.corners, samples: 250)
            let computed = Polygon.intersectionOverUnion(a.corners, b.corners)
            largest = max(largest, abs(reference - computed))
            #expect(abs(reference - computed) <= 0.01, "\(a) vs \(b): \(computed), reference \(reference)")
        }
        #expect(largest < 0.01)
    }

    @Test("a non-convex subject clipped by a convex polygon has the right area")
    func nonConvexSubject() {
        // An L shape (area 3) clipped by the square [0, 2]²: the L lies inside, so all of it.
        let l = [Point(0, 0), Point(2, 0), Point(2, 1), Point(1, 1), Point(1, 2), Point(0, 2)]
        let square = Self.unitSquare.map { $0 * 2 }
        #expect(Polygon.area(Polygon.intersection(l, convexClip: square)) == 3)
        // Clipped by the right half [1, 2] × [0, 2]: only the foot, area 1.
        let right = [Point(1, 0), Point(2, 0), Point(2, 2), Point(1, 2)]
        #expect(Polygon.area(Polygon.intersection(l, convexClip: right)) == 1)
    }
}
