import Foundation
import GuideModel

/// What `guide serve` adds to every HTML page it serves (never to the built site):
/// a banner with the error of a failed rebuild, and a script that reloads the page
/// when the build version changes.
enum LiveReload {
    static func inject(into html: String, error: String?, version: Int) -> String {
        var addition = ""
        if let error {
            addition += "<pre id=\"guide-build-error\" role=\"alert\" style=\"position:fixed;bottom:0;left:0;right:0;"
                + "max-height:40vh;overflow:auto;margin:0;padding:1rem;background:#7a1010;color:#fff;z-index:1000;"
                + "white-space:pre-wrap\">Build failed — showing the last good build.\n\(HTMLText.escape(error))</pre>"
        }
        addition += """
            <script>(function(){var v=\(version);function poll(){fetch("/__guide/version",{cache:"no-store"})\
            .then(function(r){return r.text()}).then(function(t){if(+t!==v){location.reload()}else{setTimeout(poll,500)}})\
            .catch(function(){setTimeout(poll,1000)})}setTimeout(poll,500)})();</script>
            """
        guard let end = html.range(of: "</body>", options: .backwards) else { return html + addition }
        return html.replacingCharacters(in: end.lowerBound..<end.lowerBound, with: addition)
    }
}
