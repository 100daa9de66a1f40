// Turnkeeper web tracker: a card game's table (the ruleset's ``board``, e.g. ptcg), drawn as
// cards: your hand face up, each side's Active and Bench as tiles (damage counters, Special
// Conditions, Energy, Tool), the other hand as card backs, Prizes, decks, discard piles and
// the Stadium. A card is played by a click on it, then a click on one of its legal targets,
// which are highlighted: both come from the legal actions the server lists for your seat.
//
// Card faces are the ruleset's card facts (name, HP, types, attacks with costs and damage,
// Poké-Powers and Bodies); an image is shown only when the card data gives its URL and the
// browser can load it, else the text card stays. Plain JavaScript, text only (no innerHTML).
(function () {
  "use strict";

  const el = window.TurnkeeperDom.el; // dom.js

  const TYPE_LETTER = {
    Grass: "G", Fire: "R", Water: "W", Lightning: "L", Psychic: "P", Fighting: "F",
    Darkness: "D", Metal: "M", Colorless: "C", Any: "★",
  };
  // Kinds that take a card from the hand, and the place they put it when no target is named.
  const FROM_HAND = new Set(["attach", "evolve", "play_trainer", "bench", "place_active", "place_bench"]);
  const NEW_BENCH = new Set(["bench", "place_bench"]);
  // Card image URLs this page saw load, or fail (offline, blocked): a failed one is not
  // asked for again, the text card stands.
  const IMAGES_LOADED = new Set();
  const IMAGES_FAILED = new Set();

  function humanize(word) {
    return String(word).replace(/[_-]+/g, " ");
  }

  function energy(symbol) {
    const letter = TYPE_LETTER[symbol] || String(symbol).slice(0, 1);
    return el("span", { class: "energy-symbol", dataset: { type: String(symbol) }, title: String(symbol) }, letter);
  }

  function costRow(cost) {
    const row = el("span", { class: "attack-cost", "aria-label": "cost: " + (cost.length ? cost.join(", ") : "none") });
    if (!cost.length) row.append(el("span", { class: "muted" }, "free"));
    for (const symbol of cost) row.append(energy(symbol));
    return row;
  }

  function stageText(f) {
    if (f.kind === "pokemon") {
      const stage = { basic: "Basic", stage1: "Stage 1", stage2: "Stage 2" }[f.stage] || f.stage || "";
      return [stage, f.ex ? "Pokémon-ex" : "Pokémon"].join(" ").trim();
    }
    if (f.kind === "trainer") return "Trainer" + (f.trainer ? " · " + humanize(f.trainer) : "");
    if (f.kind === "energy") return (f.basic_energy ? "Basic" : "Special") + " Energy";
    return humanize(f.kind || "card");
  }

  // The text face of a card from its facts: what is printed, as facts (the data's own texts,
  // if it ships them, folded under each attack).
  function textFace(f) {
    const texts = f.texts && typeof f.texts === "object" ? f.texts : {};
    const face = el("div", { class: "card-text" });
    const head = el("div", { class: "card-head" }, el("strong", { class: "card-name" }, f.name || f.id));
    if (f.hp) head.append(el("span", { class: "card-hp" }, f.hp + " HP"));
    for (const t of f.types || []) head.append(energy(t));
    face.append(head, el("div", { class: "card-stage muted" }, stageText(f) +
      (f.evolves_from ? " · from " + f.evolves_from : "")));
    if (Array.isArray(f.provides) && f.provides.length) {
      face.append(el("div", { class: "card-provides" }, "provides ", ...f.provides.map(energy)));
    }
    const powers = Array.isArray(f.powers) ? f.powers : [];
    for (const p of powers) {
      const line = el("div", { class: "card-power" },
        el("span", { class: "power-kind" }, p.kind === "body" ? "Poké-Body" : "Poké-Power"), " ",
        el("strong", {}, p.name));
      if (texts[p.name]) line.append(el("div", { class: "printed muted" }, texts[p.name]));
      face.append(line);
    }
    const attacks = Array.isArray(f.attacks) ? f.attacks : [];
    for (const a of attacks) {
      const line = el("div", { class: "card-attack", dataset: { attack: a.name } },
        costRow(a.cost || []), " ", el("strong", {}, a.name),
        a.damage ? el("span", { class: "attack-damage" }, String(a.damage)) : null);
      if (texts[a.name]) line.append(el("div", { class: "printed muted" }, texts[a.name]));
      face.append(line);
    }
    if (texts[""]) face.append(el("div", { class: "printed muted" }, texts[""]));
    if (f.kind === "pokemon") {
      const foot = el("div", { class: "card-foot muted" });
      if ((f.weakness || []).length) foot.append("weak ", ...f.weakness.map(energy), " ");
      if ((f.resistance || []).length) foot.append("resist ", ...f.resistance.map(energy), " ");
      foot.append("retreat " + (f.retreat || 0));
      face.append(foot);
    }
    return face;
  }

  // A card: its image when the data gives one and it loads, else its text face.
  function cardFace(facts, id) {
    const f = facts || { id, name: id };
    const box = el("div", { class: "card-face", dataset: { face: "text" } });
    const text = textFace(f);
    box.append(text);
    const url = f.images && (f.images.small || f.images.large);
    if (url && !IMAGES_FAILED.has(url)) {
      // An image seen loading before shows at once (no flicker at each live redraw).
      const known = IMAGES_LOADED.has(url);
      const img = el("img", { class: "card-image", alt: f.name || id,
        referrerpolicy: "no-referrer", hidden: !known, src: url });
      const shown = () => { img.hidden = false; text.hidden = true; box.dataset.face = "image"; };
      if (known) shown();
      img.addEventListener("load", () => { IMAGES_LOADED.add(url); shown(); });
      img.addEventListener("error", () => {
        IMAGES_FAILED.add(url);
        img.remove();
        text.hidden = false;
        box.dataset.face = "text";
      });
      box.append(img);
    }
    return box;
  }

  function back(label) {
    return el("span", { class: "card-back", title: label, "aria-hidden": "true" });
  }

  // ``board``: the ruleset's board; ``o``: {actions, me, pick, setPick, play, refusal}.
  function draw(container, board, o) {
    while (container.firstChild) container.removeChild(container.firstChild);
    const facts = board.cards || {};
    const name = (id) => (facts[id] && facts[id].name) || id;
    const actions = Array.isArray(o.actions) ? o.actions : [];
    const seats = Object.keys(board.sides || {});
    const me = seats.includes(o.me) ? o.me : seats[0];
    const mineActions = actions.filter((a) => !a.actor || a.actor === me);
    const pick = o.pick; // {card: id} (a hand card), {retreat: true}, or null
    // What a click on a place of mine plays now, by slot ("active", "bench1".., "bench-new").
    const targets = new Map();
    const pickButtons = [];
    if (pick && pick.card) {
      for (const a of mineActions) {
        if (!FROM_HAND.has(a.kind) || !a.params || a.params.card !== pick.card) continue;
        const slot = a.params.target || (NEW_BENCH.has(a.kind) ? "bench-new" : a.kind === "place_active" ? "active" : null);
        if (slot && !targets.has(slot)) targets.set(slot, a);
        else if (!slot) pickButtons.push(a);
      }
    } else if (pick && pick.retreat) {
      for (const a of mineActions) {
        if (a.kind === "retreat" && a.params && a.params.target && !targets.has(a.params.target)) targets.set(a.params.target, a);
      }
    }
    // A Knocked Out Active: a click on a Benched Pokémon promotes it.
    for (const a of mineActions) {
      if (a.kind === "promote" && a.params && typeof a.params.target === "string" && !targets.has(a.params.target)) {
        targets.set(a.params.target, a);
      }
    }
    const playable = new Set(mineActions.filter((a) => FROM_HAND.has(a.kind) && a.params && a.params.card)
      .map((a) => a.params.card));

    function tile(side, mon, who) {
      const f = facts[mon.card] || {};
      const target = who === me ? targets.get(mon.slot) : null;
      const node = el("div", { class: "mon-tile" + (target ? " target" : ""),
        dataset: { slot: mon.slot, card: mon.card, seat: who }, role: target ? "button" : null,
        tabindex: target ? "0" : null, title: target ? describe(target) : null });
      if (target) {
        node.addEventListener("click", () => o.play(target));
        node.addEventListener("keydown", (e) => { if (e.key === "Enter") o.play(target); });
      }
      node.append(el("div", { class: "mon-where muted" }, mon.slot === "active" ? "Active" : "Bench " + mon.slot.slice(5)));
      node.append(cardFace(f, mon.card));
      const share = mon.hp > 0 ? Math.max(0, Math.min(1, mon.hp_left / mon.hp)) : 0;
      const level = share > 0.5 ? "high" : share > 0.25 ? "mid" : "low";
      const hp = el("div", { class: "mon-hp", dataset: { hpLeft: String(mon.hp_left), hp: String(mon.hp) } },
        el("div", { class: "hp-bar", role: "meter", "aria-label": mon.hp_left + " of " + mon.hp + " HP",
          "aria-valuemin": "0", "aria-valuemax": String(mon.hp), "aria-valuenow": String(mon.hp_left) },
        el("div", { class: "hp-fill " + level, style: "width:" + (share * 100).toFixed(1) + "%" })),
        el("strong", {}, String(mon.hp_left)), "/" + mon.hp + " HP");
      if (mon.counters) {
        hp.append(el("span", { class: "counters", title: mon.damage + " damage",
          dataset: { counters: String(mon.counters) } }, " · " + mon.counters + (mon.counters === 1 ? " damage counter" : " damage counters")));
      }
      node.append(hp);
      const chips = el("ul", { class: "chips", "aria-label": "Special Conditions" });
      for (const c of mon.conditions || []) chips.append(el("li", { class: "chip condition", dataset: { condition: c } }, c));
      if (chips.firstChild) node.append(chips);
      if ((mon.energy || []).length) {
        node.append(el("div", { class: "mon-energy", "aria-label": "attached Energy" },
          mon.energy.map((e) => el("span", { class: "attached", dataset: { card: e } }, name(e)))));
      }
      if (mon.tool) node.append(el("div", { class: "mon-tool" }, "Tool: " + name(mon.tool)));
      if ((mon.under || []).length) node.append(el("div", { class: "muted" }, "on " + mon.under.map(name).join(", ")));
      if (who === me) {
        // This Pokémon's own moves: attacks and retreat (the Active), Poké-Powers.
        const moves = el("div", { class: "mon-moves" });
        for (const a of mineActions) {
          const own = (a.kind === "attack" && mon.slot === "active") ||
            (a.kind === "use_power" && a.params && (a.params.pokemon || "active") === mon.slot);
          if (!own) continue;
          moves.append(el("button", { type: "button", class: "board-move", dataset: { kind: a.kind },
            onclick: (e) => { e.stopPropagation(); o.play(a); } }, describe(a)));
        }
        if (mon.slot === "active" && mineActions.some((a) => a.kind === "retreat")) {
          moves.append(el("button", { type: "button", class: "board-move secondary", dataset: { kind: "retreat" },
            "aria-pressed": pick && pick.retreat ? "true" : "false",
            onclick: (e) => { e.stopPropagation(); o.setPick(pick && pick.retreat ? null : { retreat: true }); } },
          pick && pick.retreat ? "Retreat: pick a Benched Pokémon…" : "Retreat (" + mon.retreat + ")"));
        }
        if (moves.firstChild) node.append(moves);
      }
      return node;
    }

    function spot(slot, label) {
      const target = targets.get(slot);
      const node = el("div", { class: "mon-tile empty" + (target ? " target" : ""), dataset: { slot },
        role: target ? "button" : null, tabindex: target ? "0" : null }, label);
      if (target) {
        node.addEventListener("click", () => o.play(target));
        node.addEventListener("keydown", (e) => { if (e.key === "Enter") o.play(target); });
      }
      return node;
    }

    function describe(a) {
      const p = a.params || {};
      if (a.kind === "attack") {
        return (a.cost ? humanize(a.cost) : p.attack) + (p.card ? " · " + name(p.card) : "") +
          (p.target ? " → " + p.target : "");
      }
      if (a.kind === "promote") return "Make it your Active Pokémon";
      if (a.cost) return humanize(a.kind) + ": " + humanize(a.cost);
      return humanize(a.kind);
    }

    function sidePanel(who) {
      const side = board.sides[who];
      const mine = who === me;
      const panel = el("div", { class: "board-side" + (mine ? " mine" : " theirs"), dataset: { seat: who } });
      const counts = el("div", { class: "board-counts" },
        el("strong", {}, who + (board.current === who ? " · to play" : "")),
        el("span", { class: "deck-count" }, "deck " + side.deck_count),
        el("span", { class: "prize-count", dataset: { prizes: String(side.prize_count) } },
          "Prizes ", Array.from({ length: Math.min(side.prize_count, 6) }, () => back("Prize card")),
          side.prize_count > 6 ? " " + side.prize_count : " " + side.prize_count));
      panel.append(counts);
      if (side.hand === null || side.hand === undefined) {
        panel.append(el("div", { class: "hand-backs", dataset: { count: String(side.hand_count) },
          "aria-label": who + "'s hand: " + side.hand_count + " cards" },
        "hand ", Array.from({ length: Math.min(side.hand_count, 20) }, () => back("card")), " " + side.hand_count));
      }
      const active = el("div", { class: "board-active" });
      if (side.active) active.append(tile(side, side.active, who));
      else if (side.face_down) active.append(el("div", { class: "mon-tile empty" }, side.face_down + " face down"));
      else active.append(mine ? spot("active", "no Active Pokémon") : el("div", { class: "mon-tile empty" }, "no Active Pokémon"));
      const bench = el("div", { class: "board-bench", "aria-label": who + "'s Bench" });
      for (const mon of side.bench || []) bench.append(tile(side, mon, who));
      if (mine && targets.has("bench-new")) bench.append(spot("bench-new", "Bench"));
      if (side.supporter) active.append(el("div", { class: "supporter muted" }, "Supporter: " + name(side.supporter)));
      const discard = el("details", { class: "discard-viewer", dataset: { count: String((side.discard || []).length) } },
        el("summary", {}, "Discard pile (" + (side.discard || []).length + ")"),
        el("ol", { class: "discard-list" }, (side.discard || []).map((id) => el("li", { dataset: { card: id } }, cardFace(facts[id], id)))));
      if (o.openDiscards && o.openDiscards.has(who)) discard.open = true;
      discard.addEventListener("toggle", () => { if (o.openDiscards) { if (discard.open) o.openDiscards.add(who); else o.openDiscards.delete(who); } });
      // one row: the Active, then the Bench
      panel.append(el("div", { class: "board-field" }, active, bench));
      panel.append(discard);
      if (mine) {
        // A card's question for this seat: its answers (the legal ``choose`` actions) as buttons.
        const answers = mineActions.filter((a) => a.kind === "choose");
        if (board.pending && board.pending.player === who && answers.length) {
          panel.append(el("div", { class: "board-question", role: "group", "aria-label": "question" },
            el("strong", {}, String(board.pending.prompt || "Choose")),
            el("div", { class: "buttons" }, answers.map((a) => el("button", { type: "button",
              class: "board-answer", dataset: { option: String(a.params.option) },
              onclick: () => o.play(a) }, String(a.cost || "option " + a.params.option))))));
        }
        if (board.promote && board.promote.includes(who) && targets.size) {
          panel.append(el("div", { class: "board-question" }, el("strong", {},
            "Your Active Pokémon is gone: click a highlighted Benched Pokémon to make it Active")));
        }
        panel.append(pickBar, o.refusal); // beside the hand and the tiles clicked
      }
      if (Array.isArray(side.hand)) panel.append(hand(side.hand, mine));
      return panel;
    }

    function hand(ids, mine) {
      const row = el("div", { class: "board-hand", "aria-label": "hand" });
      ids.forEach((id, i) => {
        const can = mine && playable.has(id);
        const picked = mine && pick && pick.card === id && pick.index === i;
        const node = el("button", { type: "button", class: "hand-card" + (can ? " playable" : "") + (picked ? " picked" : ""),
          dataset: { card: id, index: String(i) }, "aria-pressed": picked ? "true" : "false",
          title: can ? "Play it: click, then click a highlighted target" : "No play for this card now" },
        cardFace(facts[id], id));
        node.addEventListener("click", () => {
          if (!can) { o.setPick(null, name(id) + ": no legal play for this card now."); return; }
          o.setPick(picked ? null : { card: id, index: i });
        });
        row.append(node);
      });
      if (!ids.length) row.append(el("span", { class: "muted" }, "no cards in hand"));
      return row;
    }

    const bar = el("div", { class: "pick-bar", role: "status" });
    const pickBar = bar;
    if (pick && pick.card) {
      bar.append(el("span", {}, name(pick.card) + ": " + (targets.size ? "click a highlighted place" : "play it")));
      for (const a of pickButtons) bar.append(el("button", { type: "button", class: "board-play", dataset: { kind: a.kind },
        onclick: () => o.play(a) }, "Play " + name(pick.card)));
      bar.append(el("button", { type: "button", class: "secondary", onclick: () => o.setPick(null) }, "Cancel"));
    } else if (pick && pick.retreat) {
      bar.append(el("span", {}, "Retreat: click a highlighted Benched Pokémon"),
        el("button", { type: "button", class: "secondary", onclick: () => o.setPick(null) }, "Cancel"));
    } else if (o.note) {
      bar.append(el("span", { class: "muted" }, o.note));
    }
    bar.hidden = !bar.firstChild;
    const others = seats.filter((s) => s !== me);
    for (const who of others) container.append(sidePanel(who));
    container.append(el("div", { class: "board-middle" },
      el("div", { class: "stadium", dataset: { card: board.stadium || "" } },
        el("span", { class: "muted" }, "Stadium: "), board.stadium ? cardFace(facts[board.stadium], board.stadium) : "none")));
    if (seats.includes(me)) container.append(sidePanel(me));
  }

  window.TurnkeeperBoard = Object.freeze({ draw, cardFace });
})();
