import ScanCore

extension DocumentDetector {
    /// The page of the coarse look, when no look at the working size finds one: the whole search
    /// again on a copy shrunk to `longSide` pixels, where averaging more pixels lifts
    /// a faint side (paper in shadow or on a table of nearly its colour, a receipt's edge against
    /// a pale ground) above the sensor noise that breaks it into stretches too short to make a
    /// line at the working size. A page must be one at both sizes: the coarse search's accepted
    /// outline, measured at the working size (`measurer`, whose scale is `workingFactor`), is
    /// returned only when it is an unambiguous page there too (`WorkingQuad.isUnambiguousPage`).
    /// `longSide` is `options.coarseLookLongSide`, or `secondCoarseLookLongSide` where that finds
    /// none. Nil when it is 0 or the coarse copy is no coarser than the working one.
    func coarseLook(in image: Image<RGB8>, longSide: Int, workingFactor: Int,
                    measurer: inout EvidenceMeasurer) -> WorkingQuad? {
        guard longSide > 0 else { return nil }
        var coarse = options
        coarse.workingLongSide = longSide
        coarse.coarseLookLongSide = 0
        coarse.secondCoarseLookLongSide = 0
        // The last look's wider search over more lines finds no page here that the rest misses
        // (on the generator's sets) and costs a fifth of the coarse look.
        coarse.widerSearchVerified = 0
        let (outlines, factor) = DocumentDetector(validated: coarse).workingHypotheses(in: image)
        let scale = factor / Double(workingFactor)
        guard scale > 1, let page = outlines.first, page.confidence >= options.confidenceThreshold else { return nil }
        let measured = measurer.measure([WorkingQuad(x: page.x * scale, y: page.y * scale, confidence: 0)])
        return measured.first.flatMap { WorkingQuad.isUnambiguousPage($0) ? $0 : nil }
    }
}
