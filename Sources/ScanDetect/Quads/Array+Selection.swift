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

extension Array {
    /// The array with the element at `k` moved to the front, the others in their order.
    func movingToFront(_ k: Int) -> [Element] {
        guard k > 0 else { return self }
        var moved = self
        moved.insert(moved.remove(at: k), at: 0)
        return moved
    }
}
