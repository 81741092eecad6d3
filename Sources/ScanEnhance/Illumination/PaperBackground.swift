import ScanCore

/// The estimated colour of the bare paper under the page's lighting, on a small grid: text,
/// drawings and large dark or coloured regions are removed and filled from the paper around them.
struct PaperBackground: Sendable {
    /// Red, green and blue paper levels (0…255) on the small grid.
    var channels: [Plane]
    /// 1 where the small grid saw bare paper, 0 where it saw content that was filled in.
    var paperWeights: [Float]
    /// Width and height of the full-resolution page the grid covers.
    var pageWidth: Int
    var pageHeight: Int

    /// Grid width.
    var width: Int { channels[0].width }
    /// Grid height.
    var height: Int { channels[0].height }

    /// Fraction of the grid seen as bare paper.
    var paperFraction: Double {
        paperWeights.isEmpty ? 0 : Double(paperWeights.reduce(0, +)) / Double(paperWeights.count)
    }

    /// Median paper level of each channel over the cells that saw paper (255 when none did).
    var medianPaperColor: (r: Float, g: Float, b: Float) {
        func median(_ plane: Plane) -> Float {
            // Levels are 0…255: a histogram finds the median without sorting.
            var histogram = [Int](repeating: 0, count: 256)
            var count = 0
            for (value, weight) in zip(plane.values, paperWeights) where weight > 0.5 {
                histogram[Int(max(0, min(255, value)))] += 1
                count += 1
            }
            guard count > 0 else { return 255 }
            var running = 0
            for (level, n) in histogram.enumerated() {
                running += n
                if running * 2 > count { return Float(level) }
            }
            return 255
        }
        return (median(channels[0]), median(channels[1]), median(channels[2]))
    }

    /// Paper luminance (Rec. 601) on the grid.
    var luminance: Plane {
        var out = Plane(width: width, height: height)
        for i in 0..<out.values.count {
            out.values[i] = 0.299 * channels[0].values[i] + 0.587 * channels[1].values[i] + 0.114 * channels[2].values[i]
        }
        return out
    }
}
