// The translators' dashboard: sort the overview, filter the findings (by status, chapter and
// language) with the counts following, all in the page (works from file://, no server).
(function () {
  "use strict";
  var table = document.querySelector("table.overview");
  if (table) {
    var body = table.tBodies[0];
    table.querySelectorAll("thead button").forEach(function (button, column) {
      button.addEventListener("click", function () {
        var numeric = button.dataset.sort === "number";
        var descending = button.getAttribute("aria-sort") !== "descending";
        table.querySelectorAll("thead th").forEach(function (th) { th.removeAttribute("aria-sort"); });
        table.querySelectorAll("thead button").forEach(function (b) { b.removeAttribute("aria-sort"); });
        button.setAttribute("aria-sort", descending ? "descending" : "ascending");
        button.parentElement.setAttribute("aria-sort", descending ? "descending" : "ascending");
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = a.cells[column].textContent.trim(), y = b.cells[column].textContent.trim();
          var order = numeric ? (+x) - (+y) : x.localeCompare(y);
          return descending ? -order : order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  }

  // The legend is open for a first look on a desktop; on a phone it would fill the first screens.
  var legend = document.querySelector("details.review-legend");
  if (legend && window.matchMedia && window.matchMedia("(max-width: 40rem)").matches && location.hash !== "#legend") {
    legend.open = false;
  }

  var form = document.querySelector("form.review-filters");
  if (!form) return;
  form.hidden = false;
  var sections = Array.prototype.slice.call(document.querySelectorAll("section.review-chapter"));
  var findings = sections.map(function (section) {
    return Array.prototype.slice.call(section.querySelectorAll("li[data-status]"));
  });
  var count = form.querySelector(".filter-count");
  // The count line's words, in the page's language (`review.lang`), `{1}` where the number goes.
  function words(one, many, n) {
    return n === 1 ? form.dataset[one] : form.dataset[many].replace("{1}", n);
  }
  function apply() {
    var shown = {};
    form.querySelectorAll("input[name=status]").forEach(function (box) { shown[box.value] = box.checked; });
    var chapter = form.elements.chapter.value, language = form.elements.language.value;
    var total = 0, chapters = 0;
    sections.forEach(function (section, index) {
      var inScope = (!chapter || section.dataset.chapter === chapter) && (!language || section.dataset.language === language);
      var visible = 0;
      findings[index].forEach(function (item) {
        var show = inScope && shown[item.dataset.status] !== false;
        item.hidden = !show;
        if (show) visible += 1;
      });
      var fold = section.querySelector(".typography-fold");
      if (fold) fold.hidden = shown.typography === false;
      section.hidden = !inScope;
      var label = section.querySelector(".section-count");
      if (label) label.textContent = words("findingOne", "findingMany", visible);
      if (inScope) { total += visible; chapters += 1; }
    });
    if (table) {
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        row.hidden = !((!chapter || row.dataset.chapter === chapter) && (!language || row.dataset.language === language));
      });
    }
    count.textContent = form.dataset.shownIn.replace("{1}", words("findingOne", "findingMany", total))
      .replace("{2}", words("chapterOne", "chapterMany", chapters));
  }

  // The filters live in the address's query (`?skip=typography,reader&chapter=…&language=zh`):
  // a link shares the view, and back and forward step through the filters chosen. The hash
  // stays the sections' (the overview's links).
  function query() {
    var skipped = [];
    form.querySelectorAll("input[name=status]").forEach(function (box) { if (!box.checked) skipped.push(box.value); });
    var params = new URLSearchParams();
    if (skipped.length) params.set("skip", skipped.join(","));
    if (form.elements.chapter.value) params.set("chapter", form.elements.chapter.value);
    if (form.elements.language.value) params.set("language", form.elements.language.value);
    var text = params.toString();
    return text ? "?" + text : "";
  }
  function restore() {
    var params = new URLSearchParams(location.search);
    var skipped = (params.get("skip") || "").split(",");
    form.querySelectorAll("input[name=status]").forEach(function (box) { box.checked = skipped.indexOf(box.value) < 0; });
    [["chapter", form.elements.chapter], ["language", form.elements.language]].forEach(function (pair) {
      var value = params.get(pair[0]) || "";
      // A value the page has no option for (a chapter since removed) shows everything.
      pair[1].value = Array.prototype.some.call(pair[1].options, function (o) { return o.value === value; }) ? value : "";
    });
  }
  form.addEventListener("change", function () {
    var next = query();
    if (next !== location.search) {
      try {
        history.pushState({ filters: next }, "", location.pathname + next + location.hash);
      } catch (error) {
        // A page opened from file:// in a browser that refuses: the filters still apply.
      }
    }
    apply();
  });
  window.addEventListener("popstate", function () {
    restore();
    apply();
  });
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  restore();
  apply();
})();
