import Testing
import ScanCore

@Suite("Point")
struct PointTests {
    @Test("arithmetic")
    func arithmetic() {
        let a = Point(3, 4), b = Point(x: 1, y: -2)
        #expect(a + b == Point(4, 2))
        #expect(a - b == Point(2, 6))
        #expect(a * 2 == Point(6, 8))
        #expect(2 * a == Point(6, 8))
        #expect(a / 2 == Point(1.5, 2))
        #expect(-a == Point(-3, -4))
        #expect(Point.zero == Point(0, 0))
    }

    @Test("length, distance and dot product")
    func measures() {
        #expect(Point(3, 4).length == 5)
        #expect(Point(1, 1).distance(to: Point(4, 5)) == 5)
        #expect(Point(1, 2).dot(Point(3, 4)) == 11)
    }

    @Test("cross is positive when turning clockwise on screen (y down)")
    func crossOrientation() {
        let right = Point(1, 0), down = Point(0, 1)
        #expect(right.cross(down) > 0)
        #expect(down.cross(right) < 0)
        #expect(right.cross(right * 3) == 0)
    }

    @Test("finiteness", arguments: [(Point(1, 2), true), (Point(.nan, 0), false), (Point(0, .infinity), false), (Point(-.infinity, 1), false)])
    func finite(point: Point, expected: Bool) {
        #expect(point.isFinite == expected)
    }
}
