// The host's games page: list games, create one (example, YAML file, form from the set-up
// schema, JSON), archive, and mint a fresh game master link. Needs ?token=<host key>.
(function () {
  "use strict";

  const KEY = new URLSearchParams(window.location.search).get("token") || "";
  const $ = (id) => document.getElementById(id);
  const S = { rulesets: [], examples: [], schemas: {}, form: null, upload: null };

  const el = window.TurnkeeperDom.el; // dom.js

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  function show(kind, text) {
    const box = $("message");
    clear(box);
    box.className = "message " + kind;
    box.dataset.kind = kind;
    box.append(el("button", { type: "button", class: "close", "aria-label": "Dismiss",
      onclick: () => { box.hidden = true; } }, "×"), el("span", {}, text));
    box.hidden = false;
    box.scrollIntoView({ block: "nearest" });
  }

  async function api(method, path, body) {
    const init = { method, headers: { Authorization: "Bearer " + KEY } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try { response = await fetch(path, init); } catch (err) {
      return { ok: false, status: 0, data: { detail: "network error: " + err.message } };
    }
    const text = await response.text();
    let data = null;
    if (text) { try { data = JSON.parse(text); } catch (err) { data = { detail: text }; } }
    return { ok: response.ok, status: response.status, data };
  }

  function errorText(res) {
    const d = res.data || {};
    let detail = d.detail !== undefined ? d.detail : d;
    if (typeof detail !== "string") detail = JSON.stringify(detail);
    return "HTTP " + res.status + (d.field ? " (" + d.field + ")" : "") + ": " + detail;
  }

  function when(stamp) {
    if (!stamp) return "–";
    const d = new Date(stamp);
    return Number.isNaN(d.getTime()) ? String(stamp) : d.toLocaleString();
  }

  // ------------------------------------------------------------------ games
  async function loadGames() {
    const archived = $("show-archived").checked;
    const res = await api("GET", "/api/host/games?archived=" + archived);
    if (!res.ok) { show("error", errorText(res)); return; }
    const body = $("games-body");
    clear(body);
    for (const g of res.data.games) {
      const actions = el("td", { class: "game-actions" });
      const row = el("tr", { dataset: { game: g.game_id }, class: g.archived ? "archived" : null },
        el("td", {}, el("code", {}, g.game_id)), el("td", {}, g.ruleset), el("td", {}, when(g.created)),
        el("td", {}, when(g.last_action)), el("td", {}, String(g.seq)),
        el("td", {}, g.players.length ? g.players.join(", ") : "–"), actions);
      const links = el("tr", { class: "links-row", hidden: true }, el("td", { colspan: "7" }));
      actions.append(
        el("button", { type: "button", class: "gm-link", onclick: () => gmLink(g.game_id, links) }, "GM link"),
        el("button", { type: "button", class: "secondary archive",
          onclick: () => archive(g.game_id, !g.archived) }, g.archived ? "unarchive" : "archive"));
      body.append(row, links);
    }
    $("no-games").hidden = res.data.games.length > 0;
  }

  async function gmLink(gameId, row) {
    const res = await api("POST", "/api/games/" + encodeURIComponent(gameId) + "/gm-link");
    if (!res.ok) { show("error", errorText(res)); return; }
    const cell = row.firstChild;
    clear(cell);
    cell.append(window.TurnkeeperLinks.linkBox("game master", res.data));
    row.hidden = false;
  }

  async function archive(gameId, archived) {
    const res = await api("POST", "/api/games/" + encodeURIComponent(gameId) + "/archive", { archived });
    if (!res.ok) show("error", errorText(res));
    await loadGames();
  }

  // ------------------------------------------------------------------ creating
  function source() {
    return document.querySelector("input[name=source]:checked").value;
  }

  function showSource() {
    const chosen = source();
    for (const name of ["example", "upload", "form", "json"]) $("from-" + name).hidden = name !== chosen;
  }

  function fillExamples() {
    const ruleset = $("ruleset").value;
    const select = $("example");
    clear(select);
    const mine = S.examples.filter((e) => e.ruleset === ruleset);
    for (const e of mine) select.append(el("option", { value: e.name }, e.name));
    if (!mine.length) select.append(el("option", { value: "" }, "no example for " + ruleset));
    showExampleTitle();
  }

  function showExampleTitle() {
    const e = S.examples.find((x) => x.name === $("example").value);
    $("example-title").textContent = e ? e.title : "";
  }

  async function fillForm() {
    const ruleset = $("ruleset").value;
    const pane = $("from-form");
    clear(pane);
    S.form = null;
    if (!(ruleset in S.schemas)) {
      const res = await api("GET", "/api/rulesets/" + encodeURIComponent(ruleset) + "/schema");
      S.schemas[ruleset] = res.ok ? res.data : null;
    }
    const schema = S.schemas[ruleset];
    const hasForm = Boolean(schema && schema.setup);
    $("source-form-choice").hidden = !hasForm;
    if (!hasForm) {
      if (source() === "form") { document.querySelector("input[value=example]").checked = true; showSource(); }
      return;
    }
    const defs = Object.assign({}, schema.$defs || {}, schema.setup.$defs || {});
    S.form = window.SchemaForm.build(schema.setup, defs, undefined);
    pane.append(S.form.node);
  }

  async function chooseRuleset() {
    fillExamples();
    await fillForm();
  }

  async function readUpload() {
    const file = $("upload").files[0];
    S.upload = null;
    if (!file) return;
    const text = await file.text();
    const res = await api("POST", "/api/host/setup-yaml", { text });
    if (!res.ok) { $("upload-note").textContent = ""; show("error", file.name + ": " + errorText(res)); return; }
    S.upload = res.data;
    if (res.data.ruleset && S.rulesets.includes(res.data.ruleset)) {
      $("ruleset").value = res.data.ruleset;
      await chooseRuleset();
    }
    if (res.data.seed !== null && res.data.seed !== undefined && !$("seed").value) $("seed").value = String(res.data.seed);
    $("upload-note").textContent = file.name + ": read" + (res.data.ruleset ? " (" + res.data.ruleset + ")" : "");
  }

  function chosenSetup() {
    const kind = source();
    if (kind === "example") {
      const e = S.examples.find((x) => x.name === $("example").value);
      if (!e) throw new Error("choose an example (or another way to start)");
      return { setup: e.setup, seed: e.seed };
    }
    if (kind === "upload") {
      if (!S.upload) throw new Error("choose a YAML file first");
      return { setup: S.upload.setup, seed: S.upload.seed };
    }
    if (kind === "form") {
      if (!S.form) throw new Error("this ruleset publishes no set-up form");
      return { setup: S.form.read(), seed: null };
    }
    try { return { setup: JSON.parse($("setup-json").value || "{}"), seed: null }; } catch (err) {
      throw new Error("the set-up is not valid JSON: " + err.message);
    }
  }

  async function create(event) {
    event.preventDefault();
    let chosen;
    try { chosen = chosenSetup(); } catch (err) { show("error", err.message); return; }
    const typed = $("seed").value.trim();
    let seed = chosen.seed === undefined ? null : chosen.seed;
    if (typed) seed = /^-?\d{1,15}$/.test(typed) ? Number(typed) : typed;
    const body = { ruleset: $("ruleset").value, setup: chosen.setup };
    if (seed !== null) body.seed = seed;
    const res = await api("POST", "/api/games", body);
    if (!res.ok) { show("error", errorText(res)); return; }
    $("message").hidden = true;
    const box = $("created");
    clear(box);
    const url = window.location.origin + res.data.links.page;
    box.append(el("p", {}, "Game ", el("code", {}, res.data.game_id), " created (" + res.data.ruleset +
      "; seats: " + (res.data.seats.join(", ") || "none") + "). Its game master link:"),
      window.TurnkeeperLinks.linkBox("game master", { url }),
      el("p", { class: "muted" }, "Keep it: only its hash is stored. From the game master page, invite the players."));
    box.hidden = false;
    await loadGames();
  }

  // ------------------------------------------------------------------ start
  async function start() {
    if (!KEY) { $("no-key").hidden = false; return; }
    const games = await api("GET", "/api/host/games");
    if (!games.ok) {
      $("no-key").hidden = false;
      show("error", errorText(games));
      return;
    }
    const [rulesets, examples] = await Promise.all([api("GET", "/api/rulesets"), api("GET", "/api/host/examples")]);
    S.rulesets = rulesets.ok ? rulesets.data.rulesets : [];
    S.examples = examples.ok ? examples.data.examples : [];
    const select = $("ruleset");
    for (const name of S.rulesets) select.append(el("option", { value: name }, name));
    const first = S.examples.length ? S.examples[0].ruleset : S.rulesets[0];
    if (first) select.value = first;
    $("create").hidden = false;
    $("games").hidden = false;
    select.addEventListener("change", chooseRuleset);
    $("example").addEventListener("change", showExampleTitle);
    $("upload").addEventListener("change", readUpload);
    $("show-archived").addEventListener("change", loadGames);
    for (const radio of document.querySelectorAll("input[name=source]")) radio.addEventListener("change", showSource);
    $("create-form").addEventListener("submit", create);
    await chooseRuleset();
    await loadGames();
    document.body.dataset.ready = "1";
  }

  start();
})();
