/// A chapter's heading ids by block index (`HeadingAnchors`): a slot per block, up to the last
/// block with an id.
///
/// Every page, the search index and the side-by-side rows look ids up block after block. As a
/// dictionary, a chapter of a million headings spent a tenth of its build on hashing and
/// random reads into 50 MB per language; the slots are read in order and take a third of that.
/// A chapter with few headings has few slots: they end at its last heading.
public struct HeadingIDs: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    private var slots: [String?] = []
    /// How many blocks have an id.
    public private(set) var count = 0

    public init() {}

    public init(dictionaryLiteral elements: (Int, String)...) {
        for (block, id) in elements { self[block] = id }
    }

    public subscript(block: Int) -> String? {
        get { slots.indices.contains(block) ? slots[block] : nil }
        set {
            precondition(block >= 0, "a block index is never negative")
            if block >= slots.count {
                guard newValue != nil else { return }
                slots += repeatElement(nil, count: block + 1 - slots.count)
            }
            count += (newValue == nil ? 0 : 1) - (slots[block] == nil ? 0 : 1)
            slots[block] = newValue
            while let last = slots.last, last == nil { slots.removeLast() }   // equal ids, equal slots
        }
    }

    public var isEmpty: Bool { count == 0 }

    /// The ids, in block order.
    public var values: [String] { slots.compactMap { $0 } }

    /// Calls `body` with each block that has an id and its id, in block order.
    public func forEach(_ body: (_ block: Int, _ id: String) throws -> Void) rethrows {
        for (block, id) in slots.enumerated() {
            if let id { try body(block, id) }
        }
    }
}
