import Foundation
import GuideModel

/// What `guide serve` adds to every HTML page it serves (never to the built site):
/// a banner with the error of a failed rebuild, a script that reloads the page
/// when the build version changes, and on a page with snippet verdicts the toggle that shows them.
enum LiveReload {
    static func inject(into html: String, error: String?, version: Int) -> String {
        var addition = html.contains("snippet-maintainer") ? verdictToggle : ""
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

    /// Serve renders every snippet's verdict (`SnippetBadges.forMaintainers`), hidden: this
    /// button shows them, on every page alike (remembered by the browser, as the side-by-side
    /// page's review marks are). A reader's site has neither the verdicts nor the button.
    static let verdictToggle = """
        <style>.snippet-maintainer{display:none}html.guide-verdicts .snippet-maintainer{display:block}\
        #guide-verdicts-toggle{position:fixed;right:.75rem;bottom:.75rem;z-index:999;font:inherit;font-size:.8rem;\
        padding:.25rem .6rem;border:1px solid currentColor;border-radius:4px;background:Canvas;color:CanvasText;cursor:pointer}\
        #guide-verdicts-toggle[aria-pressed=true]{font-weight:600}</style>\
        <button type="button" id="guide-verdicts-toggle" aria-pressed="false" \
        title="guide serve: show what the snippet check says under each code block">Snippet verdicts</button>\
        <script>(function(){var k="guide-verdicts",b=document.getElementById("guide-verdicts-toggle"),r=document.documentElement;\
        function set(on){r.classList.toggle(k,on);b.setAttribute("aria-pressed",on?"true":"false");\
        try{localStorage.setItem(k,on?"1":"0")}catch(e){}}var on=false;try{on=localStorage.getItem(k)==="1"}catch(e){}\
        set(on);b.addEventListener("click",function(){set(!r.classList.contains(k))})})();</script>
        """
}
