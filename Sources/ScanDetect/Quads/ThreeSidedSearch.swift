#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import ScanCore

/// Outlines of pages that the lines show on three sides only: the fourth side is too faint to
/// make a line of its own (white paper on a white table, a receipt's torn end in shadow, a side
/// under a finger), so `QuadSearch`, which needs four, never proposes the page. Two roughly
/// opposite lines and a line crossing both make three sides; the fourth is closed where the edges
/// along the two opposite lines end, since a page's side runs from corner to corner and stops
/// (`DetectedLine.run`), and, as a second outline, by the side through the farther of those ends
/// (`outerClosure`), since an edge may fade before its corner. The fourth side is profiled as a
/// line of its own, so that the outline is scored, verified and measured as any other.
struct ThreeSidedSearch {
    let search: QuadSearch
    /// Least share of the frame an outline must cover (`DetectionOptions.threeSidedMinimumArea`).
    let minimumAreaFraction: Double
    /// Cosine of the largest angle between the two opposite sides: they converge under
    /// perspective, but a quad whose opposite sides meet at more than this is no page seen whole.
    let oppositeCosine = cos(40 * Double.pi / 180)
    /// How far inside the frame (working pixels) a side's run must end to close the outline
    /// there: a run that reaches the frame's border is a page cut by it, which the frame closes
    /// (`FrameClosure`) rather than a fourth side.
    let borderClearance = 3.0
    /// Three-sided outlines kept, by the backed score of their three sides, for the fourth side
    /// to be profiled and the whole outline scored, per outline asked for.
    let shortlistFactor = 3

    /// The `count` best three-sided outlines (scored by `QuadSearch.evaluate`, best first), then
    /// the `count` best of their outer closures (`outerClosure`; apart, so that they never crowd
    /// an outline closed at both ends out), and the lines their sides lie on: `lines` followed by
    /// each outline's fourth side.
    func hypotheses(lines: [DetectedLine], stages: LineStages, count: Int) -> (quads: [ScoredQuad], lines: [DetectedLine]) {
        var shortlist: [(score: Double, corners: [(x: Double, y: Double)], sides: (a: Int, b: Int, c: Int))] = []
        let usable = lines.indices.filter { !lines[$0].isFrameBorder }
        // Each line's runs are looked up from every line crossing it.
        let runs = lines.map { $0.isFrameBorder ? nil : $0.sideRuns() }
        for c in usable {
            let base = lines[c]
            // The lines crossing c at a corner's angle inside the frame: where, and their runs
            // away from c on either side of it (found once, for every pairing).
            let crossing: [Crossing] = usable.compactMap { a in
                guard a != c, abs(lines[a].nx * base.nx + lines[a].ny * base.ny) <= search.minimumCornerCosine,
                      let p = lines[a].intersection(with: base), isInside(p, clearance: 0) else { return nil }
                return Crossing(line: a, point: p, runs: [1.0, -1.0].map { away in
                    runs[a].flatMap { sideRun(lines[a], $0, from: p, away: away, base: base) }
                })
            }
            for i in crossing.indices {
                for j in (i + 1)..<crossing.count {
                    let (a, b) = (crossing[i].line, crossing[j].line)
                    guard abs(lines[a].nx * lines[b].nx + lines[a].ny * lines[b].ny) >= oppositeCosine,
                          let outline = closed(crossing[i], crossing[j], base: c, lines: lines) else { continue }
                    shortlist.append(outline)
                }
            }
        }
        shortlist.sort { $0.score > $1.score }
        var extended = lines
        var best: [ScoredQuad] = [], outers: [ScoredQuad] = []
        let minimumArea = minimumAreaFraction * search.width * search.height
        for outline in shortlist.prefix(shortlistFactor * count) {
            let outer = outerClosure(of: outline.corners, lines: lines[outline.sides.a], lines[outline.sides.b],
                                     base: lines[outline.sides.c])
            for (isOuter, corners) in [(false, outline.corners)] + (outer.map { [(true, $0)] } ?? []) {
                // The area needs only the corners: checked before the fourth side is profiled.
                guard Polygon.area(corners.map { Point($0.x, $0.y) }) >= minimumArea else { continue }
                let (p, q) = (corners[1], corners[2])
                guard let fourth = DetectedLine.through(p, q, edges: stages.edges, gradient: stages.gradient,
                                                        cosTolerance: stages.cosTolerance) else { continue }
                let d = Int32(extended.count)
                extended.append(fourth)
                let x = SIMD4(corners.map(\.x)), y = SIMD4(corners.map(\.y))
                let sides = SIMD4(Int32(outline.sides.a), d, Int32(outline.sides.b), Int32(outline.sides.c))
                if let quad = search.evaluate(x: x, y: y, sideLines: sides, lines: extended) {
                    if isOuter {
                        QuadSearch.insert(quad, into: &outers, keeping: count)
                    } else {
                        QuadSearch.insert(quad, into: &best, keeping: count)
                    }
                }
            }
        }
        return (best + outers, extended)
    }

    /// A line crossing a base line: where, and its runs away from the base (`sideRun`) along the
    /// base's normal and against it.
    private struct Crossing {
        let line: Int
        let point: (x: Double, y: Double)
        let runs: [(end: (x: Double, y: Double), score: Double)?]
    }

