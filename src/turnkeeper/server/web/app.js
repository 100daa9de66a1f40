// Turnkeeper web tracker: plain JavaScript, no build step, no external resources.
// Every string from the server is put into the page with textContent (never innerHTML).
(function () {
  "use strict";

  const params = new URLSearchParams(window.location.search);
  const GAME = params.get("game") || "";
  const TOKEN = params.get("token") || "";
  const BASE = "/api/games/" + encodeURIComponent(GAME);

  const S = {
    state: null, // last /state answer
    selected: null, // the participant whose actions are shown
    pinned: false, // true once the user picked a participant by hand
    logSeq: null, // seq of the newest log entry shown
    log: [], // commands shown in the log, oldest first
    refreshing: null, // the refresh in flight
    again: false, // another refresh was asked for while one ran
    ws: null,
    wsDelay: 500,
    busy: false, // an action request is in flight
    wsRefused: false, // the server refused our token on the WebSocket: stop retrying
    ping: 0, // keep-alive timer
    legalRequest: 0, // numbers the /legal requests: only the newest one is shown
    edits: new Map(), // card key -> {param: value typed by the user}
    stateError: false, // the last /state request failed (its error is on show)
    schema: undefined, // the ruleset's JSON Schema (null: it publishes none)
    closedGroups: new Set(), // action groups the user folded
    openMore: new Set(), // cards whose "more parameters" the user unfolded
    redo: null, // what a redo would play now (GM)
    gmAmounts: new Map(), // participant id -> amount typed in its card's GM tools
    gmToolsOpen: new Set(), // participants whose GM tools the GM unfolded
    toastTimer: 0,
    boardPick: null, // the card game's table: the hand card (or retreat) picked, awaiting a target
    boardNote: "", // why the last card clicked has no play
    boardActions: [], // the legal actions the table's clicks choose from
    boardSeq: null, // the step the pick was made at (a new step drops it)
    openDiscards: new Set(), // discard piles the user unfolded
    boardRefusal: null, // the refusal box next to the table (kept across redraws)
  };

  const END_TURN = /^(end_turn|end|pass|pass_turn|end_phase|next_turn)$/;

  // ------------------------------------------------------------------ DOM helpers
  const $ = (id) => document.getElementById(id);

  // el("div", {class: "x", dataset: {a: "b"}, onclick: fn}, child, "text", ...)
  const el = window.TurnkeeperDom.el; // dom.js

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function humanize(word) {
    return String(word).replace(/[_-]+/g, " ");
  }

  function compact(value) {
    if (typeof value === "string") return value;
    return JSON.stringify(value);
  }

  // ------------------------------------------------------------------ messages
  function showMessage(kind, parts) {
    const box = $("message");
    clear(box);
    box.className = "message toast " + kind;
    box.dataset.kind = kind;
    const close = el("button", { type: "button", class: "close", "aria-label": "Dismiss",
      onclick: () => { box.hidden = true; } }, "×");
    box.append(close, ...parts);
    box.hidden = false;
    // A toast at the bottom of the window: on screen wherever the page is scrolled. Errors
    // stay until dismissed; the rest fade after a while.
    window.clearTimeout(S.toastTimer);
    if (kind !== "error") S.toastTimer = window.setTimeout(() => { box.hidden = true; }, 12000);
  }

  function refusalParts(refusal) {
    const parts = [el("span", { class: "reason" }, refusal.reason || "not allowed")];
    const meta = el("div", { class: "refusal-meta" });
    if (refusal.rule) meta.append("Rule ", el("code", { class: "rule-id" }, refusal.rule));
    if (refusal.source) meta.append(" · ", el("cite", { class: "source" }, refusal.source));
    const also = Array.isArray(refusal.also) ? refusal.also : [];
    if (also.length) {
      meta.append(el("div", { class: "also" }, "also: ",
        also.map((rule, i) => [i ? ", " : "", el("code", { class: "also-rule" }, String(rule))])));
    }
    parts.push(meta);
    return parts;
  }

  // A refusal, next to the button pressed (``where``: the card's refusal box) and as a toast.
  function showRefusal(refusal, action, where) {
    const parts = [el("strong", {}, "Refused: ")];
    if (action) parts.push(el("span", { class: "refused-action" }, describeAction(action), ". "));
    showMessage("refusal", parts.concat(refusalParts(refusal)));
    if (where) {
      clear(where);
      where.append(el("strong", {}, "Refused: "), ...refusalParts(refusal));
      where.hidden = false;
      where.scrollIntoView({ block: "center" });
    }
  }

  function clearRefusals() {
    for (const box of document.querySelectorAll(".card-refusal")) { clear(box); box.hidden = true; }
  }

  function showError(text) {
    showMessage("error", [el("strong", {}, "Error: "), el("span", {}, text)]);
  }

  function showInfo(text) {
    showMessage("info", [el("span", {}, text)]);
  }

  // ------------------------------------------------------------------ HTTP
  async function api(method, path, body) {
    const init = { method, headers: { Authorization: "Bearer " + TOKEN } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(BASE + path, init);
    } catch (err) {
      return { ok: false, status: 0, data: { detail: "network error: " + err.message } };
    }
    let data = null;
    const text = await response.text();
    if (text) {
      try { data = JSON.parse(text); } catch (err) { data = { detail: text }; }
    }
    return { ok: response.ok, status: response.status, data };
  }

  function errorText(res) {
    const d = res.data || {};
    let detail = d.detail !== undefined ? d.detail : d.error !== undefined ? d.error : d;
    if (typeof detail !== "string") detail = JSON.stringify(detail);
    return "HTTP " + res.status + ": " + detail;
  }

  // ------------------------------------------------------------------ refresh
  function refresh() {
    if (S.refreshing) {
      S.again = true;
      return S.refreshing;
    }
    S.refreshing = (async () => {
      try {
        do {
          S.again = false;
          await refreshOnce();
        } while (S.again);
      } finally {
        S.refreshing = null;
      }
    })();
    return S.refreshing;
  }

  async function refreshOnce() {
    const res = await api("GET", "/state");
    if (!res.ok) {
      showError(errorText(res));
      S.stateError = true;
      return;
    }
    if (S.stateError && $("message").dataset.kind === "error") $("message").hidden = true;
    S.stateError = false;
    S.state = res.data;
    if (S.boardSeq !== S.state.seq) { S.boardPick = null; S.boardNote = ""; S.boardSeq = S.state.seq; }
    if (S.schema === undefined) await loadSchema();
    chooseSelected();
    renderState();
    await Promise.all([refreshLegal(), refreshLog(), refreshRedo()]);
    document.body.dataset.seq = String(S.state.seq);
  }

  async function loadSchema() {
    const response = await fetch("/api/rulesets/" + encodeURIComponent(S.state.ruleset) + "/schema")
      .catch(() => null);
    S.schema = response && response.ok ? await response.json() : null;
    const list = $("free-kinds");
    clear(list);
    if (S.schema) for (const kind of Object.keys(S.schema.actions || {})) list.append(el("option", { value: kind }));
  }

  // The declared parameters of ``kind`` ({schema, defs}), or null (no schema: JSON fields).
  function paramsSchema(kind) {
    if (!S.schema || !S.schema.actions || !S.schema.actions[kind]) return null;
    return { schema: S.schema.actions[kind].params, defs: S.schema.$defs || {}, row: S.schema.actions[kind] };
  }

  async function refreshRedo() {
    const button = $("redo");
    if (!S.state || S.state.role !== "gm") { button.hidden = true; return; }
    const res = await api("GET", "/redo");
    S.redo = res.ok && res.data.available ? res.data : null;
    button.hidden = !S.redo;
    if (S.redo) button.textContent = "Redo: " + describeAction(S.redo.command.action);
  }

  async function redo() {
    if (!S.redo) return;
    const res = await api("POST", "/redo", { expected_seq: S.state.seq });
    if (!res.ok) showError(errorText(res));
    await refresh();
  }

  // The reaction window the ruleset's view shows open, if any: {responders, kind, provoker}.
  function openWindow() {
    const view = S.state && S.state.view;
    const w = view && typeof view === "object" ? view.window : null;
    if (!w || typeof w !== "object" || !Array.isArray(w.responders)) return null;
    const answered = new Set(Array.isArray(w.answered) ? w.answered : []);
    const waiting = w.responders.filter((r) => !answered.has(r));
    return waiting.length ? { responders: waiting, kind: w.kind, provoker: w.provoker,
      trigger: w.trigger, until: w.until, target: w.target } : null;
  }

  function controllable() {
    const st = S.state;
    if (!st || st.role === "spectator") return [];
    if (Array.isArray(st.actors) && st.actors.length) return st.actors.slice();
    if (st.tracker) return st.tracker.order.map((p) => p.id);
    return [];
  }

  function chooseSelected() {
    const mine = controllable();
    const st = S.state;
    const current = st.tracker ? st.tracker.turn : st.whose_turn;
    if (S.pinned && S.selected && mine.includes(S.selected)) return;
    S.pinned = false;
    if (current && mine.includes(current)) S.selected = current;
    else if (!S.selected || !mine.includes(S.selected)) S.selected = mine.length ? mine[0] : null;
  }

  function select(actor) {
    S.selected = actor;
    S.pinned = true;
    renderState();
    refreshLegal();
  }

  // ------------------------------------------------------------------ rendering: state
  function renderState() {
    const st = S.state;
    $("game-label").textContent = "game " + GAME;
    const role = $("role");
    role.hidden = false;
    const isPlayer = st.role === "seat" || st.role === "player";
    role.textContent = isPlayer ? "player" + (st.seat ? " · " + st.seat : "") : st.role;
    role.dataset.role = st.role;
    $("seq").textContent = String(st.seq);
    const tracker = st.tracker || null;
    $("round").textContent = tracker && tracker.round !== undefined ? String(tracker.round) : "–";
    $("round").parentElement.hidden = !tracker;
    const turn = tracker ? tracker.turn : st.whose_turn;
    $("whose-turn").textContent = turn ? nameOf(turn) : "–";

    const outcome = $("outcome");
    if (st.outcome) {
      const winners = (st.outcome.winners || []).map(nameOf).join(", ");
      outcome.textContent = "Game over: " + (winners ? winners + " won" : "draw") +
        (st.outcome.reason ? " (" + st.outcome.reason + ")" : "");
      outcome.hidden = false;
    } else {
      outcome.hidden = true;
    }
    $("undo").hidden = st.role !== "gm";
    renderInvites();
    $("dice-panel").hidden = st.role === "spectator";
    $("dice-hidden-label").hidden = st.role !== "gm";
    const lines = $("status-lines");
    clear(lines);
    for (const line of Array.isArray(st.status_lines) ? st.status_lines : []) {
      lines.append(el("li", {}, String(line)));
    }
    lines.hidden = !lines.firstChild;

    $("tracker").hidden = !tracker;
    if (tracker) renderOrder(tracker);
    renderRoster();
    renderActorList(tracker);

    const details = $("view-details");
    if (!details.dataset.init) {
      details.dataset.init = "1";
      details.open = !tracker && !st.board;
    }
    const view = $("view");
    clear(view);
    view.append(jsonTree(st.view, 0));

    $("actions").hidden = !S.selected;
    $("selected-actor").textContent = S.selected ? nameOf(S.selected) : "–";
    renderBoard();
  }

  // A card game's table (the ruleset's ``board``, board.js): clicks pick a hand card, then
  // one of its highlighted targets, among the legal actions of the seat shown.
  function renderBoard() {
    const panel = $("board");
    const board = S.state && S.state.board;
    if (!board || typeof board !== "object" || !board.sides) { panel.hidden = true; return; }
    panel.hidden = false;
    if (!S.boardRefusal) S.boardRefusal = el("div", { class: "card-refusal board-refusal", role: "status", hidden: true });
    const me = S.state.role === "gm" ? S.selected : S.state.seat;
    window.TurnkeeperBoard.draw($("board-area"), board, {
      actions: S.state.role === "spectator" ? [] : S.boardActions,
      me,
      pick: S.boardPick,
      note: S.boardNote,
      openDiscards: S.openDiscards,
      refusal: S.boardRefusal,
      setPick: (pick, note) => { S.boardPick = pick; S.boardNote = note || ""; renderBoard(); },
      play: (action) => play({ kind: action.kind, actor: action.actor || me, params: action.params || {} },
        () => { S.boardPick = null; S.boardNote = ""; }, S.boardRefusal, null),
    });
  }

  function nameOf(id) {
    const tracker = S.state && S.state.tracker;
    if (tracker) {
      const p = tracker.order.find((q) => q.id === id);
      if (p && p.name) return p.name;
    }
    return String(id);
  }

  function renderOrder(tracker) {
    const list = $("order");
    clear(list);
    const mine = controllable();
    const win = openWindow();
    for (const p of tracker.order) {
      const current = p.current || p.id === tracker.turn;
      const reacting = Boolean(win && win.responders.includes(p.id));
      const li = el("li", {
        class: "participant" + (current ? " current" : "") + (p.id === S.selected ? " selected" : "") +
          (reacting ? " reacting" : ""),
        dataset: { id: p.id },
        "aria-current": current ? "step" : null,
      });
      const head = el("div", { class: "p-head" });
      const name = el("span", { class: "p-name" }, p.name || p.id);
      if (mine.includes(p.id)) {
        head.append(el("button", { type: "button", class: "p-select", dataset: { id: p.id },
          "aria-pressed": p.id === S.selected ? "true" : "false",
          onclick: () => select(p.id) }, name));
      } else {
        head.append(name);
      }
      if (current) head.append(el("span", { class: "turn-badge" }, "turn"));
      if (reacting) head.append(el("span", { class: "react-badge" }, "may react"));
      if (p.controller) head.append(el("span", { class: "controller muted" }, p.controller));
      li.append(head, renderPips(p.pips || {}));
      const vitals = window.TurnkeeperCards.vitals(S.state.view, p.id);
      if (vitals) li.append(vitals);
      if (S.state.role === "gm") {
        const tools = window.TurnkeeperCards.gmTools(gmToolsContext(), p.id);
        if (tools) li.append(tools);
      }
      list.append(li);
    }
    showToolRefusal();
  }

  // The actor the GM's own commands are played as: the one the GM acts for that the
  // initiative order does not list (e133 and ptu call it "gm").
  function gmActor() {
    const order = new Set(S.state.tracker ? S.state.tracker.order.map((p) => p.id) : []);
    const own = controllable().filter((id) => !order.has(id));
    return own.includes("gm") ? "gm" : own[0] || null;
  }

  function gmToolsContext() {
    return {
      schema: S.schema,
      gmActor: gmActor(),
      amounts: S.gmAmounts,
      open: S.gmToolsOpen,
      play: (action, where, onDone) => {
        play(action, onDone, where, "gm:" + action.params.target);
      },
    };
  }

  // The GM's "Add a combatant…" form, generated from the ruleset's add_combatant schema
  // (drawn once: what the GM typed stays through live updates), and "Re-roll everyone".
  function renderRoster() {
    const box = $("roster");
    const declared = paramsSchema("add_combatant");
    box.hidden = !(S.state.role === "gm" && S.state.tracker && declared && gmActor());
    if (box.hidden || S.rosterForm) return;
    S.rosterForm = window.SchemaForm.build(declared.schema, declared.defs, {}, { sparse: true });
    $("roster-fields").append(S.rosterForm.node);
    $("reroll-all").hidden = !paramsSchema("reroll_initiative");
  }

  function rosterAdd(event) {
    event.preventDefault();
    let params;
    try {
      params = S.rosterForm.read();
    } catch (err) {
      showError("the newcomer cannot be read: " + err.message);
      return;
    }
    const where = document.querySelector("#roster-form .card-refusal");
    play({ kind: "add_combatant", actor: gmActor(), params }, () => {
      // Added: a fresh, empty form for the next one.
      clear($("roster-fields"));
      S.rosterForm = null;
    }, where, "roster");
  }

  // A refusal of a card's GM command stays next to its buttons after the redraw.
  function showToolRefusal() {
    const last = S.lastRefusal;
    if (!last || !String(last.key).startsWith("gm:") || last.seq !== S.state.seq) return;
    const id = last.key.slice(3);
    const box = [...document.querySelectorAll("#order .gm-tools")].find((b) => b.dataset.id === id);
    const where = box ? box.querySelector(".card-refusal") : null;
    if (!where) return;
    clear(where);
    where.append(el("strong", {}, last.refusal.notPlayed ? "Not played: " : "Refused: "),
      ...refusalParts(last.refusal));
    where.hidden = false;
    where.closest("details").open = true;
  }

  function renderPips(pips) {
    const box = el("div", { class: "pips" });
    for (const [type, pair] of Object.entries(pips)) {
      let left;
      let max;
      if (Array.isArray(pair)) [left, max] = pair;
      else if (pair && typeof pair === "object") ({ left, max } = pair);
      else { left = pair; max = pair; }
      left = Number(left);
      max = Number(max);
      const label = humanize(type) + ": " + left + " of " + max + " left";
      const group = el("span", { class: "pip-group", title: label, "aria-label": label,
        dataset: { type, left: String(left), max: String(max) } });
      group.append(el("span", { class: "pip-label" }, humanize(type)));
      if (Number.isFinite(max) && max >= 0 && max <= 8 && Number.isFinite(left)) {
        for (let i = 0; i < max; i += 1) {
          group.append(el("span", { class: "pip " + (i < left ? "full" : "empty"), "aria-hidden": "true" }));
        }
        if (left > max) group.append(el("span", { class: "pip-extra" }, "+" + (left - max)));
      } else {
        group.append(el("span", { class: "pip-count" }, left + "/" + max));
      }
      box.append(group);
    }
    return box;
  }

  // Buttons for the participants you act for that the initiative order does not show
  // (all of them without a tracker; e.g. the game master's own actor with one).
  function renderActorList(tracker) {
    const box = $("actor-list");
    clear(box);
    const shown = new Set(tracker ? tracker.order.map((p) => p.id) : []);
    const others = controllable().filter((id) => !shown.has(id));
    $("participants").hidden = others.length === 0;
    $("participants-title").textContent = tracker ? "Also acting" : "Participants";
    for (const id of others) {
      box.append(el("button", { type: "button", class: "p-select" + (id === S.selected ? " selected" : ""),
        "aria-pressed": id === S.selected ? "true" : "false", dataset: { id },
        onclick: () => select(id) }, id + (id === S.state.whose_turn ? " (turn)" : "")));
    }
  }

  // A readable, collapsible tree of JSON data.
  function jsonTree(value, depth) {
    if (value === null || value === undefined) return el("span", { class: "j-null" }, "null");
    if (typeof value === "string") return el("span", { class: "j-str" }, value);
    if (typeof value === "number") return el("span", { class: "j-num" }, String(value));
    if (typeof value === "boolean") return el("span", { class: "j-bool" }, value ? "yes" : "no");
    const isArray = Array.isArray(value);
    const entries = isArray ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    if (!entries.length) return el("span", { class: "j-empty" }, isArray ? "(none)" : "(empty)");
    const list = el("ul", { class: isArray ? "j-list" : "j-obj" });
    for (const [key, child] of entries) {
      const nested = child !== null && typeof child === "object" &&
        Object.keys(child).length > 0;
      const keyNode = el("span", { class: "j-key" }, isArray ? "#" + (Number(key) + 1) : humanize(key));
      if (nested) {
        const summary = Array.isArray(child) ? " [" + child.length + "]" : "";
        list.append(el("li", {}, el("details", { open: depth < 2 },
          el("summary", {}, keyNode, el("span", { class: "muted" }, summary)),
          jsonTree(child, depth + 1))));
      } else {
        list.append(el("li", {}, keyNode, ": ", jsonTree(child, depth + 1)));
      }
    }
    return list;
  }

  // ------------------------------------------------------------------ actions
  function describeAction(action) {
    if (!action) return "set-up";
    // A card game's card ids read as the cards' names where the table shows them.
    const cards = S.state && S.state.board && S.state.board.cards ? S.state.board.cards : null;
    const named = (v) => (cards && typeof v === "string" && cards[v] && cards[v].name ? cards[v].name : compact(v));
    const args = Object.entries(action.params || {}).map(([k, v]) => k + "=" + named(v)).join(" ");
    return (action.actor ? nameOf(action.actor) + ": " : "") + humanize(action.kind) +
      (args ? " " + args : "");
  }

  async function refreshLegal() {
    const box = $("legal");
    const note = $("actions-note");
    const actor = S.selected;
    if (!actor || !S.state || S.state.role === "spectator") {
      clear(box);
      S.boardActions = [];
      renderBoard();
      return;
    }
    S.legalRequest += 1;
    const request = S.legalRequest;
    const res = await api("GET", "/legal?actor=" + encodeURIComponent(actor));
    // A newer request (or another selection) has taken over meanwhile.
    if (request !== S.legalRequest || actor !== S.selected) return;
    // The same offers as drawn: keep the cards as they are, so a field being typed in
    // (e.g. while the page catches up after connecting) is neither redrawn nor unfocused.
    const refused = S.lastRefusal && S.lastRefusal.seq === S.state.seq ? S.lastRefusal.key : null;
    const offers = res.ok ? (Array.isArray(res.data) ? res.data : res.data.actions) : res.status;
    const boardOffers = res.ok && Array.isArray(offers) ? offers : [];
    if (JSON.stringify(boardOffers) !== JSON.stringify(S.boardActions)) {
      S.boardActions = boardOffers;
      renderBoard();
    }
    const drawn = JSON.stringify([actor, S.state.role, offers, refused]);
    if (drawn === box.dataset.drawn && box.firstChild) {
      await renderReaction();
      return;
    }
    box.dataset.drawn = drawn;
    const focus = focusedField(box);
    clear(box);
    if (!res.ok) {
      note.textContent = "Cannot list actions: " + errorText(res);
      note.hidden = false;
      return;
    }
    const actions = Array.isArray(res.data) ? res.data : res.data.actions || [];
    if (!actions.length) {
      note.textContent = S.state.outcome ? "The game is over." : "No legal actions right now.";
      note.hidden = false;
    } else {
      note.hidden = true;
    }
    renderLegal(box, actions);
    refocus(box, focus);
    await renderReaction();
  }

  // The field being typed in inside ``box`` (its card and name, the caret), if any.
  function focusedField(box) {
    const active = document.activeElement;
    if (!active || !box.contains(active) || !active.name) return null;
    const card = active.closest("form.action-card");
    if (!card) return null;
    let caret = null;
    try { caret = active.selectionStart; } catch (err) { caret = null; }
    return { kind: card.dataset.kind, offer: card.dataset.offer, name: active.name, caret };
  }

  // After a redraw, the same field of the same card gets the focus back.
  function refocus(box, focus) {
    if (!focus) return;
    const card = [...box.querySelectorAll("form.action-card")].find(
      (f) => f.dataset.kind === focus.kind && f.dataset.offer === focus.offer);
    const field = card ? [...card.querySelectorAll("[name]")].find((f) => f.name === focus.name) : null;
    if (!field) return;
    field.focus();
    if (focus.caret !== null) {
      try { field.setSelectionRange(focus.caret, focus.caret); } catch (err) { /* not a text field */ }
    }
  }

  // The group an action is listed under: its cost (the part of the action economy it
  // spends: "standard action", "move action"…), else its declared family, else "other".
  function groupOf(action) {
    // A card game's cost names the card played ("Fire Energy > Torchic"): its family groups.
    const family = S.state && S.state.board ? paramsSchema(action.kind) : null;
    if (family && family.row.family) return family.row.family;
    if (action.cost) return String(action.cost);
    const declared = paramsSchema(action.kind);
    if (declared && declared.row.family) return declared.row.family;
    return "other";
  }

  function renderLegal(box, actions) {
    const bar = $("end-turn-bar");
    clear(bar);
    const groups = new Map();
    actions.forEach((action, index) => {
      if (END_TURN.test(action.kind)) {
        const card = actionCard(action, index);
        card.classList.add("end-turn");
        bar.append(card);
        return;
      }
      const name = groupOf(action);
      if (!groups.has(name)) groups.set(name, []);
      groups.get(name).push(actionCard(action, index));
    });
    bar.hidden = !bar.firstChild;
    for (const [name, cards] of groups) {
      const group = el("details", { class: "action-group", dataset: { group: name } },
        el("summary", {}, el("span", { class: "group-name" }, humanize(name)),
          el("span", { class: "group-count muted" }, " (" + cards.length + ")")),
        el("div", { class: "group-cards" }, cards));
      group.open = !S.closedGroups.has(name);
      group.addEventListener("toggle", () => {
        if (group.open) S.closedGroups.delete(name); else S.closedGroups.add(name);
      });
      box.append(group);
    }
  }

  // A reaction window is open (e133: an attack of opportunity, a readied trigger): the
  // responders' cards are highlighted, and a responder this page acts for gets its choices.
  async function renderReaction() {
    const box = $("reaction");
    const win = openWindow();
    const mine = controllable();
    const who = win ? win.responders.filter((r) => mine.includes(r)) : [];
    if (!who.length) { clear(box); box.hidden = true; return; }
    const actor = who.includes(S.selected) ? S.selected : who[0];
    const res = await api("GET", "/legal?actor=" + encodeURIComponent(actor));
    clear(box);
    // A window naming its trigger (ptu) is answered by the actions that name it; else the
    // actions costing a reaction or an interrupt (e133's aoo, a readied action).
    const answers = (a) => (win.trigger !== undefined && win.trigger !== null
      ? a.params && a.params.trigger === win.trigger
      : /reaction|interrupt|immediate/i.test(String(a.cost || "")) || /aoo|readied|interrupt|react/.test(a.kind));
    const choices = res.ok ? (res.data.actions || []).filter(answers) : [];
    const what = (win.provoker ? nameOf(win.provoker) + "'s " : "") + humanize(win.kind || "action") +
      (win.target ? " on " + nameOf(win.target) : "");
    const closes = win.until ? "It stays open until " + win.until + "." : "Choose, or go on: the next action closes it.";
    box.append(el("h3", {}, nameOf(actor) + " may react"),
      el("p", { class: "muted" }, what + " opened a reaction window. " + closes));
    const cards = el("div", { class: "reaction-choices" });
    choices.forEach((action, i) => cards.append(actionCard(action, "r" + i)));
    if (!choices.length) cards.append(el("p", { class: "muted" }, "No reaction is open to " + nameOf(actor) + " now."));
    box.append(cards);
    box.hidden = false;
  }

  function paramInput(key, value, id) {
    if (typeof value === "boolean") {
      return el("input", { type: "checkbox", id, name: key, checked: value, dataset: { kind: "bool" } });
    }
    if (typeof value === "number") {
      return el("input", { type: "number", id, name: key, value: String(value), step: "any",
        inputmode: "decimal", dataset: { kind: "number" } });
    }
    if (typeof value === "string") {
      return el("input", { type: "text", id, name: key, value, autocomplete: "off", dataset: { kind: "string" } });
    }
    return el("input", { type: "text", id, name: key, value: JSON.stringify(value), autocomplete: "off",
      spellcheck: "false", dataset: { kind: "json" } });
  }

  function readParams(form) {
    const out = {};
    for (const input of form.querySelectorAll("input[data-kind]")) {
      const kind = input.dataset.kind;
      if (kind === "bool") out[input.name] = input.checked;
      else if (kind === "number") out[input.name] = input.value === "" ? null : Number(input.value);
      else if (kind === "string") out[input.name] = input.value;
      else out[input.name] = JSON.parse(input.value);
    }
    return out;
  }

  function fraction(value) {
    if (typeof value === "number") return value >= 0 && value <= 1 ? [null, value] : null;
    if (typeof value !== "string") return null;
    const m = value.trim().match(/^(\d+)\s*\/\s*(\d+)$/);
    if (m && Number(m[2]) > 0) return [value.trim(), Number(m[1]) / Number(m[2])];
    if (/^(0|1)(\.\d+)?$/.test(value.trim())) return [value.trim(), Number(value)];
    return null;
  }

  // A percentage with one decimal, or two significant digits of the distance from 0 or
  // 100 % when that is under 1 % (so 1/1296 shows as 0.077 %, never as 0.1 % or 0 %).
  function percent(p) {
    const pct = p * 100;
    const digits = (x) => 1 - Math.floor(Math.log10(x));
    const trim = (text) => (text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text);
    let text;
    if (pct <= 0 || pct >= 100) text = String(Math.round(pct));
    else if (pct < 1) text = trim(pct.toFixed(digits(pct)));
    else if (pct > 99) text = trim(pct.toFixed(digits(100 - pct)));
    else text = trim(pct.toFixed(1));
    return text + "%";
  }

  function oddsList(odds) {
    const list = el("ul", { class: "odds", "aria-label": "Odds" });
    for (const [outcome, value] of Object.entries(odds)) {
      const f = fraction(value);
      const item = el("li", { dataset: { outcome } }, el("span", { class: "odds-name" }, humanize(outcome)), " ");
      if (f) {
        if (f[0]) item.append(el("span", { class: "odds-fraction" }, f[0]), " ");
        item.append(el("span", { class: "odds-pct" }, f[0] ? "(" + percent(f[1]) + ")" : percent(f[1])));
      } else {
        item.append(el("span", { class: "odds-fraction" }, compact(value)));
      }
      list.append(item);
    }
    return list;
  }

  // Parameter values the user typed, kept across the re-rendering a live update causes.
  function rememberEdit(input, cardKey) {
    const edits = S.edits.get(cardKey) || {};
    edits[input.name] = input.type === "checkbox" ? input.checked : input.value;
    S.edits.set(cardKey, edits);
  }

  function restoreEdit(input, cardKey) {
    const edits = S.edits.get(cardKey);
    if (!edits || !(input.name in edits)) return;
    if (input.type === "checkbox") input.checked = Boolean(edits[input.name]);
    else input.value = String(edits[input.name]);
  }

  // What an open trigger (ptu: view.window, view.triggers) reads as: "Hoppip's Tackle on
  // Charmander", never its id.
  function triggerWords(id) {
    const view = S.state && S.state.view && typeof S.state.view === "object" ? S.state.view : {};
    const win = view.window && view.window.trigger === id ? view.window : null;
    const listed = Array.isArray(view.triggers) ? view.triggers.find((t) => t && t.id === id) : null;
    const by = win ? win.provoker : listed ? listed.by : null;
    const what = (listed && listed.move) || (win ? win.kind : listed ? listed.kind : null);
    const target = win ? win.target : listed ? listed.target : null;
    if (!by && !what) return "the event it answers";
    return (by ? nameOf(by) + "'s " : "") + humanize(what || "action") + (target ? " on " + nameOf(target) : "");
  }

  // Whether ``id`` names a trigger the view lists (ptu: view.window, view.triggers).
  function knownTrigger(id) {
    const view = S.state && S.state.view && typeof S.state.view === "object" ? S.state.view : {};
    if (view.window && view.window.trigger === id) return true;
    return Array.isArray(view.triggers) && view.triggers.some((t) => t && t.id === id);
  }

  // Parameters of an offer the page sends as the server gave them and never lets anyone
  // edit, each with the words it shows instead: the id of the trigger an answer names.
  function lockedParams(action) {
    const p = action.params || {};
    const locked = {};
    // (only an id the view lists: e133's and pte's ``trigger`` is a text the player writes)
    if (typeof p.trigger === "string" && knownTrigger(p.trigger)) locked.trigger = "Answers " + triggerWords(p.trigger);
    return locked;
  }

  function actionCard(action, index) {
    const cardKey = JSON.stringify([action.actor, action.kind, action.params || {}]);
    const locked = lockedParams(action);
    const lockedValues = {};
    for (const key of Object.keys(locked)) lockedValues[key] = action.params[key];
    // data-offer: the server's offer itself (keys sorted), whatever the fields hold now.
    const offer = action.params || {};
    const form = el("form", { class: "action-card", dataset: { kind: action.kind, index: String(index),
      offer: JSON.stringify(offer, Object.keys(offer).sort()) } });
    const head = el("div", { class: "action-head" });
    const button = el("button", { type: "submit", class: "play", dataset: { kind: action.kind } },
      humanize(action.kind));
    head.append(button);
    if (action.cost) head.append(el("span", { class: "cost", title: "Cost" }, humanize(action.cost)));
    form.append(head);
    const refusalBox = el("div", { class: "card-refusal", role: "status", hidden: true });
    const declared = paramsSchema(action.kind);
    const entries = Object.entries(action.params || {}).filter(([key]) => !(key in locked));
    for (const [key, words] of Object.entries(locked)) {
      form.append(el("div", { class: "locked-param", dataset: { param: key } }, words));
    }
    let schemaForm = null;
    if (declared && !window.SchemaForm.isEmpty(declared.schema, declared.defs)) {
      // The offer's own parameters first, as fields filled with the server's values (or what
      // the user typed before a live update redrew the card); the kind's other declared
      // parameters folded below, sent only when set away from their defaults. GM-only
      // fields the offer does not carry are left out of a player's page.
      const edited = S.edits.get(cardKey) || {};
      const offered = Object.keys(action.params || {}).filter((key) => !(key in locked));
      const hideGmOnly = S.state.role !== "gm";
      const main = window.SchemaForm.build(declared.schema, declared.defs,
        edited.__schema || action.params || {}, { only: offered, hideGmOnly });
      const more = window.SchemaForm.build(declared.schema, declared.defs,
        edited.__more || {}, { except: offered.concat(Object.keys(locked)), hideGmOnly, sparse: true, optional: true });
      schemaForm = {
        read: () => Object.assign({}, main.read(), more.read(), lockedValues),
      };
      const fields = el("div", { class: "params schema-params" });
      if (main.node.querySelector(".sf-field")) fields.append(main.node);
      const moreCount = more.node.querySelectorAll(":scope > .sf-field").length;
      if (moreCount) {
        const fold = el("details", { class: "more-params", open: S.openMore.has(cardKey) },
          el("summary", {}, (offered.length ? "more parameters" : "parameters") + " (" + moreCount + ")"), more.node);
        fold.addEventListener("toggle", () => {
          if (fold.open) S.openMore.add(cardKey); else S.openMore.delete(cardKey);
        });
        fields.append(fold);
      }
      const remember = () => {
        try { S.edits.set(cardKey, { __schema: main.read(), __more: more.read() }); } catch (err) { /* half typed */ }
      };
      fields.addEventListener("input", remember);
      fields.addEventListener("change", remember);
      if (fields.childNodes.length) form.append(fields);
    } else if (!declared && entries.length) {
      const fields = el("div", { class: "params" });
      entries.forEach(([key, value], i) => {
        const id = "p-" + index + "-" + i;
        const input = paramInput(key, value, id);
        restoreEdit(input, cardKey);
        input.addEventListener("input", () => rememberEdit(input, cardKey));
        input.addEventListener("change", () => rememberEdit(input, cardKey));
        fields.append(el("label", { for: id }, el("span", {}, humanize(key)), input));
      });
      form.append(fields);
    }
    if (action.odds && Object.keys(action.odds).length) form.append(oddsList(action.odds));
    if (!declared) {
      head.append(el("button", { type: "button", class: "edit secondary", title: "Copy into Other action… to add parameters",
        onclick: () => {
          let current = action.params || {};
          try { current = readParams(form); } catch (err) { current = action.params || {}; }
          $("free-kind").value = action.kind;
          freeKindChanged();
          $("free-params").value = JSON.stringify(current);
          $("free-form").open = true;
          $("free-params").focus();
        } }, "edit…"));
    }
    form.append(refusalBox);
    const last = S.lastRefusal;
    if (last && last.key === cardKey && last.seq === S.state.seq) {
      refusalBox.append(el("strong", {}, last.refusal.notPlayed ? "Not played: " : "Refused: "),
        ...refusalParts(last.refusal));
      refusalBox.hidden = false;
      if (!last.shown) {
        // Drawn anew after the refusal: bring it on screen once (not at every redraw).
        last.shown = true;
        window.requestAnimationFrame(() => refusalBox.scrollIntoView({ block: "center" }));
      }
    }
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      let params;
      try {
        params = schemaForm ? schemaForm.read() : Object.assign(readParams(form), lockedValues);
      } catch (err) {
        showError("a parameter cannot be read: " + err.message);
        return;
      }
      play({ kind: action.kind, actor: action.actor || S.selected, params }, () => S.edits.delete(cardKey),
        refusalBox, cardKey);
    });
    return form;
  }

  function newKey() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    return String(Date.now()) + "-" + String(Math.random()).slice(2);
  }

  async function play(action, onDone, where, cardKey) {
    if (S.busy) return;
    S.busy = true;
    document.body.classList.add("busy");
    try {
      const res = await api("POST", "/play", {
        action, expected_seq: S.state ? S.state.seq : null, idempotency_key: newKey(),
      });
      if (res.ok) {
        $("message").hidden = true;
        clearRefusals();
        S.lastRefusal = null;
        if (onDone) onDone();
      } else if (res.status === 409 && res.data && res.data.error === "stale") {
        showInfo("The game changed before your action arrived; the page is up to date now, try again.");
      } else if (res.status === 409 && res.data && res.data.rule) {
        showRefusal(res.data, action, where);
        // The list is drawn again after this: the new card shows the refusal as well.
        S.lastRefusal = cardKey ? { key: cardKey, seq: S.state.seq, refusal: res.data } : null;
      } else {
        showError(errorText(res));
        if (where && cardKey) {
          // A malformed action (HTTP 422: e.g. damage to a combatant without hit points):
          // next to the button too, like a refusal.
          const error = { reason: errorText(res), notPlayed: true };
          clear(where);
          where.append(el("strong", {}, "Not played: "), ...refusalParts(error));
          where.hidden = false;
          S.lastRefusal = { key: cardKey, seq: S.state.seq, refusal: error };
        }
      }
    } finally {
      S.busy = false;
      document.body.classList.remove("busy");
    }
    await refresh();
  }

  // Other action…: a kind the ruleset declares gets its generated form; any other kind (or a
  // ruleset without a schema) a JSON box.
  function freeKindChanged() {
    const kind = $("free-kind").value.trim();
    if (S.freeKind === kind) return; // same kind: keep what was typed in its fields
    S.freeKind = kind;
    const declared = paramsSchema(kind);
    const box = $("free-fields");
    clear(box);
    S.freeForm = null;
    if (declared) {
      S.freeForm = window.SchemaForm.build(declared.schema, declared.defs, {},
        { hideGmOnly: S.state.role !== "gm", sparse: true });
      box.append(S.freeForm.node);
    }
    $("free-params-label").hidden = Boolean(declared);
  }

  function freeFormAction() {
    const kind = $("free-kind").value.trim();
    let params;
    try {
      params = S.freeForm ? S.freeForm.read() : JSON.parse($("free-params").value || "{}");
    } catch (err) {
      showError("the parameters cannot be read: " + err.message);
      return null;
    }
    if (!kind) {
      showError("give the action's kind");
      return null;
    }
    return { kind, actor: S.selected, params };
  }

  async function checkAction(action) {
    const res = await api("POST", "/check", { action });
    if (!res.ok) {
      showError(errorText(res));
    } else if (res.data.allowed) {
      showInfo("Allowed: " + describeAction(action));
    } else if (res.data.refusal) {
      showRefusal(res.data.refusal, action, document.querySelector("#free-form-form .card-refusal"));
    }
  }

  // Undo asks first (it takes back the latest action standing, for every player).
  function askUndo() {
    const dialog = $("confirm");
    const last = undoneCandidate();
    $("confirm-text").textContent = last
      ? "Take back #" + last.seq + " " + describeAction(last.action) + "? Every page sees it undone; Redo plays it again while nothing else happens."
      : "Take back the latest action still standing?";
    dialog.returnValue = "";
    dialog.showModal();
  }

  function undoneCandidate() {
    const undone = undoneSeqs();
    for (let i = S.log.length - 1; i >= 0; i -= 1) {
      const c = S.log[i];
      if (!isUndo(c) && c.action && !undone.has(c.seq)) return c;
    }
    return null;
  }

  async function undo() {
    const res = await api("POST", "/undo", { expected_seq: S.state ? S.state.seq : null });
    if (res.ok) $("message").hidden = true;
    else if (res.status === 409 && res.data && res.data.error === "stale") {
      showInfo("The game changed meanwhile; look again before undoing.");
    } else showError(errorText(res));
    await refresh();
  }

  // ------------------------------------------------------------------ log
  const LOG_PAGE = 500; // the most commands one /log request returns
  const LOG_SHOWN = 200; // the newest commands the page draws

  // Read the commands after the newest one shown (every command stays in the server's log:
  // an undo is a command of its own, so reading only the new ones is always enough).
  async function refreshLog() {
    const st = S.state;
    if (S.logSeq !== null && st.seq < S.logSeq) {
      // The game went back (it cannot, unless the store was replaced): start over.
      S.logSeq = null;
      S.log = [];
    }
    if (S.logSeq !== null && st.seq === S.logSeq) return;
    for (;;) {
      const after = S.logSeq === null ? 0 : S.logSeq;
      const res = await api("GET", "/log?after=" + after + "&limit=" + LOG_PAGE);
      if (!res.ok) return;
      const commands = Array.isArray(res.data) ? res.data : res.data.commands || [];
      commands.forEach((command, i) => {
        const seq = typeof command.seq === "number" ? command.seq : after + i + 1;
        if (S.logSeq === null || seq > S.logSeq) {
          S.log.push(Object.assign({}, command, { seq }));
          S.logSeq = seq;
        }
      });
      if (S.logSeq === null) S.logSeq = 0;
      if (commands.length < LOG_PAGE) break;
    }
    renderLog();
  }

  function isUndo(command) {
    return command.kind === "undo" || command.type === "undo";
  }

  // Which commands a later undo took back (an undo cancels the latest command still standing).
  function undoneSeqs() {
    const standing = [];
    const undone = new Set();
    for (const command of S.log) {
      if (isUndo(command)) {
        const last = standing.pop();
        if (last !== undefined) undone.add(last);
      } else if (command.action) {
        standing.push(command.seq);
      }
    }
    return undone;
  }

  function renderLog() {
    const list = $("log");
    clear(list);
    const undone = undoneSeqs();
    for (const command of S.log.slice(-LOG_SHOWN).reverse()) {
      const cls = "log-entry" + (isUndo(command) ? " undo" : "") + (undone.has(command.seq) ? " undone" : "");
      const li = el("li", { class: cls, value: String(command.seq), dataset: { seq: String(command.seq) } });
      const what = isUndo(command) ? "undo (GM)" : describeAction(command.action);
      li.append(el("div", { class: "log-action" },
        el("span", { class: "log-seq" }, "#" + command.seq), " ", el("span", { class: "log-what" }, what),
        undone.has(command.seq) ? el("span", { class: "undone-badge" }, "undone") : null));
      const events = el("ul", { class: "log-events" });
      for (const event of command.events || []) events.append(eventItem(event));
      if (command.redacted && !isUndo(command)) events.append(el("li", { class: "muted" }, "details hidden from your seat"));
      li.append(events);
      list.append(li);
    }
    const older = S.log.length - LOG_SHOWN;
    if (older > 0) {
      list.append(el("li", { class: "log-entry muted" },
        older + " older " + (older === 1 ? "entry" : "entries") + " not shown"));
    }
  }

  const RECORDS = ["roll", "comparison", "opposed", "check", "extended"];

  function isRoll(v) {
    return Boolean(v) && typeof v === "object" && !Array.isArray(v) &&
      RECORDS.includes(v.type) && "expression" in v;
  }

  // The faces of one die group: kept faces plain, dropped ones struck through.
  function facesNode(group) {
    const faces = Array.isArray(group.faces) ? group.faces : [];
    const kept = Array.isArray(group.kept) ? group.kept : [];
    const node = el("span", { class: "faces" }, "[");
    faces.forEach((face, i) => {
      if (i) node.append(", ");
      const dropped = kept.length === faces.length && kept[i] === false;
      node.append(el(dropped ? "s" : "span", { class: dropped ? "dropped" : "face" }, String(face)));
    });
    node.append("]");
    return node;
  }

  function verdict(success) {
    return el("strong", { class: success ? "ok" : "fail" }, success ? "success" : "failure");
  }

  // A dice record as text: "d20+5 → [2] = 7"; ``bare`` leaves out the expression.
  function rollNode(r, bare) {
    const node = el("span", { class: "dice", dataset: { record: r.type } });
    if (r.type === "roll" && !(r.dice || []).length) {
      // A constant (the DC side of a comparison): just its value.
      node.append(el("strong", { class: "total" }, String(r.total)));
    } else if (r.type === "roll") {
      if (!bare) node.append(String(r.expression), " → ");
      (r.dice || []).forEach((g) => node.append(facesNode(g), " "));
      node.append("= ", el("strong", { class: "total" }, String(r.total)));
    } else if (r.type === "check" || r.type === "extended") {
      const rolls = r.rolls || [];
      node.append(String(r.expression), ": ");
      rolls.forEach((roll, i) => node.append(i ? " + " : "", rollNode(roll, true)));
      if (rolls.length !== 1 && r.total !== undefined) {
        node.append(", total ", el("strong", { class: "total" }, String(r.total)));
      }
      node.append(" vs DC " + r.dc + " ", verdict(r.success));
    } else if (r.type === "comparison") {
      node.append(rollNode(r.left), " " + (r.op || "vs") + " ", rollNode(r.right), " ", verdict(r.success));
    } else {
      node.append(rollNode(r.attacker), " vs ", rollNode(r.defender), " ",
        el("strong", {}, r.attacker_wins ? "attacker wins" : "defender wins"));
    }
    return node;
  }

  function dataNode(value) {
    if (isRoll(value)) return rollNode(value);
    if (Array.isArray(value)) {
      if (value.some(isRoll)) {
        return el("span", {}, value.map((v, i) => [i ? ", " : "", dataNode(v)]));
      }
      return el("span", {}, compact(value));
    }
    if (value && typeof value === "object") {
      const parts = Object.entries(value).map(([k, v], i) => [i ? ", " : "", k + ": ", dataNode(v)]);
      return el("span", {}, "{", parts, "}");
    }
    return el("span", {}, compact(value));
  }

  // Every dice record anywhere inside an event's data, outermost first.
  function findRolls(value, out) {
    if (isRoll(value)) {
      out.push(value);
    } else if (value && typeof value === "object") {
      for (const child of Object.values(value)) findRolls(child, out);
    }
    return out;
  }

  function eventItem(event) {
    const data = event.data || {};
    if (typeof event.text === "string" && event.text) {
      // The ruleset's own sentence (describe_event), its dice shown, the data folded.
      const li = el("li", { class: "log-event sentence", dataset: { type: event.type } },
        el("span", { class: "event-text" }, event.text));
      for (const roll of findRolls(data, [])) li.append(" ", rollNode(roll));
      if (Object.keys(data).length) {
        const more = el("details", { class: "event-data" }, el("summary", {}, "details"));
        more.append(el("span", { class: "event-type" }, humanize(event.type)), " ", dataNode(data));
        li.append(" ", more);
      }
      return li;
    }
    const li = el("li", { class: "log-event", dataset: { type: event.type } },
      el("span", { class: "event-type" }, humanize(event.type)));
    for (const roll of findRolls(data, [])) li.append(" ", rollNode(roll));
    const entries = Object.entries(data).filter(([, v]) => !isRoll(v));
    if (!entries.length) return li;
    const fields = entries.map(([key, value]) =>
      el("span", { class: "event-field" }, el("span", { class: "muted" }, humanize(key) + ": "), dataNode(value)));
    const short = JSON.stringify(Object.fromEntries(entries)).length <= 100;
    if (short) {
      fields.forEach((f) => li.append(" ", f));
    } else {
      const more = el("details", { class: "event-data" }, el("summary", {}, "details"));
      fields.forEach((f, k) => more.append(k ? " " : "", f));
      li.append(" ", more);
    }
    return li;
  }

  // ------------------------------------------------------------------ invites (GM)
  function renderInvites() {
    const st = S.state;
    const panel = $("invites");
    panel.hidden = st.role !== "gm";
    if (panel.hidden) return;
    const buttons = $("invite-buttons");
    const wanted = (st.seats || []).join("\n");
    if (buttons.dataset.seats === wanted) return; // drawn already: keep the links on show
    buttons.dataset.seats = wanted;
    clear(buttons);
    if (!buttons.dataset.opened) {
      buttons.dataset.opened = "1";
      $("invites-details").open = true;
    }
    for (const seat of st.seats || []) {
      buttons.append(el("button", { type: "button", class: "secondary invite", dataset: { seat },
        onclick: () => invite(seat) }, "Invite " + seat));
    }
    buttons.append(el("button", { type: "button", class: "secondary invite", dataset: { seat: "" },
      onclick: () => invite(null) }, "Spectator link"));
  }

  async function invite(seat) {
    const res = await api("POST", "/invites", seat === null ? {} : { seat });
    if (!res.ok) { showError(errorText(res)); return; }
    const label = seat === null ? "spectator" : seat;
    const box = $("invite-links");
    const old = [...box.children].find((c) => c.dataset.label === label);
    const fresh = window.TurnkeeperLinks.linkBox(label, res.data);
    if (old) old.replaceWith(fresh); else box.append(fresh);
  }

  // ------------------------------------------------------------------ dice roller
  async function rollDice() {
    const expression = $("dice-expression").value.trim();
    if (!expression) return;
    const hidden = S.state.role === "gm" && $("dice-hidden").checked;
    const res = await api("POST", "/dice", { expression, hidden });
    if (!res.ok) { showError(errorText(res)); return; }
    // A public roll also comes back over the WebSocket: shown once, by its seed.
    addRoll(res.data);
  }

  function addRoll(roll) {
    const list = $("rolls");
    if ([...list.children].some((li) => li.dataset.seed === roll.seed)) return;
    const item = el("li", { class: "table-roll" + (roll.hidden ? " hidden-roll" : ""), dataset: { seed: roll.seed } },
      el("span", { class: "roll-by muted" }, roll.by + (roll.hidden ? " (hidden)" : "") + ": "),
      rollNode(roll.record));
    const o = roll.odds || {};
    if (o.unavailable) {
      item.append(" ", el("span", { class: "roll-odds" }, "(too big for exact odds)"));
    } else if (o.p_success !== undefined) {
      item.append(" ", el("span", { class: "roll-odds" }, "chance ", oddsText(o.p_success)));
    } else if (Array.isArray(o.histogram) && roll.record && roll.record.total !== undefined) {
      const total = roll.record.total;
      const hit = o.histogram.find((h) => h.outcome === total);
      const atLeast = o.histogram.filter((h) => h.outcome >= total).reduce((acc, h) => acc + h.float, 0);
      item.append(" ", el("span", { class: "roll-odds" },
        "P(= " + total + ") ", hit ? oddsText(hit.probability) : "0",
        " · P(≥ " + total + ") " + percent(Math.min(1, atLeast)),
        " · mean " + (o.mean_float !== undefined ? Number(o.mean_float).toFixed(2).replace(/\.?0+$/, "") : o.mean)));
    }
    list.prepend(item);
    while (list.children.length > 30) list.lastChild.remove();
  }

  function oddsText(value) {
    const f = fraction(value);
    if (!f) return compact(value);
    return (f[0] ? f[0] + " " : "") + "(" + percent(f[1]) + ")";
  }

  // ------------------------------------------------------------------ live updates
  function connect() {
    const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
    const url = proto + "//" + window.location.host + BASE + "/ws?token=" + encodeURIComponent(TOKEN);
    const conn = $("conn");
    let ws;
    try {
      ws = new WebSocket(url);
    } catch (err) {
      scheduleReconnect();
      return;
    }
    S.ws = ws;
    ws.addEventListener("open", () => {
      S.wsDelay = 500;
      conn.dataset.state = "live";
      conn.textContent = "live";
      window.clearInterval(S.ping);
      S.ping = window.setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send("ping");
      }, 25000);
      refresh(); // catch up on anything missed while disconnected
    });
    ws.addEventListener("message", (event) => {
      let msg = null;
      try {
        msg = JSON.parse(event.data);
      } catch (err) {
        msg = null; // not JSON: refetching is all a message asks for anyway
      }
      if (msg && msg.type === "pong") return;
      if (msg && msg.type === "roll") { addRoll(msg); return; }
      if (msg && msg.type === "error") {
        S.wsRefused = true;
        // The same HTTP status the REST call gets, so both messages name the same cause.
        showError("live updates refused: " + errorText({ status: msg.status || msg.error, data: msg }));
        return;
      }
      refresh();
    });
    ws.addEventListener("close", (event) => {
      if (S.ws !== ws) return;
      S.ws = null;
      window.clearInterval(S.ping);
      // 4401/4403/4404: the server refused the token or the game; retrying will not help.
      if (S.wsRefused || (event.code >= 4400 && event.code < 4500)) {
        conn.dataset.state = "off";
        conn.textContent = "offline";
        return;
      }
      conn.dataset.state = "reconnecting";
      conn.textContent = "reconnecting…";
      scheduleReconnect();
    });
    ws.addEventListener("error", () => ws.close());
  }

  function scheduleReconnect() {
    const delay = S.wsDelay;
    S.wsDelay = Math.min(S.wsDelay * 2, 5000);
    window.setTimeout(connect, delay);
  }

  // ------------------------------------------------------------------ start
  function start() {
    if (!GAME || !TOKEN) {
      $("no-game").hidden = false;
      $("status").hidden = true;
      $("log-panel").hidden = true;
      $("view-panel").hidden = true;
      $("conn").hidden = true;
      return;
    }
    $("undo").addEventListener("click", askUndo);
    $("confirm").addEventListener("close", () => { if ($("confirm").returnValue === "yes") undo(); });
    $("redo").addEventListener("click", redo);
    $("roster-form").addEventListener("submit", rosterAdd);
    $("reroll-all").addEventListener("click", () => play({ kind: "reroll_initiative", actor: gmActor(), params: {} },
      null, document.querySelector("#roster-form .card-refusal"), "roster"));
    $("free-kind").addEventListener("input", freeKindChanged);
    $("dice-form").addEventListener("submit", (event) => { event.preventDefault(); rollDice(); });
    $("free-form-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const action = freeFormAction();
      if (action) play(action, null, document.querySelector("#free-form-form .card-refusal"));
    });
    $("free-check").addEventListener("click", () => {
      const action = freeFormAction();
      if (action) checkAction(action);
    });
    refresh();
    connect();
  }

  start();
})();
