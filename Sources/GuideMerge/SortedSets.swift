/// Set operations on sorted arrays of token ids (the signatures' representation).
enum SortedSets {
    /// Total weight of the ids in both sets, in `left` only and in `right` only
    /// (sorted, unique ids). Each total is summed in ascending id order.
    static func overlap(_ left: UnsafeBufferPointer<Int32>, _ right: UnsafeBufferPointer<Int32>, weights: [Double])
        -> (both: Double, leftOnly: Double, rightOnly: Double) {
        var both = 0.0, leftOnly = 0.0, rightOnly = 0.0
        var l = 0, r = 0
        while l < left.count, r < right.count {
            if left[l] == right[r] {
                both += weights[Int(left[l])]; l += 1; r += 1
            } else if left[l] < right[r] {
                leftOnly += weights[Int(left[l])]; l += 1
            } else {
                rightOnly += weights[Int(right[r])]; r += 1
            }
        }
        while l < left.count { leftOnly += weights[Int(left[l])]; l += 1 }
        while r < right.count { rightOnly += weights[Int(right[r])]; r += 1 }
        return (both, leftOnly, rightOnly)
    }

    /// Dice coefficient of two sorted multisets (repeats count): 1 when equal, 0 when disjoint.
    static func dice(_ left: [Int], _ right: [Int]) -> Double {
        guard !left.isEmpty || !right.isEmpty else { return 1 }
        var common = 0, l = 0, r = 0
        while l < left.count, r < right.count {
            if left[l] == right[r] { common += 1; l += 1; r += 1 } else if left[l] < right[r] { l += 1 } else { r += 1 }
        }
        return 2 * Double(common) / Double(left.count + right.count)
    }
}
