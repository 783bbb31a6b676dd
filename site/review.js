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

  var form = document.querySelector("form.review-filters");
  if (!form) return;
  form.hidden = false;
  var sections = Array.prototype.slice.call(document.querySelectorAll("section.review-chapter"));
  var findings = sections.map(function (section) {
    return Array.prototype.slice.call(section.querySelectorAll("li[data-status]"));
  });
  var count = form.querySelector(".filter-count");
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
      if (label) label.textContent = visible + (visible === 1 ? " finding" : " findings");
      if (inScope) { total += visible; chapters += 1; }
    });
    if (table) {
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        row.hidden = !((!chapter || row.dataset.chapter === chapter) && (!language || row.dataset.language === language));
      });
    }
    count.textContent = total + (total === 1 ? " finding" : " findings") + " shown in " + chapters
      + (chapters === 1 ? " chapter" : " chapters");
  }
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  apply();
})();
