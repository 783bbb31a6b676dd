// Small progressive enhancements; every page works without this script.
(function () {
  "use strict";
  // The language switch keeps the reader at the same section: heading ids agree across languages.
  document.querySelectorAll("a.language-link").forEach(function (link) {
    link.addEventListener("click", function () {
      if (location.hash && link.href.indexOf("#") < 0) link.href += location.hash;
    });
  });
})();
