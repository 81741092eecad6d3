import ScanCore

extension DocumentDetector {
    /// The measured hypotheses in the order of the decision, the page first: by rank score, with
    /// the rules that correct the rank model (an outline that is mostly a sticky note vetoed with
    /// it, an accepted outline over a doubted first choice, a folded page's whole outline seen in
    /// the frame over its panel, a surer outline around a panel printed on it over the panel, of
    /// accepted pages apart the one nearest the frame's centre, the surest of nearly the same
    /// outlines, an outline seen whole over one with a corner beyond the frame).
    func decide(_ measured: [WorkingQuad], evidence: PageEvidence) -> [WorkingQuad] {
        // A faint side can cut a sticky note into a shape that is no longer square.
        var ordered = WorkingQuad.vetoingNoteOutlines(measured)
        ordered.sort { $0.rankScore > $1.rankScore }
        ordered = WorkingQuad.acceptedOutlineFirst(ordered, threshold: options.confidenceThreshold,
                                                   sameObjectOverlap: options.sameObjectOverlap,
                                                   enclosedShare: options.enclosedShare)
        let frame = (width: Double(evidence.planes.width), height: Double(evidence.planes.height))
        if let first = ordered.first {
            ordered = FoldedPage.wholePageFirst(ordered, threshold: options.confidenceThreshold,
                                                enclosedShare: options.enclosedShare,
                                                width: frame.width, height: frame.height) { piece in
                FoldedPage.isSameSheet(piece, as: first, evidence: evidence)
            }
        }
        ordered = WorkingQuad.enclosingPageFirst(ordered, threshold: options.confidenceThreshold,
                                                 enclosedShare: options.enclosedShare)
        ordered = WorkingQuad.framedPageFirst(ordered, threshold: options.confidenceThreshold,
                                              width: frame.width, height: frame.height)
        ordered = WorkingQuad.surestDuplicateFirst(ordered, threshold: options.confidenceThreshold,
                                                   duplicateOverlap: options.duplicateOverlap)
        return WorkingQuad.seenOutlineFirst(ordered, threshold: options.confidenceThreshold,
                                            sameObjectOverlap: options.sameObjectOverlap,
                                            width: frame.width, height: frame.height)
    }

    /// `decided` with the whole page first when its accepted first choice is a panel of a folded
    /// or half-shaded page whose whole outline the search ranked below the few measured: the
    /// first `wholePageCandidates` of `lower` that could be that outline
    /// (`FoldedPage.wholeOutlines`) whose pieces beyond the panel are the same sheet
    /// (`FoldedPage.isSameSheet`) are measured, and `FoldedPage.wholePageFirst` chooses among
    /// them as in `decide`; `decided` itself when it chooses none.
    func wholePage(of decided: [WorkingQuad], among lower: ArraySlice<WorkingQuad>,
                   measurer: inout EvidenceMeasurer) -> [WorkingQuad] {
        guard let panel = decided.first, panel.confidence >= options.confidenceThreshold else { return decided }
        let planes = measurer.evidence.planes
        let wholes = FoldedPage.wholeOutlines(around: panel, among: lower, limit: Self.wholePageCandidates,
                                              enclosedShare: options.enclosedShare,
                                              width: Double(planes.width), height: Double(planes.height))
        // Each piece is read before the outline is measured: on most photos it is the table.
        let evidence = measurer.evidence
        let sheets = wholes.filter { whole in
            whole.pieces.allSatisfy { FoldedPage.isSameSheet($0, as: panel, evidence: evidence) }
        }.map(\.outline)
        guard !sheets.isEmpty else { return decided }
        let measured = measurer.measure(sheets)
        let ordered = FoldedPage.wholePageFirst([panel] + measured, threshold: options.confidenceThreshold,
                                                enclosedShare: options.enclosedShare, width: Double(planes.width),
                                                height: Double(planes.height)) { _ in true }
        guard let whole = ordered.first, whole.corners != panel.corners else { return decided }
        return [whole] + decided
    }

    /// Most outlines ranked below the measured ones that `wholePage` considers. On the
    /// generator's fresh sets (seeds 10 and 12–18), 2 places 17 pages better and none worse (and
    /// one on the benchmark set; held out, on seeds 19–22, seven, none worse); with 1, six of
    /// them are placed worse again and one better, with 4, four better and two worse.
    static let wholePageCandidates = 2