    /// The outline of sides on `a`'s and `b`'s lines from where they cross the line `base`,
    /// closed where both runs end on the side of `base` where both are backed, with the backed
    /// score of its three sides; nil when `base` is not backed between them, or the runs are too
    /// short, too faint or reach the frame's border.
    private func closed(_ a: Crossing, _ b: Crossing, base: Int, lines: [DetectedLine])
        -> (score: Double, corners: [(x: Double, y: Double)], sides: (a: Int, b: Int, c: Int))? {
        let c = lines[base]
        let ta = c.parameter(x: a.point.x, y: a.point.y), tb = c.parameter(x: b.point.x, y: b.point.y)
        let baseLength = abs(tb - ta)
        guard baseLength >= search.minimumSideLength else { return nil }
        let baseBacked = Double(c.backedSteps(from: ta, to: tb).backed)
        guard baseBacked >= search.minimumSideSupport * baseLength else { return nil }
        var best: (score: Double, corners: [(x: Double, y: Double)])?
        for side in 0..<2 {
            guard let ra = a.runs[side], let rb = b.runs[side] else { continue }
            let score = (2 * baseBacked - baseLength) + ra.score + rb.score
            if score > (best?.score ?? -.infinity) { best = (score, [a.point, ra.end, rb.end, b.point]) }
        }
        return best.map { ($0.score, $0.corners, (a.line, b.line, base)) }
    }

    /// The run of `line` (looked up in its `runs`) from `start` away from `base` (`away`: +1 along
    /// the base's normal, −1 against it): its end and backed score (2 × backed − length); nil
    /// when it is shorter than a side, backed less than a side must be, or ends at the frame's
    /// border.
    private func sideRun(_ line: DetectedLine, _ runs: DetectedLine.SideRuns, from start: (x: Double, y: Double),
                         away: Double, base: DetectedLine)
        -> (end: (x: Double, y: Double), score: Double)? {
        let direction = (line.dx * base.nx + line.dy * base.ny) * away >= 0 ? 1.0 : -1.0
        guard let run = runs.run(from: line.parameter(x: start.x, y: start.y), direction: direction) else { return nil }
        let length = Double(run.steps), backed = Double(run.backed)
        guard length >= search.minimumSideLength, backed >= search.minimumSideSupport * length else { return nil }
        let end = line.point(at: run.end)
        guard isInside(end, clearance: borderClearance) else { return nil }
        return (end, 2 * backed - length)
    }

    /// The outline `corners` (on lines `a` and `b` from where they cross `base`, then the two
    /// run ends) closed instead by the side through the run end farther from `base`, parallel to
    /// `base` on the page's plane (the camera of `PageCompletion` fixes the plane from the three
    /// sides). A run stops short of its corner where the edge fades (a page's side on a table of
    /// nearly its colour), so the page reaches at least as far as both ends: the closure through
    /// the two ends cuts off a wedge of it. Nil when the outline already is that one (within a
    /// working pixel) or the moved corner leaves the frame.
    func outerClosure(of corners: [(x: Double, y: Double)], lines a: DetectedLine, _ b: DetectedLine,
                      base: DetectedLine) -> [(x: Double, y: Double)]? {
        func line(_ l: DetectedLine) -> HomogeneousVector { HomogeneousVector(l.nx, l.ny, -l.rho) }
        let camera = PageCompletion(width: Int(search.width), height: Int(search.height))
        let across = camera.perpendicularVanishingPoint(to: line(a).cross(line(b)), onSide: line(base))
        let (startA, endA, endB, startB) = (corners[0], corners[1], corners[2], corners[3])
        // Closed through one run's end, the corner on the other side's line, and how far along
        // that side it lies as a multiple of that side's run (1 at the run's end).
        func closing(through end: (x: Double, y: Double), on other: DetectedLine,
                     run: (start: (x: Double, y: Double), end: (x: Double, y: Double))) -> (corner: Point, reach: Double)? {
            guard let corner = HomogeneousVector(Point(end.x, end.y)).cross(across).cross(line(other)).point
            else { return nil }
            let d = Point(run.end.x - run.start.x, run.end.y - run.start.y)
            let reach = (corner - Point(run.start.x, run.start.y)).dot(d) / max(1e-9, d.dot(d))
            return (corner, reach)
        }
        // Through a's end when the closing side meets b's line at or past b's run end, else
        // through b's end.
        let outline: [(x: Double, y: Double)], moved: Point, runEnd: (x: Double, y: Double)
        if let c = closing(through: endA, on: b, run: (startB, endB)), c.reach >= 1 {
            (outline, moved, runEnd) = ([startA, endA, (c.corner.x, c.corner.y), startB], c.corner, endB)
        } else if let c = closing(through: endB, on: a, run: (startA, endA)), c.reach >= 1 {
            (outline, moved, runEnd) = ([startA, (c.corner.x, c.corner.y), endB, startB], c.corner, endA)
        } else {
            return nil
        }
        guard moved.distance(to: Point(runEnd.x, runEnd.y)) > 1, isInside((moved.x, moved.y), clearance: borderClearance)
        else { return nil }
        return outline
    }

    private func isInside(_ p: (x: Double, y: Double), clearance: Double) -> Bool {
        p.x >= clearance && p.y >= clearance && p.x <= search.width - clearance && p.y <= search.height - clearance
    }
}
