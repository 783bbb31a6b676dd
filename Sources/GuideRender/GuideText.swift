import Foundation
import GuideModel
import GuideParse

/// Template files are text like content files: the same UTF-8 rules apply.
enum GuideText {
    static func decode(_ data: Data, displayPath: String) throws -> String {
        try TextFile.decode(data, displayPath: displayPath)
    }
}
