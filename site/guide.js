// Small progressive enhancements; every page works without this script.
(function () {
  "use strict";
  // The language switch keeps the reader at the same section: heading ids agree across languages.
  document.querySelectorAll("a.language-link").forEach(function (link) {
    link.addEventListener("click", function () {
      if (location.hash && link.href.indexOf("#") < 0) link.href += location.hash;
    });
  });
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
