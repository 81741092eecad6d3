import ScanCore

/// Removes the dark slivers a rectified crop often keeps along its edges (the table under a page
/// cut by slightly wrong corners, the page's own shadowed rim) from a black-and-white page: ink
/// regions that touch the border, run along it and stay within a thin band of it become paper.
/// Text that merely touches the border is kept, and so are pictures that reach into the page.
public struct BorderCleaner: Sendable {
    /// Tuning constants of the cleaning.
    public struct Options: Sendable, Hashable {
        /// How deep into the page a sliver may reach, as a fraction of the page's short side.
        /// Higher: wider wedges removed, more risk to marginal notes.
        public var bandFraction: Double = 0.035
        /// Regions touching the border and no deeper than this fraction of the short side go whatever
        /// their length (≈ 1 mm: broken edge lines, never a readable glyph).
        public var thinBandFraction: Double = 0.004
        /// Shortest run along the border that makes a region a sliver, as a fraction of that side.
        /// Lower: also removes short specks at the edge, and glyphs cut by the crop.
        public var minimumRunFraction: Double = 0.03

        /// The default tuning.
        public init() {}
    }

    /// The tuning.
    public var options: Options

    /// Creates a cleaner.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// A copy of the bilevel `page` (0 ink, 255 paper) with its border slivers turned to paper.
    public func cleaned(_ page: Image<Gray8>) -> Image<Gray8> {
        let w = page.width, h = page.height
        guard w > 2, h > 2 else { return page }
        let band = max(1, Int(Double(min(w, h)) * options.bandFraction))
        let thinBand = max(1, Int(Double(min(w, h)) * options.thinBandFraction))
        var pixels = page.withUnsafeBytes { Array($0) }
        var visited = [Bool](repeating: false, count: w * h)
        var stack: [Int] = [], members: [Int] = []
        var seeds: [Int] = []
        for x in 0..<w { seeds.append(x); seeds.append((h - 1) * w + x) }
        for y in 0..<h { seeds.append(y * w); seeds.append(y * w + w - 1) }
        for seed in seeds where pixels[seed] == 0 && !visited[seed] {
            stack.removeAll(keepingCapacity: true)
            members.removeAll(keepingCapacity: true)
            stack.append(seed)
            visited[seed] = true
            var inside = true, thin = true
            var minX = w, maxX = 0, minY = h, maxY = 0
            while let i = stack.popLast() {
                members.append(i)
                let x = i % w, y = i / w
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                // Depth: distance to the nearest border.
                let depth = min(x, y, w - 1 - x, h - 1 - y)
                if depth >= band { inside = false }
                if depth >= thinBand { thin = false }
                for j in [i - 1, i + 1, i - w, i + w] {
                    guard j >= 0, j < w * h, abs(j % w - x) <= 1, pixels[j] == 0, !visited[j] else { continue }
                    visited[j] = true
                    stack.append(j)
                }
            }
            guard inside else { continue }
            // A sliver runs along the border: its extent along the side it touches is long enough.
            let runX = Double(maxX - minX + 1) / Double(w), runY = Double(maxY - minY + 1) / Double(h)
            let touchesTopOrBottom = minY == 0 || maxY == h - 1, touchesSide = minX == 0 || maxX == w - 1
            let run = max(touchesTopOrBottom ? runX : 0, touchesSide ? runY : 0)
            guard thin || run >= options.minimumRunFraction else { continue }
            for i in members { pixels[i] = 255 }
        }
        return Image<Gray8>(width: w, height: h, pixels: pixels.map { Gray8($0) })
    }
}
