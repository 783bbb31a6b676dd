import Foundation

/// What `guide review --only … --skip …` shows: kinds named by `ReviewKind`'s names (and
/// `reader` for the three reader checks). `--only` keeps the kinds it names (none named: all),
/// then `--skip` takes its kinds away — so both together are well defined (`--only reader
/// --skip link-text`). Typography is one line per chapter with its count unless asked for in
/// full (`--typography full`, or `--only` naming it).
public struct ReviewFilter: Hashable, Sendable {
    public var only: Set<ReviewKind> = []
    public var skip: Set<ReviewKind> = []
    public var typographyInFull = false

    public init(only: Set<ReviewKind> = [], skip: Set<ReviewKind> = [], typographyInFull: Bool = false) {
        self.only = only
        self.skip = skip
        self.typographyInFull = typographyInFull
    }

    /// Everything, typography in full: what the library's callers had before the filter.
    public static let everything = ReviewFilter(typographyInFull: true)

    public func shows(_ kind: ReviewKind) -> Bool { (only.isEmpty || only.contains(kind)) && !skip.contains(kind) }
    public func shows(status: BeadStatus) -> Bool { shows(ReviewKind(status)) }

    /// Typography counted in one line per chapter rather than listed.
    public var summarizesTypography: Bool { !typographyInFull && !only.contains(.typography) }

    /// The names `--only` and `--skip` take, as the error lists them.
    public static let names = ReviewKind.allCases.filter { $0 != .translated }.map(\.rawValue) + [readerGroup]
    static let readerGroup = "reader"

    /// `missing, doubt` → the kinds, and the names that are none.
    public static func kinds(_ list: String) -> (kinds: Set<ReviewKind>, unknown: [String]) {
        var kinds: Set<ReviewKind> = [], unknown: [String] = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            if name == readerGroup {
                kinds.formUnion(ReviewKind.allCases.filter(\.isReader))
            } else if let kind = ReviewKind(rawValue: name), kind != .translated {
                kinds.insert(kind)
            } else {
                unknown.append(name)
            }
        }
        return (kinds, unknown)
    }
}
