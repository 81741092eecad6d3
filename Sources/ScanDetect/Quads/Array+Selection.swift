extension Array where Element: Comparable {
    /// Reorders the array so that the element at `k` is the one sorting would put there, with no
    /// larger element before it and none smaller after it (quickselect, linear time on average).
    /// The medians of the evidence cues need one order statistic, not a sorted array.
    mutating func select(_ k: Int) {
        precondition(indices.contains(k), "select: index \(k) outside 0..<\(count)")
        withUnsafeMutableBufferPointer { a in
            var low = 0, high = a.count - 1
            while low < high {
                let pivot = a[(low + high) / 2]
                var i = low, j = high
                while i <= j {
                    while a[i] < pivot { i += 1 }
                    while pivot < a[j] { j -= 1 }
                    if i <= j {
                        a.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                // Now a[low...j] ≤ pivot ≤ a[i...high], and anything between equals the pivot.
                if k <= j {
                    high = j
                } else if k >= i {
                    low = i
                } else {
                    return
                }
            }
        }
    }
}

extension Array where Element == Double {
    /// The value `select(k)` would put at `k`, for grey levels (values in 0…255; others count
    /// as 0 or 255 but keep their value), without reordering: the values are first counted by
    /// whole level, and only those sharing the k-th one's level are ordered.
    func levelOrderStatistic(_ k: Int) -> Double {
        precondition(indices.contains(k), "levelOrderStatistic: index \(k) outside 0..<\(count)")
        /// Whole level, in the values' order: a value on a lower level is the smaller.
        @inline(__always) func level(_ v: Double) -> Int { v >= 255 ? 255 : v >= 0 ? Int(v) : 0 }
        return withUnsafeBufferPointer { values in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: 256) { counts in
                counts.initialize(repeating: 0)
                for v in values { counts[level(v)] &+= 1 }
                // The level holding the k-th value, and how many values lie below it.
                var below = 0, target = 0
                while below + Int(counts[target]) <= k {
                    below += Int(counts[target])
                    target += 1
                }
                var same: [Double] = []
                same.reserveCapacity(Int(counts[target]))
                for v in values where level(v) == target { same.append(v) }
                same.select(k - below)
                return same[k - below]
            }
        }
    }
}

extension Array {
    /// The array with the element at `k` moved to the front, the others in their order.
    func movingToFront(_ k: Int) -> [Element] {
        guard k > 0 else { return self }
        var moved = self
        moved.insert(moved.remove(at: k), at: 0)
        return moved
    }
}

extension Array where Element == UInt64 {
    /// Sorts by the upper 32 bits only (a key above a payload), keeping the order of equal keys:
    /// a least-significant-digit radix sort in four byte passes, each skipped when every key has
    /// the same byte there. Linear time, several times cheaper than a comparison sort on the few
    /// thousand cells the lattice cue ranks.
    mutating func sortByUpperHalf() {
        guard count > 1 else { return }
        var scratch = [UInt64](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: 256)
        withUnsafeMutableBufferPointer { keys in
            scratch.withUnsafeMutableBufferPointer { other in
                counts.withUnsafeMutableBufferPointer { counts in
                    var source = keys, target = other
                    for shift in stride(from: UInt64(32), to: 64, by: 8) {
                        counts.update(repeating: 0)
                        for key in source { counts[Int((key >> shift) & 0xFF)] += 1 }
                        if counts.contains(source.count) { continue }
                        var offset = 0
                        for b in 0..<256 {
                            let n = counts[b]
                            counts[b] = offset
                            offset += n
                        }
                        for key in source {
                            let b = Int((key >> shift) & 0xFF)
                            target[counts[b]] = key
                            counts[b] += 1
                        }
                        swap(&source, &target)
                    }
                    if source.baseAddress != keys.baseAddress {
                        _ = keys.update(fromContentsOf: source)
                    }
                }
            }
        }
    }
}
