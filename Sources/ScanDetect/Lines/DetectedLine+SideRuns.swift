extension DetectedLine {
    /// `run(from:direction:)` for every start on one line: per polarity, the running sum of ±1 a
    /// step, with its best value at or after each step (walking on) and its least at or before
    /// (walking back), so that a run's end is a look-up rather than a walk along the line.
    struct SideRuns {
        let tMin: Double
        let tMax: Double
        let count: Int
        /// The positive polarity first: on equal scores it wins, as the walk tries it first.
        let polarities: [Polarity]

        struct Polarity {
            /// `sum[k]`: backed less unbacked steps among the first k (k = 0…count).
            let sum: [Int32]
            /// The largest `sum[j]` over j ≥ k, and the first such j.
            let highest: [Int32], highestAt: [Int32]
            /// The least `sum[j]` over j ≤ k, and the last such j.
            let lowest: [Int32], lowestAt: [Int32]

            /// From the prefix counts of backed steps `steps[0…count]`.
            init(steps: UnsafeBufferPointer<Int32>, count: Int) {
                var sum = [Int32](repeating: 0, count: count + 1)
                for k in 0..<count { sum[k + 1] = sum[k] + (steps[k + 1] &- steps[k] > 0 ? 1 : -1) }
                // Ties go to the first j walking on and to the last walking back: the step a walk
                // from the start would reach first, as `run` keeps only a strictly better score.
                let indices = (0...count).map { Int32($0) }
                var highest = sum, highestAt = indices
                for k in stride(from: count - 1, through: 0, by: -1) where sum[k] < highest[k + 1] {
                    (highest[k], highestAt[k]) = (highest[k + 1], highestAt[k + 1])
                }
                var lowest = sum, lowestAt = indices
                for k in 1...count where sum[k] > lowest[k - 1] {
                    (lowest[k], lowestAt[k]) = (lowest[k - 1], lowestAt[k - 1])
                }
                self.sum = sum
                self.highest = highest
                self.highestAt = highestAt
                self.lowest = lowest
                self.lowestAt = lowestAt
            }
        }

        /// As `DetectedLine.run(from:direction:)`.
        func run(from start: Double, direction: Double) -> (end: Double, backed: Int, steps: Int)? {
            guard start >= tMin, start <= tMax else { return nil }
            let first = min(count - 1, Int(start - tMin))
            var best: (score: Int, steps: Int) = (0, 0)
            for polarity in polarities {
                let score: Int, steps: Int
                if direction >= 0 {
                    // Steps first…j − 1: sum[j] − sum[first], best at the first j > first.
                    score = Int(polarity.highest[first + 1] - polarity.sum[first])
                    steps = Int(polarity.highestAt[first + 1]) - first
                } else {
                    // Steps first down to j: sum[first + 1] − sum[j], best at the last j ≤ first.
                    score = Int(polarity.sum[first + 1] - polarity.lowest[first])
                    steps = first - Int(polarity.lowestAt[first]) + 1
                }
                if score > best.score { best = (score, steps) }
            }
            guard best.score > 0 else { return nil }
            // Step k spans tMin + k … tMin + k + 1: the run ends at the far edge of its last step.
            let end = direction >= 0 ? tMin + Double(first + best.steps) : tMin + Double(first - best.steps + 1)
            return (end, (best.score + best.steps) / 2, best.steps)
        }
    }
}
