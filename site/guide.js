// Small progressive enhancements; every page works without this script.
(function () {
  "use strict";
  // The language switch keeps the reader's paragraph. Every block of a chapter's pages, and
  // every row of its side-by-side page, names the English block it stands for (`data-place`,
  // from the alignment's pairs): the block at the top of the screen is remembered with how far
  // into it the reader is, and the page switched to scrolls to its counterpart. Without
  // storage, the section's heading (ids agree across languages); without script, the page's top.
  var placeKey = "guide.place";
  function barBottom() {
    var bar = document.querySelector(".topbar");
    var bottom = bar ? bar.getBoundingClientRect().bottom : 0;
    return bottom > 0 && bottom < window.innerHeight / 2 ? bottom : 0;
  }
  function placed() { return document.querySelectorAll("main [data-place]"); }
  // The first placed element not yet scrolled past the bar, and how far into it the bar is.
  function readingPlace() {
    var top = barBottom(), all = placed();
    for (var i = 0; i < all.length; i++) {
      var box = all[i].getBoundingClientRect();
      if (box.bottom > top + 1) {
        var into = box.height > 0 ? Math.max(0, Math.min(1, (top - box.top) / box.height)) : 0;
        return { place: +all[i].getAttribute("data-place"), into: into, heading: sectionBefore(all[i]) };
      }
    }
    return null;
  }
  // The id of the last heading at or before `element` (the fallback place).
  function sectionBefore(element) {
    var id = null;
    document.querySelectorAll("main h1[id], main h2[id], main h3[id], main section.bead[id]").forEach(function (h) {
      if (h.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING || h === element) id = h.id;
    });
    return id;
  }
  function pageAddress(href) { return href.split("#")[0]; }
  document.querySelectorAll("a.language-link").forEach(function (link) {
    link.addEventListener("click", function () {
      var place = readingPlace();
      if (!place) {
        if (location.hash && link.href.indexOf("#") < 0) link.href += location.hash;
        return;
      }
      try {
        sessionStorage.setItem(placeKey, JSON.stringify({ to: pageAddress(link.href), place: place.place, into: place.into }));
        link.href = pageAddress(link.href);
      } catch (e) {
        if (place.heading) link.href = pageAddress(link.href) + "#" + encodeURIComponent(place.heading);
      }
    });
  });
  // Arriving from the switch: the counterpart is the first element placed at the reader's block,
  // else (a block the other language has no counterpart for) at the nearest block before it.
  (function arrive() {
    var wanted = null;
    try {
      wanted = JSON.parse(sessionStorage.getItem(placeKey) || "null");
      sessionStorage.removeItem(placeKey);
    } catch (e) { return; }
    if (!wanted || wanted.to !== pageAddress(location.href) || typeof wanted.place !== "number") return;
    var all = placed(), best = null, bestPlace = -1;
    for (var i = 0; i < all.length; i++) {
      var at = +all[i].getAttribute("data-place");
      if (at <= wanted.place && at > bestPlace) { best = all[i]; bestPlace = at; }
    }
    if (!best) return;
    function scroll() {
      var box = best.getBoundingClientRect();
      var into = bestPlace === wanted.place ? wanted.into * box.height : 0;
      window.scrollTo(0, window.scrollY + box.top - barBottom() + into);
    }
    scroll();
    // Pictures above it may load later and push it down: placed again then, unless the reader moved.
    var at = window.scrollY;
    window.addEventListener("load", function () { if (Math.abs(window.scrollY - at) < 2) scroll(); });
  })();
  // Code blocks and tables wider than their box scroll sideways: make those focusable, so the keyboard can scroll them too.
  var codes = document.querySelectorAll("main pre, main table");
  function focusableWhenScrolling() {
    codes.forEach(function (pre) {
      if (pre.scrollWidth > pre.clientWidth) pre.setAttribute("tabindex", "0");
      else pre.removeAttribute("tabindex");
    });
  }
  if (codes.length) {
    focusableWhenScrolling();
    window.addEventListener("resize", focusableWhenScrolling);
    window.addEventListener("load", focusableWhenScrolling);
  }
  // Side-by-side pages: hide either column (at least one stays visible).
  var bilingual = document.querySelector(".bilingual");
  if (bilingual) {
    var boxes = bilingual.querySelectorAll(".column-toggle input");
    boxes.forEach(function (box) {
      box.addEventListener("change", function () {
        var source = bilingual.querySelector('input[data-column="source"]');
        var target = bilingual.querySelector('input[data-column="target"]');
        if (!source.checked && !target.checked) (box === source ? target : source).checked = true;
        bilingual.dataset.show = source.checked && target.checked ? "both" : source.checked ? "source" : "target";
        focusableWhenScrolling();
      });
    });
    // Review marks: off for reading, on for reviewing; the choice is remembered across pages.
    var marks = bilingual.querySelector("input[data-marks-toggle]");
    var remembered = null;
    try { remembered = localStorage.getItem("guide.reviewMarks"); } catch (e) { /* storage off: not remembered */ }
    marks.checked = remembered === "on";
    bilingual.dataset.marks = marks.checked ? "on" : "off";
    marks.addEventListener("change", function () {
      bilingual.dataset.marks = marks.checked ? "on" : "off";
      try { localStorage.setItem("guide.reviewMarks", bilingual.dataset.marks); } catch (e) { /* not remembered */ }
    });
  }
})();
