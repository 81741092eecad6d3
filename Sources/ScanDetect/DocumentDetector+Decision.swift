import ScanCore

extension DocumentDetector {
    /// The measured hypotheses in the order of the decision, the page first: by rank score, with
    /// the rules that correct the rank model (an outline that is mostly a sticky note vetoed with
    /// it, an accepted outline over a doubted first choice, a folded page's whole outline over
    /// its panel, of accepted pages apart the one nearest the frame's centre, the surest of nearly
    /// the same outlines, an outline seen whole over one with a corner beyond the frame).
    func decide(_ measured: [WorkingQuad], evidence: PageEvidence) -> [WorkingQuad] {
        // A faint side can cut a sticky note into a shape that is no longer square.
        var ordered = WorkingQuad.vetoingNoteOutlines(measured)
        ordered.sort { $0.rankScore > $1.rankScore }
        ordered = WorkingQuad.acceptedOutlineFirst(ordered, threshold: options.confidenceThreshold,
                                                   sameObjectOverlap: options.sameObjectOverlap,
                                                   enclosedShare: options.enclosedShare)
        if let first = ordered.first {
            ordered = FoldedPage.wholePageFirst(ordered, threshold: options.confidenceThreshold,
                                                enclosedShare: options.enclosedShare) { piece in
                FoldedPage.isSameSheet(piece, as: first, evidence: evidence)
            }
        }
        let frame = (width: Double(evidence.planes.width), height: Double(evidence.planes.height))
        ordered = WorkingQuad.framedPageFirst(ordered, threshold: options.confidenceThreshold,
                                              width: frame.width, height: frame.height)
        ordered = WorkingQuad.surestDuplicateFirst(ordered, threshold: options.confidenceThreshold,
                                                   duplicateOverlap: options.duplicateOverlap)
        return WorkingQuad.seenOutlineFirst(ordered, threshold: options.confidenceThreshold,
                                            sameObjectOverlap: options.sameObjectOverlap,
                                            width: frame.width, height: frame.height)
    }
}
