// Turnkeeper web tracker: what a participant's card in the initiative order shows beyond its
// name and pips: hit points, conditions with their remaining duration, and (for the GM)
// buttons that send the ruleset's own GM commands. Plain JavaScript, no build step.
//
// Everything is read from the seat's own view (view.combatants[id], view.effects), never
// from the tracker, which every seat receives whole: a value the ruleset hides from a seat
// (a ptu player's view of another player's HP is null) is not on that seat's page.
(function () {
  "use strict";

  const el = window.TurnkeeperDom.el; // dom.js

  function humanize(word) {
    return String(word).replace(/[_-]+/g, " ");
  }

  function isNumber(x) {
    return typeof x === "number" && Number.isFinite(x);
  }

  // The combatant record of ``id`` in the seat's view, or null.
  function record(view, id) {
    const all = view && typeof view === "object" ? view.combatants : null;
    const c = all && typeof all === "object" ? all[id] : null;
    return c && typeof c === "object" ? c : null;
  }

  // The effects on ``id`` (e133: holder or target; ptu: holder), with rounds left when the
  // view gives the round they end in.
  function effectsOn(view, id) {
    const list = Array.isArray(view && view.effects) ? view.effects : [];
    const round = isNumber(view && view.round) ? view.round : null;
    return list.filter((e) => e && (e.target === id || (e.target === undefined && e.holder === id)))
      .map((e) => {
        let left = null;
        if (isNumber(e.round) && round !== null) left = Math.max(0, e.round - round);
        return { name: String(e.name), left, ends: e.round };
      });
  }

  function hpBox(c) {
    const temp = isNumber(c.temporary_hp) ? c.temporary_hp : isNumber(c.temp_hp) ? c.temp_hp : 0;
    if (!isNumber(c.hp) || !isNumber(c.max_hp)) {
      // The key is there but null: the ruleset keeps this one's HP from this seat.
      return "hp" in c ? el("div", { class: "hp hidden-hp muted" }, "HP hidden") : null;
    }
    const max = Math.max(c.max_hp, 1);
    const share = Math.max(0, Math.min(1, c.hp / max));
    const level = share > 0.5 ? "high" : share > 0.25 ? "mid" : "low";
    const label = c.hp + " of " + c.max_hp + " HP" + (temp ? ", " + temp + " temporary" : "");
    const bar = el("div", { class: "hp-bar", role: "meter", "aria-label": label,
      "aria-valuemin": "0", "aria-valuemax": String(c.max_hp), "aria-valuenow": String(c.hp) },
    el("div", { class: "hp-fill " + level, style: "width:" + (share * 100).toFixed(1) + "%" }));
    if (temp) {
      bar.append(el("div", { class: "hp-temp",
        style: "width:" + (Math.min(1, temp / max) * 100).toFixed(1) + "%" }));
    }
    return el("div", { class: "hp", dataset: { hp: String(c.hp), max: String(c.max_hp), temp: String(temp) } },
      bar,
      el("span", { class: "hp-text" }, el("strong", { class: "hp-now" }, String(c.hp)), "/" + c.max_hp + " HP",
        temp ? el("span", { class: "hp-temp-text" }, " +" + temp + " temp") : null));
  }

  // HP, standing, conditions and effects of one participant, from the seat's view.
  function vitals(view, id) {
    const c = record(view, id);
    if (!c) return null;
    const box = el("div", { class: "vitals" });
    const hp = hpBox(c);
    if (hp) box.append(hp);
    const chips = el("ul", { class: "chips", "aria-label": "Conditions" });
    const standing = typeof c.status === "string" && c.status !== "up" ? c.status : c.fainted ? "fainted" : null;
    if (standing) chips.append(el("li", { class: "chip standing", dataset: { standing } }, humanize(standing)));
    if (isNumber(c.injuries) && c.injuries > 0) {
      chips.append(el("li", { class: "chip injury" }, c.injuries + (c.injuries === 1 ? " injury" : " injuries")));
    }
    const conditions = Array.isArray(c.conditions) ? c.conditions : Array.isArray(c.statuses) ? c.statuses : [];
    for (const name of conditions) {
      chips.append(el("li", { class: "chip condition", dataset: { condition: String(name) } }, humanize(name)));
    }
    for (const e of effectsOn(view, id)) {
      const when = e.left === null ? "" : " · " + e.left + (e.left === 1 ? " round left" : " rounds left");
      chips.append(el("li", { class: "chip effect", title: e.ends !== undefined ? "ends in round " + e.ends : "",
        dataset: { effect: e.name } }, e.name + when));
    }
    if (isNumber(c.ap_max) && c.ap_max > 0) chips.append(el("li", { class: "chip budget" }, "AP " + c.ap + "/" + c.ap_max));
    if (chips.firstChild) box.append(chips);
    return box.firstChild ? box : null;
  }

  // The GM commands a card offers, found in the ruleset's action schema by kind: the first
  // declared kind of each list is used ({kind, field} for conditions).
  const TOOLS = [
    { tool: "damage", label: "Damage", kinds: ["apply_damage", "damage"] },
    { tool: "heal", label: "Heal", kinds: ["heal"] },
    { tool: "temp", label: "Temp HP", kinds: ["grant_temporary_hp"] },
  ];
  const CONDITION_KINDS = [["set_condition", "condition"], ["set_status", "status"]];

  function paramsOf(schema, kind) {
    const row = schema && schema.actions ? schema.actions[kind] : null;
    if (!row) return null;
    let params = row.params || {};
    if (params.$ref) params = (schema.$defs || {})[params.$ref.split("/").pop()] || {};
    return params.properties || {};
  }

  function toolsOf(schema) {
    const found = { amount: [], condition: null };
    for (const t of TOOLS) {
      const kind = t.kinds.find((k) => {
        const p = paramsOf(schema, k);
        return p && p.target && p.amount;
      });
      if (kind) found.amount.push({ tool: t.tool, label: t.label, kind });
    }
    for (const [kind, field] of CONDITION_KINDS) {
      const p = paramsOf(schema, kind);
      if (p && p.target && p[field] && Array.isArray(p[field].enum)) {
        found.condition = { kind, field, choices: p[field].enum.map(String) };
        break;
      }
    }
    const has = (kind, ...fields) => {
      const p = paramsOf(schema, kind);
      return Boolean(p) && fields.every((f) => p[f]);
    };
    found.remove = has("remove_combatant", "target") ? "remove_combatant" : null;
    found.setInitiative = has("set_initiative", "target", "count") ? "set_initiative" : null;
    // ptu orders initiative by Speed: its GM's set_speed {target, speed} moves a combatant
    // (e133's set_speed is a movement speed, with "feet": not this).
    found.setSpeed = !found.setInitiative && has("set_speed", "target", "speed") ? "set_speed" : null;
    found.reroll = has("reroll_initiative", "target") ? "reroll_initiative" : null;
    return found;
  }

  // The GM's buttons on a card. ``ctx``: {schema, gmActor, play(action, where), amounts (a
  // Map id -> typed amount, kept across redraws), hasCondition(name)}.
  function gmTools(ctx, id) {
    const tools = toolsOf(ctx.schema);
    const roster = tools.remove || tools.setInitiative || tools.reroll || tools.setSpeed;
    if (!ctx.gmActor || (!tools.amount.length && !tools.condition && !roster)) return null;
    const box = el("div", { class: "gm-tools", dataset: { id } });
    const refusal = el("div", { class: "card-refusal", role: "status", hidden: true });
    if (tools.amount.length) {
      const amount = el("input", { type: "number", min: "0", step: "1", inputmode: "numeric", class: "gm-amount",
        placeholder: "amount", "aria-label": "Amount for " + id, value: ctx.amounts.get(id) || "" });
      amount.addEventListener("input", () => ctx.amounts.set(id, amount.value));
      const row = el("div", { class: "gm-row" }, amount);
      for (const t of tools.amount) {
        row.append(el("button", { type: "button", class: "secondary gm-tool", dataset: { tool: t.tool, kind: t.kind },
          onclick: () => {
            const value = Number(amount.value);
            if (amount.value === "" || !Number.isInteger(value) || value < 0) {
              amount.focus();
              amount.setCustomValidity("a whole number of hit points");
              amount.reportValidity();
              return;
            }
            amount.setCustomValidity("");
            ctx.play({ kind: t.kind, actor: ctx.gmActor, params: { target: id, amount: value } }, refusal,
              () => ctx.amounts.delete(id));
          } }, t.label));
      }
      box.append(row);
    }
    if (tools.condition) {
      const c = tools.condition;
      const select = el("select", { class: "gm-condition", "aria-label": "Condition for " + id },
        c.choices.map((name) => el("option", { value: name }, humanize(name))));
      // the chosen condition outlives a redraw too: a live update between choosing and
      // pressing Set would otherwise reset it to the first condition and set the wrong one
      const chosen = ctx.amounts.get("condition:" + id);
      if (chosen && c.choices.includes(chosen)) select.value = chosen;
      select.addEventListener("change", () => ctx.amounts.set("condition:" + id, select.value));
      const send = (value) => ctx.play({ kind: c.kind, actor: ctx.gmActor,
        params: { target: id, [c.field]: select.value, value } }, refusal);
      box.append(el("div", { class: "gm-row" }, select,
        el("button", { type: "button", class: "secondary gm-tool", dataset: { tool: "set", kind: c.kind },
          onclick: () => send(true) }, "Set"),
        el("button", { type: "button", class: "secondary gm-tool", dataset: { tool: "clear", kind: c.kind },
          onclick: () => send(false) }, "Clear")));
    }
    if (roster) {
      // The roster commands (e133 roster.py): initiative and leaving the fight.
      const row = el("div", { class: "gm-row gm-roster" });
      if (tools.setInitiative) {
        const count = el("input", { type: "number", step: "1", inputmode: "numeric", class: "gm-count",
          placeholder: "count", "aria-label": "Initiative count for " + id,
          value: ctx.amounts.get("count:" + id) || "" });
        // typed values outlive a redraw of the cards (a live update may come mid-typing)
        count.addEventListener("input", () => ctx.amounts.set("count:" + id, count.value));
        row.append(count, el("button", { type: "button", class: "secondary gm-tool",
          dataset: { tool: "initiative", kind: tools.setInitiative },
          onclick: () => {
            if (count.value === "" || !Number.isInteger(Number(count.value))) { count.focus(); return; }
            ctx.play({ kind: tools.setInitiative, actor: ctx.gmActor,
              params: { target: id, count: Number(count.value) } }, refusal);
          } }, "Set initiative"));
      }
      if (tools.setSpeed) {
        const speed = el("input", { type: "number", min: "0", step: "1", inputmode: "numeric", class: "gm-count",
          placeholder: "Speed", "aria-label": "Speed for " + id,
          value: ctx.amounts.get("speed:" + id) || "" });
        speed.addEventListener("input", () => ctx.amounts.set("speed:" + id, speed.value));
        row.append(speed, el("button", { type: "button", class: "secondary gm-tool",
          dataset: { tool: "speed", kind: tools.setSpeed },
          onclick: () => {
            if (speed.value === "" || !Number.isInteger(Number(speed.value))) { speed.focus(); return; }
            ctx.play({ kind: tools.setSpeed, actor: ctx.gmActor,
              params: { target: id, speed: Number(speed.value) } }, refusal);
          } }, "Set Speed (initiative)"));
      }
      if (tools.reroll) {
        row.append(el("button", { type: "button", class: "secondary gm-tool", dataset: { tool: "reroll", kind: tools.reroll },
          onclick: () => ctx.play({ kind: tools.reroll, actor: ctx.gmActor, params: { target: id } }, refusal) },
        "Re-roll"));
      }
      if (tools.remove) {
        row.append(el("button", { type: "button", class: "secondary gm-tool danger", dataset: { tool: "remove", kind: tools.remove },
          onclick: () => {
            if (window.confirm("Remove " + id + " from the fight? (Undo brings it back.)")) {
              ctx.play({ kind: tools.remove, actor: ctx.gmActor, params: { target: id } }, refusal);
            }
          } }, "Remove"));
      }
      box.append(row);
    }
    box.append(refusal);
    // The unfolded state is remembered as the summary is clicked, not only on "toggle": that
    // event comes a task later, and a live redraw in between would draw the card folded again.
    return el("details", { class: "gm-card-tools", open: ctx.open.has(id),
      ontoggle: (event) => { if (event.target.open) ctx.open.add(id); else ctx.open.delete(id); } },
    el("summary", { onclick: (event) => {
      const details = event.currentTarget.parentElement;
      if (details && details.open) ctx.open.delete(id); else ctx.open.add(id);
    } }, [tools.amount.length ? "GM: damage · heal · condition" : "GM: condition",
      roster ? " · initiative" : ""].join("")), box);
  }

  window.TurnkeeperCards = { vitals, gmTools, toolsOf };
})();