    /// `hypothesis`' confidence weighed by the lines of print inside it (`PrintedRows`): all of it
    /// for a page of text, `options.blankOutlineFactor` of it for a blank outline. A sheet of
    /// paper shows print; a table top, a mat or a floor drawn like a page does not. Read on the
    /// full-resolution photo, so only for the chosen hypothesis.
    func printWeighted(_ hypothesis: Detection.Hypothesis, in image: Image<RGB8>) -> Double {
        guard options.blankOutlineFactor < 1 else { return hypothesis.confidence }
        let transitions = PrintedRows().transitions(in: image, corners: hypothesis.quad.corners,
                                                    enough: Int(ConfidenceModel.printedRowsRamp.upperBound))
        return hypothesis.confidence * ConfidenceModel.printFactor(transitions: transitions,
                                                                   blankFactor: options.blankOutlineFactor)
    }

    /// The index in `ranked` (best first) of the page and its confidence weighed by its print
    /// (`printWeighted`): the first outline, when the gate accepts it before and after and it
    /// shows print; when it is blank (such as the photo on an ID card), the first accepted outline
    /// enclosing it as its page (`WorkingQuad.isPanel`) whose weighed confidence passes, and
    /// which, while the blank outline still passes weighed, shows print itself (keeps all its
    /// confidence); else the blank outline where it passes weighed. Nil when none does.
    func printedChoice(among ranked: [Detection.Hypothesis],
                       in image: Image<RGB8>) -> (index: Int, confidence: Double)? {
        let threshold = options.confidenceThreshold
        guard let first = ranked.first, first.confidence >= threshold else { return nil }
        let weighted = printWeighted(first, in: image)
        let blank = weighted < first.confidence
        if weighted >= threshold && !blank { return (0, weighted) }
        let panel = first.quad.corners, panelArea = Polygon.area(panel)
        let enclosedShare = options.enclosedShare
        for k in ranked.indices.dropFirst() where ranked[k].confidence >= threshold
            && WorkingQuad.isPanel(panel, area: panelArea, of: ranked[k].quad.corners, enclosedShare: enclosedShare) {
            let confidence = printWeighted(ranked[k], in: image)
            // A first choice the gate still accepts gives way only to a printed outline around it.
            if confidence >= threshold && (weighted < threshold || confidence >= ranked[k].confidence) {
                return (k, confidence)
            }
        }
        return weighted >= threshold ? (0, weighted) : nil
    }

    /// The confidence of an outline the gate doubts (below `options.confidenceThreshold`) weighed
    /// by the lines of print inside it: a sheet full of print (`options.printedPageTransitions`
    /// changes, a dozen lines or more) counts 1 / `options.blankOutlineFactor` of its confidence,
    /// as a blank outline counts that share of it (`printWeighted`), so from that share of the
    /// threshold it is a page. Tables, floors and mats show no such print; the gate's other cues
    /// have weighed the shelves and keyboards that do. An outline too small to read
    /// (`ConfidenceModel.readableArea`) is not weighed: the print does not make it readable.
    /// Otherwise, and with the cue off (`printedPageTransitions` 0, `blankOutlineFactor` 0 or 1),
    /// its confidence stands. Only a doubted outline is read that far; an accepted one only
    /// over its first lines (`printWeighted`).
    func printedPageWeighted(_ hypothesis: Detection.Hypothesis, in image: Image<RGB8>) -> Double {
        let share = options.blankOutlineFactor, needed = options.printedPageTransitions
        let frame = Double(image.width) * Double(image.height)
        guard needed > 0, share > 0, share < 1, hypothesis.confidence >= share * options.confidenceThreshold,
              Polygon.area(hypothesis.quad.corners) >= ConfidenceModel.readableArea.upperBound * frame else {
            return hypothesis.confidence
        }
        let transitions = PrintedRows().transitions(in: image, corners: hypothesis.quad.corners, enough: needed)
        return transitions >= needed ? min(1, hypothesis.confidence / share) : hypothesis.confidence
    }

    /// `final` with its first outline weighed by its print when the gate doubts it
    /// (`printedPageWeighted`, on the photo: `hypothesis`, working coordinates times `factor`), so
    /// that a page of print is fitted to the page (`fittedToThePage`) as an accepted outline is;
    /// the coarse looks' searches weigh theirs the same way (`coarseLook`). `final` as it is
    /// otherwise.
    func printedPageFirst(_ final: [WorkingQuad], in image: Image<RGB8>, factor: Int) -> [WorkingQuad] {
        guard var page = final.first, page.confidence < options.confidenceThreshold,
              let hypothesis = Self.hypothesis(page, factor: Double(factor), in: image) else { return final }
        page.confidence = printedPageWeighted(hypothesis, in: image)
        return [page] + final.dropFirst()
    }
}
