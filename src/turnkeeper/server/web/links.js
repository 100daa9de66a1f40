// A link to hand out (a GM, seat or spectator link): the address, a copy button, an "open"
// link and the QR code the server drew (an SVG data URI, shown as an image).
(function () {
  "use strict";

  const el = window.TurnkeeperDom.el; // dom.js

  async function copyText(text, input, button) {
    let done = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        done = true;
      }
    } catch (err) {
      done = false;
    }
    if (!done) {
      // Plain http on a LAN address has no clipboard API: select the text and copy it.
      input.focus();
      input.select();
      try { done = document.execCommand("copy"); } catch (err) { done = false; }
    }
    button.textContent = done ? "copied" : "select + copy";
    window.setTimeout(() => { button.textContent = "copy"; }, 2000);
  }

  // label: "alice", "spectator", "game master"; link: {url, qr}
  function linkBox(label, link) {
    const input = el("input", { type: "text", readonly: true, class: "link-url", value: link.url,
      "aria-label": label + " link" });
    input.addEventListener("focus", () => input.select());
    const copy = el("button", { type: "button", class: "secondary copy" }, "copy");
    copy.addEventListener("click", () => copyText(link.url, input, copy));
    const box = el("div", { class: "link-box", dataset: { label } },
      el("div", { class: "link-head" }, el("strong", {}, label),
        el("a", { href: link.url, target: "_blank", rel: "noopener noreferrer" }, "open")),
      el("div", { class: "link-row" }, input, copy));
    if (link.qr) {
      box.append(el("img", { class: "qr", src: link.qr, alt: "QR code of the " + label + " link",
        width: "148", height: "148" }));
    }
    return box;
  }

  window.TurnkeeperLinks = { linkBox };
})();
