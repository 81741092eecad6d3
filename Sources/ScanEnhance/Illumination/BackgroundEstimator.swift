import ScanCore

/// Estimates the paper background of a page photo (``PaperBackground``) on a downscaled copy.
///
/// Steps: shrink by area averaging; a grey-level closing per channel erases text and thin lines;
/// a much wider dilation gives a coarse paper level; cells much darker than it, or of another hue,
/// are content (photos, filled charts, coloured boxes) and are refilled from the paper around them
/// by push–pull interpolation; a box blur smooths what is left.
struct BackgroundEstimator: Sendable {
    var options: IlluminationNormalizer.Options

    func estimate(_ page: Image<RGB8>, threads: Int?) -> PaperBackground {
        estimate(reduced: page, pageWidth: page.width, pageHeight: page.height, threads: threads)
    }

    /// The background of a page of `pageWidth × pageHeight` from a downscaled copy of it (any size
    /// at least the working size, so one downscale of the page can serve several stages).
    func estimate(reduced copy: Image<RGB8>, pageWidth: Int, pageHeight: Int, threads: Int?) -> PaperBackground {
        precondition(!copy.isEmpty, "cannot estimate the background of an empty page")
        let small = copy.downscaled(toLongSide: options.workingLongSide, threads: threads).image
        let page = (width: pageWidth, height: pageHeight)
        let longSide = Double(max(small.width, small.height))
        let textRadius = max(1, Int((longSide * options.textRadiusFraction).rounded()))
        let coarseRadius = max(textRadius + 1, Int((longSide * options.coarseRadiusFraction).rounded()))

        let closed = Plane.channels(of: small).map { $0.closed(radius: textRadius) }
        let coarse = closed.map { $0.dilated(radius: coarseRadius).boxBlurred(radius: coarseRadius / 2) }

        // Paper: the same hue as the coarse paper level, and not inside a sharp-edged dark region.
        var weights = Plane(width: small.width, height: small.height, repeating: 1)
        var depth = Plane(width: small.width, height: small.height)
        for i in 0..<weights.values.count {
            let r = closed[0].values[i] / max(1, coarse[0].values[i])
            let g = closed[1].values[i] / max(1, coarse[1].values[i])
            let b = closed[2].values[i] / max(1, coarse[2].values[i])
            let low = min(r, g, b), high = max(r, g, b)
            if high - low > Float(options.contentHueShift) { weights.values[i] = 0 }
            depth.values[i] = 1 - (0.299 * r + 0.587 * g + 0.114 * b)
        }
        ContentRegions(
            candidateDepth: Float(1 - options.candidateDarkness), steepness: Float(options.contentEdgeSteepness),
            minimumArea: options.minimumContentArea
        ).markContent(depth: depth, in: &weights)
        // Content edges are blurred by the downscale: widen the holes by the text radius.
        weights = weights.eroded(radius: max(1, textRadius / 2))

        let hasPaper = weights.values.contains { $0 > 0 }
        let channels: [Plane] = closed.map { plane in
            guard hasPaper else {
                return Plane(width: plane.width, height: plane.height, repeating: 255)
            }
            var filled = PushPullFill.fill(plane, weights: weights.values)
            for _ in 0..<2 { filled = filled.boxBlurred(radius: options.smoothingRadius) }
            for i in 0..<filled.values.count { filled.values[i] = max(filled.values[i], 1) }
            return filled
        }
        return PaperBackground(channels: channels, paperWeights: weights.values, pageWidth: page.width, pageHeight: page.height)
    }
}
