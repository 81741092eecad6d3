import Foundation
import Testing
import ScanCore
@testable import ScanDetect

@Suite("QuadTracker")
struct TrackerTests {
    /// A 200 × 150 page with its top-left corner at (x, y).
    static func page(_ x: Double = 100, _ y: Double = 80) -> Quad {
        Quad(rectangleAt: Point(x, y), size: Size(width: 200, height: 150))
    }

    /// Deterministic noise: SplitMix64 turned into standard normal values (Box–Muller).
    struct Noise {
        var state: UInt64
        mutating func uniform() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return (Double((z ^ (z >> 31)) >> 11) + 0.5) / Double(1 << 53)
        }
        mutating func normal() -> Double {
            (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform())
        }
    }

    /// Root-mean-square distance of every corner from the true page's, over `quads`.
    static func cornerDeviation(_ quads: [Quad], from truth: Quad) -> Double {
        let squares = quads.flatMap { q in (0..<4).map { i in pow(q[i].distance(to: truth[i]), 2) } }
        return (squares.reduce(0, +) / Double(squares.count)).squareRoot()
    }

    @Test func smoothingReducesJitterOnAStaticPage() throws {
        var tracker = try QuadTracker()
        var noise = Noise(state: 42)
        let truth = Self.page()
        var raw: [Quad] = [], smoothed: [Quad] = []
        for frame in 0..<400 {
            let measured = truth.mapped { $0 + Point(1.5 * noise.normal(), 1.5 * noise.normal()) }
            let update = tracker.update(quad: measured, confidence: 0.9)
            let shown = try #require(update)
            if frame >= 20 {  // past the filter's warm-up
                raw.append(measured)
                smoothed.append(shown)
            }
        }
        let before = Self.cornerDeviation(raw, from: truth), after = Self.cornerDeviation(smoothed, from: truth)
        // Alpha-beta theory for α = 0.4, β = 0.05 gives a ratio of about 0.53.
        #expect(after < 0.7 * before, "corner deviation \(before) px raw, \(after) px smoothed")
        #expect(after > 0.3 * before, "smoothing this strong would lag; \(after) of \(before)")
    }

    @Test func followsAJumpImmediately() throws {
        var tracker = try QuadTracker()
        for _ in 0..<20 { tracker.update(quad: Self.page(), confidence: 1) }
        let moved = Self.page(180, 120)
        #expect(tracker.update(quad: moved, confidence: 1) == moved)
        #expect(tracker.prediction == moved, "velocity restarts at zero after a jump")
    }

    @Test func followsSteadyMotionWithoutLag() throws {
        var tracker = try QuadTracker()
        var shown: Quad?
        var truth = Self.page()
        for frame in 0..<60 {
            truth = Self.page(100 + 3 * Double(frame), 80 + 1 * Double(frame))
            shown = tracker.update(quad: truth, confidence: 1)
        }
        let last = try #require(shown)
        #expect(Self.cornerDeviation([last], from: truth) < 0.5)
    }

    @Test(arguments: 0...3)
    func dropsThePageAfterMoreThanKMisses(k: Int) throws {
        var tracker = try QuadTracker(options: TrackerOptions(maximumMissedFrames: k))
        let first = tracker.update(quad: Self.page(), confidence: 1)
        let held = try #require(first)
        for miss in 1...k + 1 {
            let shown = tracker.update(quad: nil, confidence: 0)
            if miss <= k {
                #expect(shown == held)
                #expect(tracker.isCoasting && tracker.freshQuad == nil)
            } else {
                #expect(shown == nil)
                #expect(!tracker.isCoasting && tracker.priorRegion == nil)
            }
        }
        #expect(tracker.update(quad: Self.page(150, 90), confidence: 1) == Self.page(150, 90))
    }

    @Test func weakDetectionsCountAsMisses() throws {
        var tracker = try QuadTracker(options: TrackerOptions(maximumMissedFrames: 0, minimumConfidence: 0.5))
        tracker.update(quad: Self.page(), confidence: 0.9)
        #expect(tracker.update(quad: Self.page(), confidence: 0.4) == nil)
    }

    @Test func cornersArePutInContractOrder() throws {
        var tracker = try QuadTracker()
        let page = Self.page()
        let rotated = Quad(topLeft: page.bottomRight, topRight: page.bottomLeft, bottomRight: page.topLeft, bottomLeft: page.topRight)
        tracker.update(quad: page, confidence: 1)
        #expect(tracker.update(quad: rotated, confidence: 1) == page)
    }

    @Test func priorRegionGrowsWithMissesAndWindowIsClipped() throws {
        var tracker = try QuadTracker(options: TrackerOptions(searchMargin: 0.2))
        #expect(tracker.priorRegion == nil && tracker.searchWindow(in: Size(width: 400, height: 300)) == nil)
        let page = Self.page()  // 200 × 150, centred at (200, 155)
        tracker.update(quad: page, confidence: 1)
        let prior = try #require(tracker.priorRegion)
        #expect(abs(prior.area - page.area * 1.2 * 1.2) < 1e-6)
        #expect(abs(prior.intersectionOverUnion(page) - page.area / prior.area) < 1e-9)
        tracker.update(quad: nil, confidence: 0)
        #expect(abs(try #require(tracker.priorRegion).area - page.area * 1.4 * 1.4) < 1e-6)
        // Grown by 1.4 about (200, 155): x 60…340, y 50…260; the frame cuts the right side.
        let window = try #require(tracker.searchWindow(in: Size(width: 300, height: 300)))
        let expected = Quad(rectangleAt: Point(60, 50), size: Size(width: 240, height: 210))
        #expect(Self.cornerDeviation([window], from: expected) < 1e-9)
    }

    @Test func runsTheDetectorOnFrames() throws {
        // A light page on a dark desk; the tracker should lock onto it and lose it on a blank frame.
        let truth = Quad(topLeft: Point(90, 50), topRight: Point(300, 60), bottomRight: Point(290, 250), bottomLeft: Point(80, 240))
        let page = Image<RGB8>(width: 400, height: 300) { buffer in
            for y in 0..<300 {
                for x in 0..<400 {
                    let c = Point(Double(x) + 0.5, Double(y) + 0.5)
                    let inside = (0..<4).allSatisfy { (truth[($0 + 1) % 4] - truth[$0]).cross(c - truth[$0]) >= 0 }
                    buffer[y * 400 + x] = inside ? RGB8(235, 232, 225) : RGB8(60, 50, 45)
                }
            }
        }
        let desk = Image(width: 400, height: 300, repeating: RGB8(60, 50, 45))
        var tracker = try QuadTracker(options: TrackerOptions(maximumMissedFrames: 0))
        let detector = DocumentDetector()
        for _ in 0..<3 { tracker.update(detectingIn: page, with: detector) }
        let tracked = try #require(tracker.quad)
        #expect(tracked.intersectionOverUnion(truth) > 0.95)
        #expect(tracker.update(detectingIn: desk, with: detector) == nil)
    }

    @Test(arguments: [
        (TrackerOptions(positionGain: 0), "positionGain"),
        (TrackerOptions(velocityGain: 0.6), "velocityGain"),
        (TrackerOptions(jumpFraction: 0), "jumpFraction"),
        (TrackerOptions(maximumMissedFrames: -1), "maximumMissedFrames"),
        (TrackerOptions(minimumConfidence: 1.5), "minimumConfidence"),
        (TrackerOptions(searchMargin: .nan), "searchMargin"),
    ])
    func rejectsSettingsOutOfRange(options: TrackerOptions, setting: String) {
        let error = #expect(throws: VideoOptionsError.self) { try QuadTracker(options: options) }
        guard case .outOfRange(let name, _, _)? = error else { return }
        #expect(name == setting)
    }
}
