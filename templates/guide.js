// Small progressive enhancements; every page works without this script.
(function () {
  "use strict";
  // The language switch keeps the reader's paragraph. Every block of a chapter's pages, and
  // every row of its side-by-side page, names the English block it stands for (`data-place`,
  // from the alignment's pairs): the block at the top of the screen is remembered with how far
  // into it the reader is, and the page switched to scrolls to its counterpart. Without
  // storage, the section's heading (ids agree across languages); without script, the page's top.
  var placeKey = "guide.place";
  function placed() { return document.querySelectorAll("main [data-place]"); }
  // Where the text starts to show: under the bar, and under the outline where it is stuck
  // across the text (a phone's folded outline), not beside it.
  function barBottom() {
    var first = placed()[0], bottom = 0;
    var x = first ? first.getBoundingClientRect().left + 1 : window.innerWidth / 2;
    document.querySelectorAll(".topbar, nav.outline").forEach(function (box) {
      var position = getComputedStyle(box).position, r = box.getBoundingClientRect();
      if ((position === "sticky" || position === "fixed") && r.left <= x && r.right > x && r.top <= bottom + 1 && r.bottom > bottom) {
        bottom = r.bottom;
      }
    });
    return bottom < window.innerHeight / 2 ? bottom : 0;
  }
  // The first placed element not yet scrolled past the bar, and how far into it the bar is.
  function readingPlace() {
    var top = barBottom(), all = placed();
    for (var i = 0; i < all.length; i++) {
      var box = all[i].getBoundingClientRect();
      if (box.bottom > top + 1) {
        var into = box.height > 0 ? Math.max(0, Math.min(1, (top - box.top) / box.height)) : 0;
        return { place: +all[i].getAttribute("data-place"), into: into, heading: sectionBefore(all[i]), element: all[i] };
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
      // A reader still at the heading the address names keeps it (the same section's address).
      var named = location.hash && place.element.id && location.hash === "#" + encodeURIComponent(place.element.id);
      try {
        sessionStorage.setItem(placeKey, JSON.stringify({ to: pageAddress(link.href), place: place.place, into: place.into }));
        link.href = pageAddress(link.href) + (named ? location.hash : "");
      } catch (e) {
        if (place.heading) link.href = pageAddress(link.href) + "#" + encodeURIComponent(place.heading);
      }
    });
  });
  // Arriving from the switch: the counterpart is the first element placed at the reader's block,
  // else (a block the other language has no counterpart for) at the nearest block before it.
  function arrive() {
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
    // Twice: a phone's outline strip sticks under the bar only once the page has scrolled.
    scroll();
    scroll();
    // Until the reader moves, the place is kept through what changes the layout afterwards:
    // pictures and fonts loading above it, the bar growing a row for the search box.
    var moved = false;
    ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (kind) {
      window.addEventListener(kind, function () { moved = true; }, { once: true, passive: true, capture: true });
    });
    function stay() { if (!moved) scroll(); }
    if (window.ResizeObserver) {
      var watch = new ResizeObserver(stay);
      watch.observe(document.body);
      if (bar) watch.observe(bar);
    }
    window.addEventListener("load", stay);
  }
  var root = document.documentElement;
  // The bar stays at the top: the sidebar, the outline and jumps to a heading sit under it.
  var bar = document.querySelector(".topbar");
  function measureBar() {
    if (bar) root.style.setProperty("--bar-height", bar.getBoundingClientRect().height + "px");
  }
  measureBar();
  window.addEventListener("resize", measureBar);
  if (bar && window.ResizeObserver) new ResizeObserver(measureBar).observe(bar);

  // Narrow screens: the menu button opens the table of contents as a drawer over the page.
  var menu = document.querySelector(".menu-button[aria-controls]");
  var sidebar = menu && document.getElementById(menu.getAttribute("aria-controls"));
  if (menu && sidebar) {
    menu.hidden = false;
    var backdrop = document.createElement("div");
    backdrop.className = "drawer-backdrop";
    backdrop.hidden = true;
    sidebar.parentNode.insertBefore(backdrop, sidebar.nextSibling);
    var isOpen = function () { return menu.getAttribute("aria-expanded") === "true"; };
    // The drawer opens at the current chapter (the sidebar's script places it: sidebar.mustache).
    var reveal = function () { if (sidebar.guideRevealCurrent) sidebar.guideRevealCurrent(); };
    var openDrawer = function () {
      menu.setAttribute("aria-expanded", "true");
      sidebar.classList.add("open");
      backdrop.hidden = false;
      root.classList.add("drawer-open");
      reveal();
      var first = sidebar.querySelector('a[aria-current="page"]') || sidebar.querySelector("a[href]");
      if (!first) { sidebar.setAttribute("tabindex", "-1"); first = sidebar; }
      first.focus();
    };
    var closeDrawer = function (returnFocus) {
      if (!isOpen()) return;
      menu.setAttribute("aria-expanded", "false");
      sidebar.classList.remove("open");
      backdrop.hidden = true;
      root.classList.remove("drawer-open");
      if (returnFocus) menu.focus();
    };
    menu.addEventListener("click", function () { if (isOpen()) closeDrawer(true); else openDrawer(); });
    backdrop.addEventListener("click", function () { closeDrawer(true); });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && isOpen()) { event.preventDefault(); closeDrawer(true); }
    });
    // Tabbing out of the drawer (not to its button) closes it; so does following a link in it.
    sidebar.addEventListener("focusout", function (event) {
      var to = event.relatedTarget;
      if (isOpen() && to && !sidebar.contains(to) && to !== menu) closeDrawer(false);
    });
    sidebar.addEventListener("click", function (event) {
      if (event.target.closest && event.target.closest("a[href]")) closeDrawer(false);
    });
    // A window made wide enough for the sidebar leaves no drawer open.
    var wide = window.matchMedia("(min-width: 48.01rem)");
    var onWide = function () { if (wide.matches) closeDrawer(false); };
    if (wide.addEventListener) wide.addEventListener("change", onWide); else if (wide.addListener) wide.addListener(onWide);
  }

  // The "on this page" outline: folded under the bar on narrow screens, and on every screen it
  // marks the section being read (the last heading above a line near the top of the window).
  var outline = document.querySelector("nav.outline");
  if (outline) {
    var toggle = outline.querySelector(".outline-toggle");
    var currentLabel = outline.querySelector(".outline-current");
    var links = Array.prototype.slice.call(outline.querySelectorAll('a[href^="#"]'));
    var targets = links.map(function (link) {
      var id = link.getAttribute("href").slice(1), target = document.getElementById(id);
      if (!target) { try { target = document.getElementById(decodeURIComponent(id)); } catch (e) { /* not encoded */ } }
      return target;
    });
    var fold = function (expanded, returnFocus) {
      outline.classList.toggle("expanded", expanded);
      if (toggle) {
        toggle.setAttribute("aria-expanded", expanded ? "true" : "false");
        if (returnFocus) toggle.focus();
      }
    };
    if (toggle) {
      toggle.addEventListener("click", function () { fold(!outline.classList.contains("expanded"), false); });
      outline.addEventListener("keydown", function (event) {
        if (event.key === "Escape" && outline.classList.contains("expanded")) { event.preventDefault(); fold(false, true); }
      });
      document.addEventListener("click", function (event) {
        if (outline.classList.contains("expanded") && !outline.contains(event.target)) fold(false, false);
      });
    }
    outline.addEventListener("click", function (event) {
      if (event.target.closest && event.target.closest("a[href]")) fold(false, false);
    });
    var active = -1;
    var mark = function (index) {
      if (index === active) return;
      if (active >= 0) { links[active].removeAttribute("aria-current"); links[active].classList.remove("active"); }
      active = index;
      if (currentLabel) currentLabel.textContent = index >= 0 ? links[index].textContent : "";
      if (index < 0) return;
      var link = links[index];
      link.setAttribute("aria-current", "location");
      link.classList.add("active");
      // The marked entry in view inside the outline, when the outline scrolls (never the page).
      var list = outline.scrollHeight > outline.clientHeight ? outline : null;
      if (list) {
        var top = link.getBoundingClientRect().top - list.getBoundingClientRect().top;
        if (top < 0 || top > list.clientHeight - link.offsetHeight) list.scrollTop += top - list.clientHeight / 3;
      }
    };
    var spy = function () {
      var padding = parseFloat(getComputedStyle(root).scrollPaddingTop) || 0;
      var line = padding + Math.max(16, (window.innerHeight - padding) / 4);
      // Headings come in page order: the last one above the line, found by halving.
      var low = 0, high = targets.length - 1, found = -1;
      while (low <= high) {
        var middle = (low + high) >> 1, target = targets[middle];
        var top = target ? target.getBoundingClientRect().top : Infinity;
        if (top <= line) { found = middle; low = middle + 1; } else high = middle - 1;
      }
      // At the very end of the page, the last heading that shows is the one being read.
      if (window.innerHeight + window.scrollY >= root.scrollHeight - 2) {
        for (var last = targets.length - 1; last > found; last--) {
          if (targets[last] && targets[last].getBoundingClientRect().top < window.innerHeight) { found = last; break; }
        }
      }
      mark(found);
    };
    var scheduled = false;
    var schedule = function () {
      if (scheduled) return;
      scheduled = true;
      window.requestAnimationFrame(function () { scheduled = false; spy(); });
    };
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    window.addEventListener("load", spy);
    spy();
  }

  // ← and → follow the page's previous and next links (as mdBook does): not while typing, not
  // with a modifier, not where the arrows scroll something sideways.
  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    var target = event.target;
    if (target && target.nodeType === 1) {
      if (target.isContentEditable || /^(input|textarea|select|button)$/i.test(target.tagName)) return;
      if (target.closest && target.closest(".search, .search-results")) return;
      for (var box = target; box && box !== document.body && box !== root; box = box.parentElement) {
        if (box.scrollWidth > box.clientWidth && /auto|scroll/.test(getComputedStyle(box).overflowX)) return;
      }
    }
    var link = document.querySelector('.pager a[rel="' + (event.key === "ArrowLeft" ? "prev" : "next") + '"]');
    if (link) { event.preventDefault(); window.location.href = link.href; }
  });

  // Once every script of the page has given the bar and the outline their places.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", arrive);
  else arrive();

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
