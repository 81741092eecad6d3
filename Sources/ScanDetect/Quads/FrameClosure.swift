/// Hypotheses for pages that run out of the frame: when a page continues past the border, the
/// line that closes its outline just inside the frame is often one printed on the page (a line of
/// text, a rule) rather than its side. For each side that runs along a frame border, close to it,
/// the same outline closed by the border itself is offered too, and the evidence chooses; a page
/// closed by the border is then completed past it by `CutPageExtender`.
enum FrameClosure {
    /// How close to a frame border a side must lie, as a fraction of the frame's extent across
    /// that border (both of the side's ends).
    static let reach = 0.06

    /// The border-closed variants of `quads`, geometrically valid ones only. The frame borders
    /// are the last four `lines` (left, top, right, bottom), as `LineGrouper` returns them.
    static func variants(of quads: [ScoredQuad], lines: [DetectedLine], search: QuadSearch) -> [ScoredQuad] {
        guard lines.count >= 4 else { return [] }
        let firstBorder = lines.count - 4
        var result: [ScoredQuad] = []
        for quad in quads {
            for k in 0..<4 where !lines[Int(quad.lines[k])].isFrameBorder {
                guard let border = nearBorder(from: (quad.x[k], quad.y[k]), to: (quad.x[(k + 1) % 4], quad.y[(k + 1) % 4]),
                                              width: search.width, height: search.height) else { continue }
                let borderLine = firstBorder + border
                let before = Int(quad.lines[(k + 3) % 4]), after = Int(quad.lines[(k + 1) % 4])
                guard before != borderLine, after != borderLine,
                      let start = lines[before].intersection(with: lines[borderLine]),
                      let end = lines[after].intersection(with: lines[borderLine]) else { continue }
                var x = quad.x, y = quad.y, sides = quad.lines
                (x[k], y[k]) = start
                (x[(k + 1) % 4], y[(k + 1) % 4]) = end
                sides[k] = Int32(borderLine)
                if let variant = search.evaluate(x: x, y: y, sideLines: sides, lines: lines) { result.append(variant) }
            }
        }
        return result
    }

    /// The frame border (0 left, 1 top, 2 right, 3 bottom) both ends of a side lie within `reach`
    /// of, or nil.
    private static func nearBorder(from p: (Double, Double), to q: (Double, Double), width: Double, height: Double) -> Int? {
        let limitX = reach * width, limitY = reach * height
        if p.0 < limitX && q.0 < limitX { return 0 }
        if p.1 < limitY && q.1 < limitY { return 1 }
        if p.0 > width - limitX && q.0 > width - limitX { return 2 }
        if p.1 > height - limitY && q.1 > height - limitY { return 3 }
        return nil
    }
}
