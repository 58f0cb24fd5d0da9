// The static site's rooms client without a browser: what the students' link does when it
// lands on qttt-join.html (joinSite), with happy-dom's sessionStorage and a recorded
// location and history. Run: node --test tests/js/ (tests/test_page_js.py runs it).
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { Window } from "happy-dom";

let window;
beforeEach(() => {
  window = new Window({ url: "http://10.0.0.5:8866/" });
  globalThis.window = window;
});
afterEach(async () => {
  await window.happyDOM.close();
});

const { joinSite, seatFor } = await import("../../qttt_edu/site/templates/rooms-client.js");

// A tab at `href`: the addresses it was sent to and the history entries it rewrote.
function tab(href) {
  const seen = { replaced: [], rewritten: [] };
  const win = {
    location: {
      href,
      replace(to) {
        seen.replaced.push(to);
      },
    },
    history: {
      state: null,
      replaceState(_state, _title, to) {
        seen.rewritten.push(to);
        win.location.href = to;
      },
    },
  };
  return { win, seen };
}

describe("the students' link on qttt-join.html", () => {
  it("keeps the keys in the tab, takes them out of the address and opens the room", () => {
    const { win, seen } = tab(
      "http://10.0.0.5:8866/qttt-join.html?lang=fi#class=ck-123&room=K7M-Q2P&seat=s3cret",
    );
    const opened = joinSite(win);
    assert.equal(opened, "http://10.0.0.5:8866/?lang=fi&room=K7M-Q2P");
    assert.deepEqual(seen.replaced, [opened]);
    // no key is left in any address the tab keeps (the join page's entry is rewritten,
    // then replaced, so it never enters the history with its keys)
    for (const address of [...seen.rewritten, ...seen.replaced]) {
      assert.doesNotMatch(address, /ck-123|s3cret/);
    }
    assert.equal(window.sessionStorage.getItem("qttt-rooms:class"), "ck-123");
    assert.equal(seatFor("k7m-q2p"), "s3cret");
  });

  it("opens the classroom's light app when the join page names it", () => {
    const { win, seen } = tab("http://10.0.0.5:8866/qttt-join.html?lang=nb#class=ck-7&room=ABC-DEF");
    const opened = joinSite(win, "light/");
    assert.equal(opened, "http://10.0.0.5:8866/light/?lang=nb&room=ABC-DEF");
    assert.deepEqual(seen.replaced, [opened]);
    assert.equal(window.sessionStorage.getItem("qttt-rooms:class"), "ck-7");
  });

  it("opens the site itself when the link names no room", () => {
    const { win, seen } = tab("http://10.0.0.5:8866/class/qttt-join.html#class=ck-9");
    assert.equal(joinSite(win), "http://10.0.0.5:8866/class/");
    assert.deepEqual(seen.replaced, ["http://10.0.0.5:8866/class/"]);
    assert.equal(window.sessionStorage.getItem("qttt-rooms:class"), "ck-9");
  });
});
