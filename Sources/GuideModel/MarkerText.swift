import Foundation

/// Markers in a text, found byte for byte (`String.contains` compares characters): every block
/// of a book is asked whether it holds a doubt marker (`review.doubt_markers`).
public enum MarkerText {
    /// Whether `text` holds `marker`: the marker's first byte found by `memchr`, then the rest compared.
    public static func holds(_ text: String, _ marker: String) -> Bool {
        var text = text, marker = marker
        return text.withUTF8 { haystack in
            marker.withUTF8 { needle in
                guard let first = needle.first, haystack.count >= needle.count else { return false }
                var at = 0
                while at + needle.count <= haystack.count,
                      let found = memchr(haystack.baseAddress! + at, Int32(first), haystack.count - at) {
                    let offset = UnsafeRawPointer(found) - UnsafeRawPointer(haystack.baseAddress!)
                    if offset + needle.count <= haystack.count,
                       memcmp(haystack.baseAddress! + offset, needle.baseAddress!, needle.count) == 0 { return true }
                    at = offset + 1
                }
                return false
            }
        }
    }

    /// `text` without the markers it holds (itself, uncopied, when it holds none).
    public static func removing(_ markers: [String], from text: String) -> String {
        var text = text
        for marker in markers where !marker.isEmpty && holds(text, marker) {
            text = text.replacingOccurrences(of: marker, with: "")
        }
        return text
    }
}
