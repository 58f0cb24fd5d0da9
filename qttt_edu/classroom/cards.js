// The dashboard's small boards, each a button: a click, Enter or Space on a card
// asks Python to show that game large. Python builds the cards (escaped, with their
// accessible names and which one is shown); the page only draws them (replacing only
// the cards that changed), keeps the keyboard focus on the same card across redraws,
// and sends which card was pressed.

function render({ model, el }) {
  el.classList.add("qttt-cards");
  const grid = document.createElement("div");
  grid.className = "qttt-cards-grid";
  grid.setAttribute("role", "group");
  el.appendChild(grid);
  let asked = null; // the card pressed last, until Python's answer is drawn

  const card = (code) =>
    grid.querySelector(`button.qttt-card[data-code="${CSS.escape(code)}"]`);

  // The large game sits below the grid: bring it up when it is far down the page.
  const showLarge = () => {
    const large = document.querySelector(".qttt-large");
    if (large && large.getBoundingClientRect().top > window.innerHeight * 0.6) {
      large.scrollIntoView({ block: "start", behavior: "smooth" });
    }
  };

  // Only the cards whose HTML changed are replaced (a move redraws one small board,
  // not thirty); a card that came or went redraws the grid.
  const replaceChanged = (value) => {
    const next = document.createElement("template");
    next.innerHTML = value;
    const fresh = [...next.content.children];
    const old = [...grid.children];
    const same =
      fresh.length === old.length &&
      fresh.every((node, i) => node.dataset.code && node.dataset.code === old[i].dataset.code);
    if (!same) {
      grid.replaceChildren(...fresh);
      return;
    }
    fresh.forEach((node, i) => {
      if (node.outerHTML !== old[i].outerHTML) old[i].replaceWith(node);
    });
  };

  const draw = () => {
    const active = document.activeElement;
    const focused =
      active && grid.contains(active) && active.dataset ? active.dataset.code : null;
    grid.setAttribute("aria-label", model.get("label"));
    replaceChanged(model.get("value"));
    if (focused && card(focused)) card(focused).focus({ preventScroll: true });
    if (asked && card(asked) && card(asked).getAttribute("aria-pressed") === "true") {
      asked = null;
      showLarge();
    }
  };

  const onClick = (event) => {
    const pressed = event.target.closest("button.qttt-card");
    if (!pressed || !grid.contains(pressed)) return;
    if (pressed.getAttribute("aria-pressed") === "true") {
      showLarge(); // already the large game: nothing to ask
      return;
    }
    asked = pressed.dataset.code;
    model.send({ type: "show", room: pressed.dataset.code });
  };

  grid.addEventListener("click", onClick);
  model.on("change:value", draw);
  model.on("change:label", draw);
  draw();
  return () => {
    grid.removeEventListener("click", onClick);
    model.off("change:value", draw);
    model.off("change:label", draw);
  };
}

export default { render };
