// Forms generated from JSON Schema (the ruleset's set-up and action models, as served by
// GET /api/rulesets/{name}/schema): one field per property, with its description, range,
// choices and default. Plain JavaScript; every text goes in with textContent.
// window.SchemaForm.build(schema, defs, value, prefix) -> {node, read()}; read() throws an
// Error naming the field when a value cannot be read.
(function () {
  "use strict";

  const el = window.TurnkeeperDom.el; // dom.js

  let serial = 0;
  const MAX_DEPTH = 8;

  function resolve(schema, defs) {
    let s = schema || {};
    for (let i = 0; i < 20 && s.$ref; i += 1) {
      const name = String(s.$ref).split("/").pop();
      s = Object.assign({}, defs[name] || {}, s, { $ref: undefined });
    }
    return s;
  }

  // {schema, nullable}: an "X or null" (an optional value) is X with a blank meaning null.
  function unwrap(schema, defs) {
    const s = resolve(schema, defs);
    const options = s.anyOf || s.oneOf;
    if (Array.isArray(options)) {
      const real = options.filter((o) => resolve(o, defs).type !== "null");
      const nullable = real.length !== options.length;
      const carry = (inner) => {
        if (s.description && !inner.description) inner.description = s.description;
        if ("default" in s) inner.default = s.default;
        for (const key of ["x-gm-only", "x-open", "examples"]) if (key in s && !(key in inner)) inner[key] = s[key];
        return inner;
      };
      if (real.length === 1) return { schema: carry(Object.assign({}, resolve(real[0], defs))), nullable };
      const kinds = real.map((o) => resolve(o, defs));
      // "one X or a list of X" (e.g. pte's participants): drawn as the list.
      const list = kinds.find((k) => k.type === "array" && k.items);
      if (real.length === 2 && list) {
        const single = kinds.find((k) => k !== list);
        const scalar = single && ["string", "integer", "number", "boolean"].includes(single.type);
        if (scalar && single.type === resolve(list.items, defs).type) {
          return { schema: carry(Object.assign({}, list)), nullable };
        }
      }
      // Texts only (e.g. ptcg's promote target: a place or "hand"): one choice list when every
      // kind lists its values, else one text box suggesting the listed ones (not a JSON box).
      const valuesOf = (k) => (Array.isArray(k.enum) ? k.enum : k.const !== undefined ? [k.const] : null);
      const texts = kinds.every((k) => k.type === "string" || typeof k.const === "string"
        || (Array.isArray(k.enum) && k.enum.every((v) => typeof v === "string")));
      if (texts) {
        const listed = kinds.map(valuesOf);
        const values = [...new Set(listed.filter(Boolean).flat())];
        if (listed.every(Boolean)) return { schema: carry({ type: "string", enum: values }), nullable };
        return { schema: carry({ type: "string", "x-suggest": values }), nullable };
      }
      // "a number or a text" (e.g. pte's rounds: 2 or 1d4): one text box, a number read as one.
      const types = kinds.map((k) => k.type).sort().join(" ");
      if (types === "integer string" || types === "number string") {
        return { schema: carry({ type: "string", "x-number-or-text": kinds.find((k) => k.type !== "string").type }), nullable };
      }
    }
    if (Array.isArray(s.type) && s.type.includes("null")) {
      const types = s.type.filter((t) => t !== "null");
      return { schema: Object.assign({}, s, { type: types.length === 1 ? types[0] : types }), nullable: true };
    }
    return { schema: s, nullable: false };
  }

  function humanize(word) {
    return String(word).replace(/[_-]+/g, " ");
  }

  function hint(schema) {
    const parts = [];
    if (schema.description) parts.push(schema.description);
    if (schema.minimum !== undefined && schema.maximum !== undefined) parts.push(schema.minimum + "–" + schema.maximum);
    else if (schema.minimum !== undefined) parts.push("≥ " + schema.minimum);
    else if (schema.maximum !== undefined) parts.push("≤ " + schema.maximum);
    return parts.join(" · ");
  }

  // A JSON text box: for shapes the form does not draw (free maps, mixed unions).
  function jsonField(name, schema, value) {
    const id = "sf-" + (serial += 1);
    const box = el("textarea", { id, name, rows: "2", spellcheck: "false", class: "sf-json" });
    box.value = value === undefined ? "" : JSON.stringify(value);
    return {
      node: box, id,
      read() {
        const text = box.value.trim();
        if (!text) return undefined;
        try { return JSON.parse(text); } catch (err) { throw new Error(name + ": not valid JSON (" + err.message + ")"); }
      },
    };
  }

  function scalarField(name, schema, nullable, value) {
    const id = "sf-" + (serial += 1);
    const choices = Array.isArray(schema.enum) ? schema.enum : schema.const !== undefined ? [schema.const] : null;
    const current = value !== undefined ? value : schema.default;
    if (choices) {
      const select = el("select", { id, name });
      if (nullable || current === undefined) select.append(el("option", { value: "" }, "—"));
      choices.forEach((c, i) => {
        // The choice itself rides along as data-value (the option's value is its index).
        const opt = el("option", { value: String(i), dataset: { value: String(c) } }, String(c));
        if (current !== undefined && c === current) opt.selected = opt.defaultSelected = true;
        select.append(opt);
      });
      return { node: select, id, read: () => (select.value === "" ? undefined : choices[Number(select.value)]) };
    }
    if (schema.type === "boolean") {
      if (nullable) {
        const select = el("select", { id, name });
        for (const [label, v] of [["—", ""], ["yes", "true"], ["no", "false"]]) {
          select.append(el("option", { value: v, selected: current !== undefined && current !== null && String(current) === v }, label));
        }
        return { node: select, id, read: () => (select.value === "" ? undefined : select.value === "true") };
      }
      const box = el("input", { id, name, type: "checkbox" });
      box.checked = Boolean(current);
      return { node: box, id, read: () => box.checked };
    }
    if (schema.type === "integer" || schema.type === "number") {
      const input = el("input", { id, name, type: "number", inputmode: "numeric",
        step: schema.type === "integer" ? "1" : "any", min: schema.minimum, max: schema.maximum });
      if (current !== undefined && current !== null) input.setAttribute("value", String(current));
      return {
        node: input, id,
        read() {
          const text = input.value.trim();
          if (!text) return undefined;
          const n = Number(text);
          if (!Number.isFinite(n) || (schema.type === "integer" && !Number.isInteger(n))) {
            throw new Error(name + ": " + text + " is not " + (schema.type === "integer" ? "a whole number" : "a number"));
          }
          return n;
        },
      };
    }
    if (schema.type === "string") {
      const input = el("input", { id, name, type: "text", autocomplete: "off", maxlength: schema.maxLength });
      if (current !== undefined && current !== null) input.setAttribute("value", String(current));
      const suggested = schema["x-suggest"] || [];
      let node = input;
      if (suggested.length) {
        const listId = id + "-values";
        input.setAttribute("list", listId);
        node = el("span", { class: "sf-suggest" }, input,
          el("datalist", { id: listId }, suggested.map((v) => el("option", { value: String(v) }))));
      }
      const numeric = schema["x-number-or-text"];
      const asNumber = (text) => {
        const pattern = numeric === "integer" ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
        return numeric && pattern.test(text.trim()) ? Number(text.trim()) : text;
      };
      return { node, id, read: () => (input.value === "" && (nullable || !schema.default) ? undefined : asNumber(input.value)) };
    }
    return null;
  }

  function arrayField(name, schema, value, defs, depth) {
    const items = unwrap(schema.items || {}, defs).schema;
    const list = el("div", { class: "sf-array", dataset: { field: name } });
    const rows = [];
    const addButton = el("button", { type: "button", class: "secondary sf-add" }, "+ add " + humanize(name));
    function addRow(v) {
      const inner = field(name + "[" + rows.length + "]", items, false, v, defs, depth + 1);
      const row = el("div", { class: "sf-row" }, inner.node);
      const entry = { row, inner };
      row.append(el("button", { type: "button", class: "secondary sf-remove", "aria-label": "remove",
        onclick: () => { rows.splice(rows.indexOf(entry), 1); row.remove(); } }, "×"));
      rows.push(entry);
      list.insertBefore(row, addButton);
    }
    list.append(addButton);
    addButton.addEventListener("click", () => addRow(undefined));
    // (a single value where the schema also takes one: a list of it)
    const start = Array.isArray(value) ? value : value !== undefined && value !== null ? [value]
      : Array.isArray(schema.default) ? schema.default : [];
    start.forEach(addRow);
    return {
      node: list,
      read() {
        const out = rows.map((r) => r.inner.read());
        return out.length || value !== undefined ? out.filter((v) => v !== undefined) : undefined;
      },
    };
  }

  // A map (an object whose keys are free, e.g. pte's per-participant bonuses): a row per
  // entry, its key in a text box and its value as the map's value schema draws it.
  function mapField(name, schema, value, defs, depth) {
    const valueSchema = unwrap(schema.additionalProperties, defs).schema;
    const list = el("div", { class: "sf-array sf-map", dataset: { field: name } });
    const rows = [];
    const addButton = el("button", { type: "button", class: "secondary sf-add" }, "+ add " + humanize(name));
    function addRow(key, v) {
      const keyId = "sf-" + (serial += 1);
      const keyInput = el("input", { id: keyId, type: "text", class: "sf-key", autocomplete: "off",
        "aria-label": humanize(name) + ": key", placeholder: "key" });
      if (key !== undefined) keyInput.value = key;
      const inner = field(name + "[" + rows.length + "]", valueSchema, false, v, defs, depth + 1);
      const row = el("div", { class: "sf-row sf-map-row" }, keyInput, inner.node);
      const entry = { row, keyInput, inner };
      row.append(el("button", { type: "button", class: "secondary sf-remove", "aria-label": "remove",
        onclick: () => { rows.splice(rows.indexOf(entry), 1); row.remove(); } }, "×"));
      rows.push(entry);
      list.insertBefore(row, addButton);
    }
    list.append(addButton);
    addButton.addEventListener("click", () => addRow(undefined, undefined));
    const start = value && typeof value === "object" && !Array.isArray(value) ? value
      : schema.default && typeof schema.default === "object" ? schema.default : {};
    for (const [k, v] of Object.entries(start)) addRow(k, v);
    return {
      node: list,
      read() {
        const out = {};
        for (const r of rows) {
          const key = r.keyInput.value.trim();
          const v = r.inner.read();
          if (!key && v === undefined) continue;
          if (!key) throw new Error(name + ": a key is missing");
          if (key in out) throw new Error(name + ": the key " + key + " is given twice");
          if (v !== undefined) out[key] = v;
        }
        return Object.keys(out).length || value !== undefined ? out : undefined;
      },
    };
  }

  // ``opts`` (the top level only): ``only`` / ``except`` (arrays of property names) pick the
  // fields drawn; ``hideGmOnly`` leaves out the fields only the GM may set (a player's page
  // must not send them); ``sparse`` leaves out of read() a field not in ``value`` that still
  // holds its default (the engine applies the default itself, and a form must not claim
  // values nobody chose); ``optional`` asks for no field (the rest of an offer's fields).
  function objectField(name, schema, value, defs, depth, opts) {
    const o = opts || {};
    const box = el("fieldset", { class: "sf-object", dataset: { field: name } });
    // "players[0]" reads as "players #1".
    const legend = String(name.split(".").pop()).replace(/\[(\d+)\]$/, (m, i) => " #" + (Number(i) + 1));
    if (name) box.append(el("legend", {}, humanize(legend)));
    const props = schema.properties || {};
    const required = new Set(schema.required || []);
    const fields = [];
    const given = value && typeof value === "object" ? value : {};
    for (const [key, sub] of Object.entries(props)) {
      if (o.only && !o.only.includes(key)) continue;
      if (o.except && o.except.includes(key)) continue;
      const { schema: s, nullable } = unwrap(sub, defs);
      if (o.hideGmOnly && s["x-gm-only"] && !(key in given)) continue;
      const f = field(key, s, nullable, given[key], defs, depth + 1);
      // A GM-only value the offer carries is the GM's: shown on a player's page, not editable.
      if (o.hideGmOnly && s["x-gm-only"] && "disabled" in f.node) f.node.disabled = true;
      const label = el("span", { class: "sf-label" }, humanize(key) + (required.has(key) ? " *" : ""));
      const note = hint(s);
      const wrap = s.type === "object" || s.type === "array"
        ? el("div", { class: "sf-field sf-wide", dataset: { name: key } }, label, f.node)
        : el("label", { class: "sf-field", for: f.id, dataset: { name: key } }, label, f.node);
      if (note) {
        wrap.append(el("small", { class: "muted sf-hint" }, note));
        wrap.title = note;
      }
      if (s["x-gm-only"]) wrap.classList.add("sf-gm-only");
      box.append(wrap);
      fields.push([key, f, required.has(key) && !o.optional, s]);
    }
    if (!fields.length && schema.additionalProperties && typeof schema.additionalProperties === "object") {
      return jsonField(name, schema, value);
    }
    return {
      node: box,
      read() {
        const out = {};
        for (const [key, f, isRequired, s] of fields) {
          let v;
          try { v = f.read(); } catch (err) { throw new Error((name ? name + "." : "") + err.message.replace(/^[^:]*:/, key + ":")); }
          if (v === undefined) {
            if (isRequired) throw new Error((name ? name + "." : "") + key + ": required");
            continue;
          }
          if (o.sparse && !(key in given) && "default" in s && JSON.stringify(v) === JSON.stringify(s.default)) continue;
          out[key] = v;
        }
        return out;
      },
    };
  }

  function field(name, schema, nullable, value, defs, depth) {
    const s = resolve(schema, defs);
    if (depth > MAX_DEPTH) return jsonField(name, s, value);
    if (s.type === "object" && s.properties) {
      const group = objectField(name, s, value, defs, depth);
      if (!nullable || value !== undefined) return group;
      // An optional group (an object or null) nobody typed in is not given at all: its own
      // required fields only count once something in it is filled.
      let touched = false;
      group.node.addEventListener("input", () => { touched = true; });
      group.node.addEventListener("change", () => { touched = true; });
      return { node: group.node, read: () => (touched ? group.read() : undefined) };
    }
    if (s.type === "array" && s.items && !s.prefixItems) return arrayField(name, s, value, defs, depth);
    if (s.type === "object" && !s.properties && s.additionalProperties && typeof s.additionalProperties === "object") {
      return mapField(name, s, value, defs, depth);
    }
    return scalarField(name, s, nullable, value) || jsonField(name, s, value);
  }

  // The form of an object schema (an action's params, a set-up) filled with ``value``.
  function build(schema, defs, value, opts) {
    const s = resolve(schema, defs || {});
    if (s.type !== "object") return jsonField("value", s, value);
    return objectField("", s, value, defs || {}, 0, opts);
  }

  // Whether an object schema has no fields at all (an action without parameters).
  function isEmpty(schema, defs) {
    const s = resolve(schema, defs || {});
    return s.type === "object" && (!s.properties || !Object.keys(s.properties).length);
  }

  window.SchemaForm = { build, isEmpty, resolve };
})();
