// Side-by-side pages: hovering or focusing a sentence lights it and its counterpart in the
// other column. The build gives each cell its sentences in `data-sentences`: per sentence,
// in order, `link:length`, where `link` is its group in the pair (the same number in both
// cells pairs them; a number only one cell has is a sentence with no counterpart) and `length`
// how many characters a reader sees of it, whitespace aside (`?`: not known). This script
// wraps each sentence's text in `<span class="sentence">` pieces (one per text node it
// crosses; the first takes keyboard focus), counting the cell's visible characters in order.
// A cell whose characters do not add up is left as it is rather than cut wrongly.
(function () {
  "use strict";
  var page = document.querySelector(".bilingual");
  if (!page) return;

  // Whitespace as the build counts it (`Sentence.isBlank`): JavaScript's \s.
  function isBlank(c) {
    return (c >= 0x09 && c <= 0x0d) || c === 0x20 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
      c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
  }

  // Visible characters (code points that are not whitespace) of a string.
  function count(text) {
    var n = 0;
    for (var i = 0; i < text.length; i++) {
      var c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) { i++; n++; continue; }
      if (!isBlank(c)) n++;
    }
    return n;
  }

  // [[link, length], …], or null when a length is not known or the list does not parse.
  function parse(value) {
    var out = [];
    if (!value) return out;
    var parts = value.split(" ");
    for (var i = 0; i < parts.length; i++) {
      var m = /^(\d{1,9}):(\d{1,12})$/.exec(parts[i]);
      if (!m) return null;
      out.push([m[1], +m[2]]);
    }
    return out;
  }

  // The links a cell has sentences in, known lengths or not.
  function linksOf(value) {
    var set = Object.create(null);
    (value || "").split(" ").forEach(function (part) {
      var link = part.split(":")[0];
      if (link) set[link] = true;
    });
    return set;
  }

  // What the build counted: text, and an image's alt text; not code blocks, snippet badges,
  // buttons or raw HTML tables (they have no sentences).
  var skipped = "pre, .code-block, .snippet-badge, button, script, style, table, svg";
  function pieces(cell) {
    var out = [];
    var walker = document.createTreeWalker(cell, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        if (node.nodeType === 3) return NodeFilter.FILTER_ACCEPT;
        if (node.matches(skipped)) return NodeFilter.FILTER_REJECT;
        return node.tagName === "IMG" ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
      }
    });
    for (var node = walker.nextNode(); node; node = walker.nextNode()) out.push(node);
    return out;
  }

  function wrapCell(cell, other) {
    var sentences = parse(cell.getAttribute("data-sentences"));
    if (!sentences || !sentences.length) return;
    var counterparts = linksOf(other && other.getAttribute("data-sentences"));
    var nodes = pieces(cell), total = 0, expected = 0, i;
    for (i = 0; i < nodes.length; i++) total += count(nodes[i].nodeType === 3 ? nodes[i].data : nodes[i].alt || "");
    for (i = 0; i < sentences.length; i++) expected += sentences[i][1];
    if (total !== expected || !total) return;   // the page is not what the build counted: leave it

    var s = 0, left = 0, focusable = -1;
    function next() {   // the next sentence with characters to take
      while (s < sentences.length && sentences[s][1] === 0) s++;
      left = s < sentences.length ? sentences[s][1] : 0;
    }
    next();
    function span(text, index) {
      var piece = document.createElement("span");
      var link = sentences[index][0];
      piece.className = counterparts[link] ? "sentence" : "sentence sentence-alone";
      piece.setAttribute("data-link", link);
      if (focusable !== index) {   // the sentence's first piece
        focusable = index;
        piece.tabIndex = 0;
      }
      piece.textContent = text;
      return piece;
    }
    nodes.forEach(function (node) {
      if (node.nodeType !== 3) {   // an image: its alt text is counted, the image not wrapped
        for (var n = count(node.alt || ""); n > 0 && s < sentences.length;) {
          var take = Math.min(n, left);
          n -= take;
          left -= take;
          if (!left) { s++; next(); }
        }
        return;
      }
      var data = node.data, cuts = [], start = -1, end = -1, owner = -1;
      for (var at = 0; at < data.length && s < sentences.length;) {
        var c = data.charCodeAt(at), width = c >= 0xd800 && c <= 0xdbff && at + 1 < data.length ? 2 : 1;
        if (width === 1 && isBlank(c)) { at++; continue; }
        if (owner !== s) {
          if (owner >= 0) cuts.push([start, end, owner]);
          owner = s;
          start = at;
        }
        at += width;
        end = at;
        if (!--left) {
          cuts.push([start, end, owner]);
          owner = -1;
          s++;
          next();
        }
      }
      if (owner >= 0) cuts.push([start, end, owner]);
      if (!cuts.length) return;
      var fragment = document.createDocumentFragment(), from = 0;
      cuts.forEach(function (cut) {
        if (cut[0] > from) fragment.appendChild(document.createTextNode(data.slice(from, cut[0])));
        fragment.appendChild(span(data.slice(cut[0], cut[1]), cut[2]));
        from = cut[1];
      });
      if (from < data.length) fragment.appendChild(document.createTextNode(data.slice(from)));
      node.parentNode.replaceChild(fragment, node);
    });
  }

  function wrapRow(row) {
    if (row.guideSentences) return;
    row.guideSentences = true;
    var source = row.querySelector(":scope > .cell.source"), target = row.querySelector(":scope > .cell.target");
    if (source) wrapCell(source, target);
    if (target) wrapCell(target, source);
  }

  // A sentence's pieces and its counterpart's, in its row.
  function group(sentence) {
    var row = sentence.closest(".bead");
    var link = sentence.getAttribute("data-link");
    return row && /^\d+$/.test(link) ? row.querySelectorAll('.sentence[data-link="' + link + '"]') : [sentence];
  }

  var hovered = null, focused = null, lit = [];
  function light() {
    lit.forEach(function (piece) { piece.classList.remove("sentence-lit"); });
    lit = [];
    [hovered, focused].forEach(function (sentence) {
      if (!sentence) return;
      Array.prototype.forEach.call(group(sentence), function (piece) {
        piece.classList.add("sentence-lit");
        lit.push(piece);
      });
    });
  }
  function sentenceOf(target) {
    return target && target.closest ? target.closest(".bilingual .sentence") : null;
  }
  page.addEventListener("mouseover", function (event) {
    var row = event.target.closest && event.target.closest(".bead");
    if (row && !row.guideSentences) wrapRow(row);
    var sentence = sentenceOf(event.target);
    if (sentence !== hovered) { hovered = sentence; light(); }
  });
  page.addEventListener("mouseleave", function () {
    if (hovered) { hovered = null; light(); }
  });
  page.addEventListener("focusin", function (event) {
    var sentence = sentenceOf(event.target);
    if (sentence !== focused) { focused = sentence; light(); }
  });
  page.addEventListener("focusout", function (event) {
    if (focused && !sentenceOf(event.relatedTarget)) { focused = null; light(); }
  });

  // Wrap the rows a batch at a time, so a page of a million rows stays responsive.
  var rows = page.querySelectorAll(".bead"), done = 0, batch = 400;
  function work() {
    var end = Math.min(rows.length, done + batch);
    for (; done < end; done++) wrapRow(rows[done]);
    if (done < rows.length) setTimeout(work, 0);
  }
  work();
})();
