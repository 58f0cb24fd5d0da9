// The lesson page's guard (first in notebooks/index.html; its data is QTTT_LESSON).
// * Opened from a folder (file://): JupyterLite would draw a white page. Show the way out
//   instead, in the reader's language (?lang=, else the browser's), as the game page does.
// * Opened without a notebook (notebooks/ alone): open the start-here lesson in the
//   reader's language.
(function () {
  "use strict";
  const data = QTTT_LESSON;
  const params = new URLSearchParams(window.location.search);
  const wanted = [params.get("lang") || ""].concat(navigator.languages || [navigator.language]);
  let lang = data["default"];
  for (let i = 0; i < wanted.length; i++) {
    let two = String(wanted[i] || "").toLowerCase().slice(0, 2);
    two = two === "no" || two === "nn" ? "nb" : two;
    if (data.languages.indexOf(two) >= 0) { lang = two; break; }
  }
  if (window.location.protocol === "file:") {
    document.documentElement.lang = lang;
    document.title = data.titles[lang];
    const show = function () {
      const style = document.createElement("style");
      style.textContent = "body > :not(#qttt-file) { display: none !important; }" +
        "#qttt-file { max-width: 40rem; margin: 3rem auto; padding: 0 1.5rem;" +
        " font: 1.15rem/1.6 'DejaVu Sans', 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;" +
        " color: #222; border-left: 6px solid #d55e00; }";
      document.head.appendChild(style);
      const box = document.createElement("main");
      box.id = "qttt-file";
      box.setAttribute("role", "alert");
      const heading = document.createElement("h1");
      heading.textContent = data.titles[lang];
      const text = document.createElement("p");
      text.textContent = data.messages[lang];
      box.appendChild(heading);
      box.appendChild(text);
      document.body.appendChild(box);
    };
    if (document.body) show();
    else document.addEventListener("DOMContentLoaded", show);
    return;
  }
  if (!params.get("path")) {
    const lesson = data.lessons[lang] || data.lessons[data["default"]];
    if (lesson) {
      params.set("path", lesson);
      window.location.replace(window.location.pathname + "?" + params.toString() +
        window.location.hash);
    }
  }
})();
