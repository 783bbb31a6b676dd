// Search of the guide's pages, in the browser: Chinese by character bigrams, other scripts by words.
//
// `guide build` writes the index as scripts: search/index.js (the pages, where the shards
// start), search/t<N>.js (sorted ranges of terms with their postings) and search/d<N>.js
// (the sections' text, for excerpts). They are loaded with <script> tags when first needed,
// so the search works from file:// and a query reads only the shards it needs.
// The tokenising rules are the same as Sources/GuideRender/Search/SearchTokenizer.swift.
// Without this script the search box stays hidden; every page works without it.
(function (global) {
  "use strict";

  var CJK = /[\u2e80-\u2fdf\u3005\u3007\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\u{20000}-\u{2ffff}]/u;
  var WORD = /[\p{L}\p{N}\p{M}_]/u;
  var UPPER = /\p{Uppercase}/u;
  var LOWER = /\p{Lowercase}/u;
  var MAX_EXPANSION = 2000;   // terms a prefix may stand for
  var MAX_GROUPS = 20;        // chapters shown
  var MAX_SECTIONS = 5;       // sections shown per chapter

  // ---- Tokenising ----

  function wordParts(chars) {
    var parts = [], current = [];
    for (var i = 0; i < chars.length; i++) {
      var c = chars[i];
      if (c === "_") { if (current.length) parts.push(current.join("")); current = []; continue; }
      if (current.length) {
        var last = current[current.length - 1], next = chars[i + 1];
        var lowerToUpper = LOWER.test(last) && UPPER.test(c);
        var acronymEnd = UPPER.test(last) && UPPER.test(c) && next !== undefined && LOWER.test(next);
        if (lowerToUpper || acronymEnd) { parts.push(current.join("")); current = []; }
      }
      current.push(c);
    }
    if (current.length) parts.push(current.join(""));
    return parts;
  }

  // The index's terms of a text, in order, with repeats (as the build computes them).
  function terms(text) {
    var result = [], word = [], run = [];
    function flushWord() {
      if (!word.length) return;
      result.push(word.join("").toLowerCase());
      var parts = wordParts(word);
      if (parts.length > 1) parts.forEach(function (p) { if (Array.from(p).length >= 2) result.push(p.toLowerCase()); });
      word = [];
    }
    function flushRun() {
      if (!run.length) return;
      for (var k = 0; k + 1 < run.length; k++) result.push(run[k] + run[k + 1]);
      result.push(run[run.length - 1]);
      run = [];
    }
    for (var c of text) {
      if (CJK.test(c)) { flushWord(); run.push(c.toLowerCase()); }
      else if (WORD.test(c)) { flushRun(); word.push(c); }
      else { flushWord(); flushRun(); }
    }
    flushWord(); flushRun();
    return result;
  }

  // A query's tokens: words (matched as prefixes of terms) and runs of CJK characters.
  function parseQuery(query) {
    var tokens = [], seen = {}, word = "", run = [];
    function add(token) { if (!seen[token.kind + token.text]) { seen[token.kind + token.text] = true; tokens.push(token); } }
    function flushWord() { if (word) add({ kind: "word", text: word }); word = ""; }
    function flushRun() { if (run.length) add({ kind: "cjk", text: run.join(""), chars: run }); run = []; }
    for (var c of query.toLowerCase()) {
      if (CJK.test(c)) { flushWord(); run.push(c); }
      else if (WORD.test(c)) { flushRun(); word += c; }
      else { flushWord(); flushRun(); }
    }
    flushWord(); flushRun();
    return tokens;
  }

  // ---- Searching ----

  function decodePostings(encoded) {
    var parts = encoded.split(","), out = new Array(parts.length), value = 0;
    for (var i = 0; i < parts.length; i++) { value += parseInt(parts[i], 36); out[i] = value; }
    return out;
  }

  // First index in the sorted array whose value is >= key.
  function lowerBound(array, key) {
    var lo = 0, hi = array.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (array[mid] < key) lo = mid + 1; else hi = mid; }
    return lo;
  }

  // manifest: the object search/index.js sets; loadShard(name) → Promise of the shard object.
  function Searcher(manifest, loadShard) {
    this.manifest = manifest;
    this.loadShard = loadShard;
    this.cache = {};
    this.pageStarts = [];
    var section = 0;
    for (var i = 0; i < manifest.pages.length; i++) { this.pageStarts.push(section); section += manifest.pages[i][3]; }
  }

  Searcher.prototype.shard = function (name) {
    if (!this.cache[name]) {
      var self = this;
      this.cache[name] = Promise.resolve(this.loadShard(name)).then(function (raw) {
        if (!raw) throw new Error("search shard " + name + " is missing");
        if (raw.terms !== undefined) return { terms: raw.terms.split("\n"), postings: raw.postings, decoded: {} };
        return raw;
      }).catch(function (error) { delete self.cache[name]; throw error; });
    }
    return this.cache[name];
  };

  // The term shards that may hold `term` (exact) or the terms starting with it (prefix).
  Searcher.prototype.termShards = function (term, prefix) {
    var starts = this.manifest.termShards;
    if (!starts.length) return [];
    var first = Math.max(0, lowerBound(starts, term + "\u0000") - 1);   // the last shard starting at or before `term`
    var names = ["t" + first];
    if (prefix) for (var k = first + 1; k < starts.length && starts[k].startsWith(term); k++) names.push("t" + k);
    return names;
  };

  // Section → weight (2 when in the heading, else 1) for the terms equal to, or starting with, `term`.
  Searcher.prototype.lookup = function (term, prefix) {
    var self = this;
    return Promise.all(this.termShards(term, prefix).map(function (n) { return self.shard(n); })).then(function (shards) {
      var hits = new Map(), expanded = 0;
      shards.forEach(function (shard) {
        for (var i = lowerBound(shard.terms, term); i < shard.terms.length && expanded < MAX_EXPANSION; i++) {
          var t = shard.terms[i];
          if (prefix ? !t.startsWith(term) : t !== term) break;
          expanded++;
          var entries = shard.decoded[i] || (shard.decoded[i] = decodePostings(shard.postings[i]));
          var exact = t === term ? 1 : 0.8;
          for (var j = 0; j < entries.length; j++) {
            var section = entries[j] >> 1, weight = ((entries[j] & 1) ? 3 : 1) * exact;
            if (!(hits.get(section) >= weight)) hits.set(section, weight);
          }
        }
      });
      return hits;
    });
  };

  // The sections that hold a query token, with their weights.
  Searcher.prototype.tokenHits = function (token) {
    if (token.kind === "word" || token.chars.length === 1) return this.lookup(token.text, true);
    var bigrams = [];
    for (var k = 0; k + 1 < token.chars.length; k++) bigrams.push(token.chars[k] + token.chars[k + 1]);
    var self = this;
    return Promise.all(bigrams.map(function (b) { return self.lookup(b, false); })).then(function (maps) {
      maps.sort(function (a, b) { return a.size - b.size; });
      var hits = new Map();
      maps[0].forEach(function (weight, section) {
        var w = weight;
        for (var m = 1; m < maps.length; m++) { var v = maps[m].get(section); if (v === undefined) return; w = Math.min(w, v); }
        hits.set(section, w);
      });
      return hits;
    });
  };

  Searcher.prototype.pageOf = function (section) {
    return lowerBound(this.pageStarts, section + 1) - 1;
  };

  Searcher.prototype.textShardOf = function (page) {
    return "d" + (lowerBound(this.manifest.textShards, page + 1) - 1);
  };

  // Results: { query, tokens, total, groups: [{ page: {language, title, href}, sections: [{id, heading, text}], more }] }.
  // `language` puts that language's pages first.
  Searcher.prototype.search = function (query, language) {
    var self = this, tokens = parseQuery(query);
    var sectionCount = Math.max(1, this.manifest.sections);
    if (!tokens.length) return Promise.resolve({ query: query, tokens: tokens, total: 0, groups: [] });
    return Promise.all(tokens.map(function (t) { return self.tokenHits(t); })).then(function (maps) {
      var order = maps.map(function (m, i) { return i; }).sort(function (a, b) { return maps[a].size - maps[b].size; });
      var idf = maps.map(function (m) { return Math.log(1 + sectionCount / Math.max(1, m.size)); });
      var scored = [];
      maps[order[0]].forEach(function (weight, section) {
        var score = weight * idf[order[0]];
        for (var k = 1; k < order.length; k++) {
          var w = maps[order[k]].get(section);
          if (w === undefined) return;
          score += w * idf[order[k]];
        }
        scored.push([section, score]);
      });
      // Group by page; a page ranks by its best section.
      var groups = new Map();
      scored.forEach(function (entry) {
        var page = self.pageOf(entry[0]);
        var group = groups.get(page);
        if (!group) groups.set(page, group = { page: page, best: 0, sections: [] });
        group.sections.push(entry);
        if (entry[1] > group.best) group.best = entry[1];
      });
      var preferred = (language || "").split("-")[0];
      var list = Array.from(groups.values());
      list.sort(function (a, b) {
        var la = self.manifest.pages[a.page][0].split("-")[0] === preferred ? 0 : 1;
        var lb = self.manifest.pages[b.page][0].split("-")[0] === preferred ? 0 : 1;
        return la - lb || b.best - a.best || a.page - b.page;
      });
      var shown = list.slice(0, MAX_GROUPS);
      var shardNames = Array.from(new Set(shown.map(function (g) { return self.textShardOf(g.page); })));
      return Promise.all(shardNames.map(function (n) { return self.shard(n); })).then(function () {
        return Promise.all(shown.map(function (g) { return self.shard(self.textShardOf(g.page)).then(function (shard) { return [g, shard]; }); }));
      }).then(function (pairs) {
        var needles = tokens.map(function (t) { return t.text; });
        var result = [];
        pairs.forEach(function (pair) {
          var g = pair[0], shard = pair[1];
          var info = self.manifest.pages[g.page];
          var texts = shard.pages[g.page - self.manifest.textShards[lowerBound(self.manifest.textShards, g.page + 1) - 1]];
          g.sections.sort(function (a, b) { return b[1] - a[1] || a[0] - b[0]; });
          var sections = [];
          g.sections.forEach(function (entry) {
            var s = texts[entry[0] - self.pageStarts[g.page]];
            // Bigrams found apart do not make a phrase: keep sections that hold every token as written.
            var haystack = (s[1] + " " + s[2]).toLowerCase();
            if (!needles.every(function (n) { return haystack.indexOf(n) >= 0; })) return;
            sections.push({ id: s[0], heading: s[1], text: s[2] });
          });
          if (!sections.length) return;
          result.push({
            page: { language: info[0], title: info[1], href: info[2] },
            sections: sections.slice(0, MAX_SECTIONS),
            more: Math.max(0, sections.length - MAX_SECTIONS)
          });
        });
        return { query: query, tokens: tokens, total: scored.length, groups: result };
      });
    });
  };

  // Text split into parts around the query's tokens: [{text, mark}], cut to about `length` characters around the first match.
  function excerpt(text, needles, length) {
    if (length === undefined) length = 180;
    var lower = text.toLowerCase();
    var same = lower.length === text.length;
    var first = -1;
    if (same) needles.forEach(function (n) { var i = lower.indexOf(n); if (i >= 0 && (first < 0 || i < first)) first = i; });
    var start = 0, end = text.length;
    if (length && text.length > length) {
      start = Math.max(0, (first < 0 ? 0 : first) - Math.floor(length / 3));
      end = Math.min(text.length, start + length);
      if (start > 0 && /[\udc00-\udfff]/.test(text[start])) start++;
      if (end < text.length && /[\udc00-\udfff]/.test(text[end])) end++;
    }
    var parts = [];
    if (start > 0) parts.push({ text: "…", mark: false });
    var i = start, plainFrom = start;
    while (same && i < end) {
      var hit = 0;
      needles.forEach(function (n) { if (n.length > hit && lower.startsWith(n, i) && i + n.length <= end) hit = n.length; });
      if (hit) {
        if (i > plainFrom) parts.push({ text: text.slice(plainFrom, i), mark: false });
        parts.push({ text: text.slice(i, i + hit), mark: true });
        i += hit; plainFrom = i;
      } else i++;
    }
    if (end > plainFrom) parts.push({ text: text.slice(plainFrom, end), mark: false });
    if (end < text.length) parts.push({ text: "…", mark: false });
    return parts;
  }

  var api = { terms: terms, parseQuery: parseQuery, Searcher: Searcher, excerpt: excerpt };
  global.guideSearch = api;
  if (typeof module === "object" && module.exports) module.exports = api;

  // ---- The search box ----

  function setup() {
    var box = document.querySelector(".search[data-root]");
    if (!box) return;
    var input = box.querySelector("input");
    var panel = box.querySelector(".search-results");
    var root = box.getAttribute("data-root") || "";
    var language = document.documentElement.lang || "";
    var zh = /^zh/i.test(language);
    var text = zh
      ? { placeholder: "搜索", label: "搜索本书", none: "没有找到结果", more: "另有 {n} 处", results: "{n} 处结果", error: "无法载入搜索索引" }
      : { placeholder: "Search", label: "Search the book", none: "No results", more: "{n} more", results: "{n} results", error: "The search index could not be loaded" };
    input.placeholder = text.placeholder;
    input.setAttribute("aria-label", text.label);
    box.hidden = false;

    function loadScript(src) {
      return new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = src;
        script.onload = function () { resolve(); };
        script.onerror = function () { reject(new Error(src)); };
        document.head.appendChild(script);
      });
    }
    var searcher = null;
    function ready() {
      if (!searcher) {
        searcher = loadScript(root + "search/index.js").then(function () {
          return new Searcher(global.guideSearchIndex, function (name) {
            return loadScript(root + "search/" + name + ".js").then(function () { return global.guideSearchShards[name]; });
          });
        });
        searcher.catch(function () { searcher = null; });
      }
      return searcher;
    }

    function marked(parent, parts) {
      parts.forEach(function (part) {
        if (part.mark) { var m = document.createElement("mark"); m.textContent = part.text; parent.appendChild(m); }
        else parent.appendChild(document.createTextNode(part.text));
      });
    }
    function format(template, n) { return template.replace("{n}", n); }

    function show(results) {
      panel.textContent = "";
      var needles = results.tokens.map(function (t) { return t.text; });
      var status = document.createElement("p");
      status.className = "search-status";
      status.setAttribute("role", "status");
      var count = results.groups.reduce(function (n, g) { return n + g.sections.length + g.more; }, 0);
      status.textContent = count ? format(text.results, count) : text.none;
      panel.appendChild(status);
      results.groups.forEach(function (group) {
        var section = document.createElement("section");
        section.className = "search-group";
        var title = document.createElement("h2");
        title.textContent = group.page.title;
        title.lang = group.page.language === "zh" ? "zh-Hans" : group.page.language;
        section.appendChild(title);
        var list = document.createElement("ul");
        group.sections.forEach(function (s) {
          var item = document.createElement("li");
          var link = document.createElement("a");
          link.href = root + group.page.href + (s.id ? "#" + encodeURIComponent(s.id) : "");
          link.lang = title.lang;
          var heading = document.createElement("span");
          heading.className = "search-heading";
          marked(heading, excerpt(s.heading, needles, 0));
          var body = document.createElement("span");
          body.className = "search-excerpt";
          marked(body, excerpt(s.text, needles, 180));
          link.appendChild(heading);
          link.appendChild(body);
          item.appendChild(link);
          list.appendChild(item);
        });
        if (group.more) {
          var more = document.createElement("li");
          more.className = "search-more";
          more.textContent = format(text.more, group.more);
          list.appendChild(more);
        }
        section.appendChild(list);
        panel.appendChild(section);
      });
      panel.hidden = false;
    }

    var sequence = 0, timer = 0;
    function run() {
      var query = input.value.trim();
      var current = ++sequence;
      if (!query) { panel.hidden = true; panel.textContent = ""; return; }
      ready().then(function (s) { return s.search(query, language); }).then(function (results) {
        if (current === sequence) show(results);
      }, function () {
        if (current !== sequence) return;
        panel.textContent = text.error;
        panel.hidden = false;
      });
    }
    input.addEventListener("focus", function () { ready(); if (input.value.trim() && panel.childNodes.length) panel.hidden = false; });
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 60); });
    input.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { input.value = ""; run(); input.blur(); }
      else if (event.key === "Enter") {
        var first = panel.querySelector("a");
        if (first) first.click();
      } else if (event.key === "ArrowDown") {
        var link = panel.querySelector("a");
        if (link) { event.preventDefault(); link.focus(); }
      }
    });
    panel.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { panel.hidden = true; input.focus(); }
    });
    document.addEventListener("click", function (event) { if (!box.contains(event.target)) panel.hidden = true; });
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      var typing = target && (target.isContentEditable || /^(input|textarea|select)$/i.test(target.tagName));
      if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        input.focus();
      }
    });
  }

  if (typeof document !== "undefined" && document.querySelector) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
    else setup();
  }
})(typeof globalThis !== "undefined" ? globalThis : this);
