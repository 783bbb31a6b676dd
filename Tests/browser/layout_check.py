"""Does a page fit its window? Shared by test_layout.py and scripts/check-layout-book.sh.

A page fits at a width when neither the document nor the body is wider than the window:
whatever is wide (a code block, a table, a long URL) scrolls or wraps inside its own box.
"""

import contextlib
import functools
import http.server
import pathlib
import threading

from selenium.webdriver.support.ui import WebDriverWait

# The widths every page is opened at: a phone, a tablet, a desktop.
WIDTHS = (360, 768, 1440)
HEIGHT = 900

# What sticks out of the window (as short paths): the outermost elements whose right edge passes
# the window's, then text that runs past it, wherever no ancestor scrolls or clips them.
_STICKING_OUT = """
var limit = window.innerWidth + 0.5, found = [];
function clipped(e) {
  for (var a = e.parentElement; a && a !== document.body; a = a.parentElement) {
    var o = getComputedStyle(a).overflowX;
    if (o !== 'visible') return true;
  }
  return false;
}
function name(e) {
  var s = e.tagName.toLowerCase();
  if (e.id) s += '#' + e.id;
  if (typeof e.className === 'string' && e.className.trim()) s += '.' + e.className.trim().split(/\\s+/).join('.');
  return s;
}
function path(e) {
  var parts = [];
  for (var a = e; a && a !== document.body && parts.length < 4; a = a.parentElement) parts.unshift(name(a));
  return parts.join(' > ');
}
document.body.querySelectorAll('*').forEach(function (e) {
  var r = e.getBoundingClientRect();
  if (!r.width || r.right <= limit || clipped(e)) return;
  // Only the outermost: skip an element whose parent already sticks out.
  var p = e.parentElement, pr = p && p !== document.body ? p.getBoundingClientRect() : null;
  if (pr && pr.right > limit) return;
  found.push(path(e) + ' (right edge ' + Math.round(r.right) + ')');
});
// Text that runs past its box (a long URL or word that does not wrap): its element's box may fit.
var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), range = document.createRange();
for (var t = walker.nextNode(); t; t = walker.nextNode()) {
  var e = t.parentElement;
  if (!t.data.trim() || e.getBoundingClientRect().right > limit) continue;
  if (getComputedStyle(e).overflowX !== 'visible' || clipped(e)) continue;
  range.selectNodeContents(t);
  var right = Math.max.apply(null, Array.from(range.getClientRects()).map(function (q) { return q.right; }).concat([0]));
  if (right > limit) found.push(path(e) + ' text "' + t.data.trim().slice(0, 40) + '" (right edge ' + Math.round(right) + ')');
}
return found.slice(0, arguments[0]);
"""


def site_pages(site_root):
    """Every HTML page of a built site, as paths relative to its root, in a stable order."""
    root = pathlib.Path(site_root)
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.html"))


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def served(site_root):
    """The site over HTTP on 127.0.0.1 (a free port), as it is published: the 404 page links its
    style sheet from the site's root (/style.css), which file:// cannot follow. Yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(site_root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def open_served(driver, base, page):
    driver.get(base + page)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def set_width(driver, width, height=HEIGHT, media=""):
    """A desktop-style window of this width (not a phone's layout viewport, which grows to fit
    what overflows and so would hide the fault); media "print" lays the page out for paper."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media, "features": []})


def measure(driver, width, culprits=5):
    """{"window", "document", "body", "culprits"} of the page open in driver, laid out at width."""
    window, document, body = driver.execute_script(
        "return [window.innerWidth, document.documentElement.scrollWidth, document.body.scrollWidth];")
    assert window == width, f"the window is {window}px wide, not {width}px"
    found = driver.execute_script(_STICKING_OUT, culprits) if max(document, body) > window else []
    return {"window": window, "document": document, "body": body, "culprits": found}


def too_wide(m):
    return m["document"] > m["window"] or m["body"] > m["window"]


def describe(page, width, m):
    text = f"{page} at {width}px: document {m['document']}px, body {m['body']}px wide"
    return text + "".join(f"\n    {c}" for c in m["culprits"])
