// The copy button of each code block (the build writes it hidden; this script shows it and makes it work).
(function () {
  "use strict";
  var zh = /^zh/i.test(document.documentElement.lang || "");
  var text = zh
    ? { copy: "复制", copied: "已复制", failed: "复制失败" }
    : { copy: "Copy", copied: "Copied", failed: "Copy failed" };

  function fallbackCopy(value) {
    var area = document.createElement("textarea");
    area.value = value;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    return ok ? Promise.resolve() : Promise.reject(new Error("copy"));
  }

  function copy(value) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(value).catch(function () { return fallbackCopy(value); });
    }
    return fallbackCopy(value);
  }

  document.querySelectorAll(".code-block > .copy-code").forEach(function (button) {
    var code = button.parentNode.querySelector("pre");
    if (!code) return;
    var timer = 0;
    button.textContent = text.copy;
    button.hidden = false;
    button.addEventListener("click", function () {
      copy(code.textContent).then(function () { return text.copied; }, function () { return text.failed; }).then(function (message) {
        button.textContent = message;
        clearTimeout(timer);
        timer = setTimeout(function () { button.textContent = text.copy; }, 1600);
      });
    });
  });
})();
