"""Card facts: the project's card model, the importer for the community card-database schema,
and the bundled card and deck files.

A card here holds facts only (name, kind, stage, HP, types, attacks with cost and printed
damage, weakness, resistance, retreat cost). Whether an attack, power or Trainer does more
than its printed damage is recorded as ``effect: true``; what the effect does lives in
``effects.py`` as a handler registered by card id, never as text in the data.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from functools import lru_cache
from pathlib import Path
from typing import Any

from turnkeeper.compiled import package_folder
from turnkeeper.core.model import BadActionError

# (the package's source folder, not this file's: the compiled module lives in __mypyc__/)
DATA_DIR = package_folder("turnkeeper.rulesets.ptcg") / "data"
# One file of facts per later set (``exN.json``) and of its theme decks (``exN.decks.json``),
# written by scripts/bundle_ptcg_set.py, read beside cards.json / decks.json.
SETS_DIR = DATA_DIR / "sets"

ENERGY_TYPES = (
    "Grass",
    "Fire",
    "Water",
    "Lightning",
    "Psychic",
    "Fighting",
    "Darkness",
    "Metal",
    "Colorless",
)
# A special Energy that may count as any type (Rainbow Energy) provides "Any".
ANY = "Any"
# The mark of a δ Species Pokémon (ex11 on) as the card database writes it in the name.
DELTA_MARK = "δ"


class CardDataError(ValueError):
    """A card or deck file that cannot be read: the message names the file and the card."""


def named_index(names: list[str], name: str, where: str) -> int:
    """Where ``name`` is in ``names``: the exact name first, else the one name equal to it
    but for case, else -1. Every name a player writes for an attack or a Poké-Power/Body
    (and an attack to copy) is looked up here, so that they ignore case as card names do
    (docs/rulesets/ptcg.md, Seats). Two names that differ only by case, neither written
    exactly, are a :class:`BadActionError` naming both (``where`` says whose names)."""
    for at in range(len(names)):
        if names[at] == name:
            return at
    lowered = name.lower()
    found = -1
    for at in range(len(names)):
        if names[at].lower() == lowered:
            if found >= 0 and names[found] != names[at]:
                raise BadActionError(
                    f"{name!r} could be {names[found]!r} or {names[at]!r} ({where}): "
                    "write the name with its exact case"
                )
            if found < 0:
                found = at
    return found


def _rebuilt(fact: Any) -> tuple[Any, ...]:
    """How a card fact is pickled: rebuilt by its constructor from its fields. (The compiled
    build's frozen classes cannot be unpickled by setting their attributes one by one.)"""
    return (type(fact), tuple(getattr(fact, f.name) for f in fields(fact)))


@dataclass(frozen=True, slots=True)
class Attack:
    name: str
    cost: tuple[str, ...]
    damage: int  # the printed number ("40+" -> 40, "10×" -> 10, "" -> 0)
    modifier: str  # "", "+", "×" or "-": how the printed number is qualified
    effect: bool  # the card says more than "does this damage": a handler is needed

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt(self)


@dataclass(frozen=True, slots=True)
class Power:
    name: str
    kind: str  # "power" (Poké-Power, used on purpose) or "body" (Poké-Body, always on)

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt(self)


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    kind: str  # "pokemon", "trainer" or "energy"
    stage: str = ""  # pokemon: "basic", "stage1", "stage2"
    # trainer: "item", "supporter", "stadium", "tool", "rsm" (a Rocket's Secret Machine, ex7:
    # played as an Item is; rockets.py), "tm" (other)
    trainer: str = ""
    basic_energy: bool = False  # energy: a basic Energy card
    hp: int = 0
    types: tuple[str, ...] = ()
    evolves_from: str = ""
    attacks: tuple[Attack, ...] = ()
    powers: tuple[Power, ...] = ()
    weakness: tuple[str, ...] = ()  # types; EX era: ×2
    resistance: tuple[str, ...] = ()  # types; EX era: -30
    retreat: int = 0
    ex: bool = False  # a Pokémon-ex: 2 Prize cards when Knocked Out
    # a δ Species Pokémon (ex11 on): the δ mark printed beside its name. The mark is not part of
    # the name (``name`` holds it without δ), so Dragonair δ evolves from Dratini δ and counts
    # with Dragonair for the 4-copies rule; effects that say "δ Species" / "has δ on its card"
    # read this fact.
    delta: bool = False
    # a Pokémon card its player may attach from the hand as an Energy card (Holon's Pokémon,
    # ex11 on: what it provides there is holon.py's); anywhere else it is a Pokémon card
    as_energy: bool = False
    provides: tuple[str, ...] = ()  # energy: the types it provides ("Any" for every type)
    effect: bool = False  # trainer / special energy: does something a handler must do
    set: str = ""
    number: str = ""

    @property
    def is_basic_pokemon(self) -> bool:
        """A Basic Pokémon, or a Fossil: a Trainer card played as a Basic Pokémon."""
        return self.stage == "basic" and self.kind in ("pokemon", "trainer")

    @property
    def is_fossil(self) -> bool:
        """A Trainer card played as if it were a Basic Pokémon (Claw, Root, Mysterious
        Fossil): in play a Colorless Pokémon with HP and no attacks, which cannot retreat,
        takes no Special Condition and gives no Prize when Knocked Out (its card says so);
        anywhere else a Trainer card. Its facts hold its stage ("basic"), HP and type."""
        return self.kind == "trainer" and self.stage == "basic"

    @property
    def is_star(self) -> bool:
        """A Pokémon ★ (ex7 on): at most 1 in a deck (setup._validate_deck)."""
        return self.kind == "pokemon" and self.name.endswith(" ★")

    @property
    def shown_name(self) -> str:
        """The name as printed, with the δ mark of a δ Species Pokémon."""
        return f"{self.name} δ" if self.delta else self.name

    @property
    def is_evolution(self) -> bool:
        return self.kind == "pokemon" and self.stage in ("stage1", "stage2")

    def attack(self, name: str) -> Attack | None:
        for attack in self.attacks:
            if attack.name == name:
                return attack
        return None

    def power(self, name: str) -> Power | None:
        for power in self.powers:
            if power.name == name:
                return power
        return None

    # The two below are for names from outside (a player's action), which ignore case
    # (named_index); the two above, exact, are for the card handlers' own names, so that a
    # handler registered under a misspelt name is still caught when the tables are built.
    def attack_named(self, name: str) -> Attack | None:
        """The attack called ``name``, its case ignored when no attack is called exactly so."""
        at = named_index([attack.name for attack in self.attacks], name, f"{self.name}'s attacks")
        return self.attacks[at] if at >= 0 else None

    def power_named(self, name: str) -> Power | None:
        """The Poké-Power or Poké-Body called ``name``, its case ignored as in
        :meth:`attack_named`."""
        at = named_index([power.name for power in self.powers], name, f"{self.name}'s powers")
        return self.powers[at] if at >= 0 else None

    def __deepcopy__(self, memo: dict[int, Any]) -> CardDef:
        return self  # immutable: copies of a state share their card facts

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt(self)

    def to_dict(self) -> dict[str, Any]:
        """The bundled-file form: facts only, defaults left out."""
        data: dict[str, Any] = {"id": self.id, "name": self.name, "kind": self.kind}
        for key in ("stage", "trainer", "evolves_from", "set", "number"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        for key in ("basic_energy", "ex", "delta", "as_energy", "effect"):
            if getattr(self, key):
                data[key] = True
        if self.hp:
            data["hp"] = self.hp
        for key in ("types", "weakness", "resistance", "provides"):
            if getattr(self, key):
                data[key] = list(getattr(self, key))
        if self.retreat:
            data["retreat"] = self.retreat
        if self.attacks:
            data["attacks"] = [
                {
                    "name": a.name,
                    "cost": list(a.cost),
                    "damage": a.damage,
                    **({"modifier": a.modifier} if a.modifier else {}),
                    **({"effect": True} if a.effect else {}),
                }
                for a in self.attacks
            ]
        if self.powers:
            data["powers"] = [{"name": p.name, "kind": p.kind} for p in self.powers]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CardDef:
        """Read one entry of a bundled card file."""
        try:
            attacks = tuple(
                Attack(
                    name=str(a["name"]),
                    cost=tuple(str(c) for c in a.get("cost", ())),
                    damage=int(a.get("damage", 0)),
                    modifier=str(a.get("modifier", "")),
                    effect=bool(a.get("effect", False)),
                )
                for a in data.get("attacks", ())
            )
            powers = tuple(
                Power(name=str(p["name"]), kind=str(p["kind"])) for p in data.get("powers", ())
            )
            return cls(
                id=str(data["id"]),
                name=str(data["name"]),
                kind=str(data["kind"]),
                stage=str(data.get("stage", "")),
                trainer=str(data.get("trainer", "")),
                basic_energy=bool(data.get("basic_energy", False)),
                hp=int(data.get("hp", 0)),
                types=tuple(data.get("types", ())),
                evolves_from=str(data.get("evolves_from", "")),
                attacks=attacks,
                powers=powers,
                weakness=tuple(data.get("weakness", ())),
                resistance=tuple(data.get("resistance", ())),
                retreat=int(data.get("retreat", 0)),
                ex=bool(data.get("ex", False)),
                delta=bool(data.get("delta", False)),
                as_energy=bool(data.get("as_energy", False)),
                provides=tuple(data.get("provides", ())),
                effect=bool(data.get("effect", False)),
                set=str(data.get("set", "")),
                number=str(data.get("number", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise CardDataError(f"card {data.get('id', '?')!r}: {exc}") from exc


# ---------------------------------------------------------------------------- importer
_DAMAGE = re.compile(r"^(\d*)\s*([+×x\-]?)$")


@dataclass
class ImportReport:
    """What the importer made of a card-database file set."""

    cards: int = 0
    by_kind: Counter[str] = field(default_factory=Counter)
    by_stage: Counter[str] = field(default_factory=Counter)
    by_trainer: Counter[str] = field(default_factory=Counter)
    attacks: int = 0
    plain_attacks: int = 0  # playable from the data alone
    effect_attacks: int = 0  # need a handler
    poke_powers: int = 0
    poke_bodies: int = 0
    ex_cards: int = 0
    basic_energy: int = 0
    special_energy: int = 0
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "by_kind": dict(self.by_kind),
            "by_stage": dict(self.by_stage),
            "by_trainer": dict(self.by_trainer),
            "attacks": self.attacks,
            "plain_attacks": self.plain_attacks,
            "effect_attacks": self.effect_attacks,
            "poke_powers": self.poke_powers,
            "poke_bodies": self.poke_bodies,
            "ex_cards": self.ex_cards,
            "basic_energy": self.basic_energy,
            "special_energy": self.special_energy,
            "problems": list(self.problems),
        }


def _parse_damage(text: str) -> tuple[int, str]:
    match = _DAMAGE.match(text.strip())
    if match is None:
        raise ValueError(f"damage {text!r} is not a number with an optional +, × or -")
    number, modifier = match.groups()
    return (int(number) if number else 0), ("×" if modifier == "x" else modifier)


def import_card(raw: Mapping[str, Any]) -> CardDef:
    """Map one card of the community schema (pokemontcg.io) to a :class:`CardDef`.

    Only facts are read; ``text`` / ``rules`` only decide whether an effect handler is needed.
    """
    if not isinstance(raw, Mapping):
        raise CardDataError("a card must be a JSON object")
    card_id = raw.get("id")
    name = raw.get("name")
    if not isinstance(card_id, str) or not isinstance(name, str):
        raise CardDataError(f"card {card_id!r}: 'id' and 'name' must be strings")
    supertype = str(raw.get("supertype", ""))
    subtypes = [str(s) for s in raw.get("subtypes") or []]
    number = str(raw.get("number", ""))
    set_id = card_id.rsplit("-", 1)[0]
    try:
        if supertype.startswith("Pok"):
            stage = "basic"
            if "Stage 2" in subtypes:
                stage = "stage2"
            elif "Stage 1" in subtypes or raw.get("evolvesFrom"):
                stage = "stage1"
            attacks = []
            for a in raw.get("attacks") or []:
                damage, modifier = _parse_damage(str(a.get("damage", "")))
                attacks.append(
                    Attack(
                        name=str(a["name"]),
                        cost=tuple(str(c) for c in a.get("cost") or []),
                        damage=damage,
                        modifier=modifier,
                        effect=bool(str(a.get("text") or "").strip()) or modifier != "",
                    )
                )
            powers = []
            for ab in raw.get("abilities") or []:
                kind = "body" if "Body" in str(ab.get("type", "")) else "power"
                powers.append(Power(name=str(ab["name"]), kind=kind))
            # the database writes the δ mark into the name ("Dragonair δ", "Gyarados ★ δ") but
            # not into evolvesFrom: the mark is a fact of its own, not part of the name
            delta = DELTA_MARK in name.split()
            if delta:
                name = " ".join(w for w in name.split() if w != DELTA_MARK)
            weakness = tuple(str(w["type"]) for w in raw.get("weaknesses") or [])
            resistance = tuple(str(r["type"]) for r in raw.get("resistances") or [])
            return CardDef(
                id=card_id,
                name=name,
                kind="pokemon",
                stage=stage,
                hp=int(raw.get("hp") or 0),
                types=tuple(str(t) for t in raw.get("types") or []),
                evolves_from=str(raw.get("evolvesFrom") or ""),
                attacks=tuple(attacks),
                powers=tuple(powers),
                weakness=weakness,
                resistance=resistance,
                retreat=len(raw.get("retreatCost") or []),
                ex="ex" in [s.lower() for s in subtypes if s != "EX"] or name.endswith(" ex"),
                delta=delta,
                # its rules let it be attached as an Energy card (a Holon's Pokémon): read only
                # to know a handler is needed, as for ``effect``
                as_energy=any(
                    "as an Energy card" in str(rule) for rule in raw.get("rules") or []
                ),
                set=set_id,
                number=number,
            )
        if supertype == "Trainer":
            trainer = "item"
            if "Supporter" in subtypes:
                trainer = "supporter"
            elif "Stadium" in subtypes:
                trainer = "stadium"
            elif "Pokémon Tool" in subtypes:
                trainer = "tool"
            elif "Rocket's Secret Machine" in subtypes:
                trainer = "rsm"
            elif "Item" not in subtypes:
                trainer = "tm"
            # a Fossil (a Trainer played as a Basic Pokémon) has HP and maybe a Poké-Body
            fossil = bool(raw.get("hp"))
            return CardDef(
                id=card_id,
                name=name,
                kind="trainer",
                trainer=trainer,
                stage="basic" if fossil else "",
                hp=int(raw.get("hp") or 0),
                types=("Colorless",) if fossil else (),
                powers=tuple(
                    Power(
                        name=str(ab["name"]),
                        kind="body" if "Body" in str(ab.get("type", "")) else "power",
                    )
                    for ab in raw.get("abilities") or []
                ),
                # a Technical Machine's attack, which its Pokémon may use
                attacks=tuple(
                    Attack(
                        name=str(a["name"]),
                        cost=tuple(str(c) for c in a.get("cost") or []),
                        damage=_parse_damage(str(a.get("damage", "")))[0],
                        modifier=_parse_damage(str(a.get("damage", "")))[1],
                        effect=bool(str(a.get("text") or "").strip()),
                    )
                    for a in raw.get("attacks") or []
                ),
                effect=True,
                set=set_id,
                number=number,
            )
        if supertype == "Energy":
            basic = "Special" not in subtypes
            provides: tuple[str, ...] = ()
            if basic:
                kind_name = name.replace(" Energy", "").strip()
                provides = (kind_name,) if kind_name in ENERGY_TYPES else ("Colorless",)
            return CardDef(
                id=card_id,
                name=name,
                kind="energy",
                basic_energy=basic,
                provides=provides,
                effect=not basic,
                set=set_id,
                number=number,
            )
    except (KeyError, TypeError, ValueError) as exc:
        raise CardDataError(f"card {card_id}: {exc}") from exc
    raise CardDataError(f"card {card_id}: unknown supertype {supertype!r}")


def import_cards(paths: Iterable[Path]) -> tuple[dict[str, CardDef], ImportReport]:
    """Import every card of the given JSON files (each an array of cards)."""
    cards: dict[str, CardDef] = {}
    report = ImportReport()
    for path in paths:
        try:
            raw = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CardDataError(f"{path}: cannot read card file: {exc}") from exc
        if not isinstance(raw, list):
            raise CardDataError(f"{path}: a card file must hold a JSON array of cards")
        for i, entry in enumerate(raw):
            try:
                card = import_card(entry)
            except CardDataError as exc:
                report.problems.append(f"{Path(path).name}[{i}]: {exc}")
                continue
            cards[card.id] = card
            report.cards += 1
            report.by_kind[card.kind] += 1
            if card.kind == "pokemon":
                report.by_stage[card.stage] += 1
                report.ex_cards += card.ex
                for attack in card.attacks:
                    report.attacks += 1
                    if attack.effect:
                        report.effect_attacks += 1
                    else:
                        report.plain_attacks += 1
                for power in card.powers:
                    if power.kind == "body":
                        report.poke_bodies += 1
                    else:
                        report.poke_powers += 1
            elif card.kind == "trainer":
                report.by_trainer[card.trainer] += 1
            elif card.basic_energy:
                report.basic_energy += 1
            else:
                report.special_energy += 1
    return cards, report


def card_files(root: Path) -> list[Path]:
    """The card files of a card-database copy: ``root/cards/*.json`` or ``root/*.json``."""
    root = Path(root)
    if not root.exists():
        raise CardDataError(f"card database {root} does not exist")
    if root.is_file():
        return [root]
    folder = root / "cards" if (root / "cards").is_dir() else root
    files = sorted(folder.glob("*.json"))
    if not files:
        raise CardDataError(f"card database {root} holds no *.json card files")
    return files


# ---------------------------------------------------------------------------- pools
def bundled_card_files() -> list[Path]:
    """cards.json (ex1-ex4), then every set file of data/sets/ in set order."""
    return [DATA_DIR / "cards.json", *_set_files("cards")]


def bundled_deck_files() -> list[Path]:
    """decks.json, then every theme-deck file of data/sets/ in set order."""
    return [DATA_DIR / "decks.json", *_set_files("decks")]


def _set_files(what: str) -> list[Path]:
    if not SETS_DIR.is_dir():
        return []
    files = [
        p for p in SETS_DIR.glob("*.json") if p.name.endswith(".decks.json") == (what == "decks")
    ]
    # ex6 before ex10: by the number in the set id
    return sorted(files, key=lambda p: (len(p.name.split(".")[0]), p.name))


@lru_cache(maxsize=1)
def bundled_cards() -> dict[str, CardDef]:
    cards: dict[str, CardDef] = {}
    for path in bundled_card_files():
        raw = json.loads(path.read_text(encoding="utf-8"))
        for entry in raw["cards"]:
            card = CardDef.from_dict(entry)
            if card.id in cards:
                raise CardDataError(f"{path.name}: card {card.id} is bundled twice")
            cards[card.id] = card
    return cards


@lru_cache(maxsize=1)
def bundled_decks() -> dict[str, dict[str, Any]]:
    decks: dict[str, dict[str, Any]] = {}
    for path in bundled_deck_files():
        raw = json.loads(path.read_text(encoding="utf-8"))
        for deck in raw["decks"]:
            if deck["key"] in decks:
                raise CardDataError(f"{path.name}: deck key {deck['key']!r} is bundled twice")
            decks[deck["key"]] = deck
    return decks


_POOLS: dict[str, dict[str, CardDef]] = {}


def pool(card_db: str = "") -> dict[str, CardDef]:
    """The cards known to a game: the bundled ones, plus a user's card database if given.

    Bundled entries win over imported ones with the same id, so the decks the project ships
    keep their tested facts.
    """
    found = _POOLS.get(card_db)
    if found is not None:
        return found
    cards = dict(bundled_cards())
    if card_db:
        imported, _ = import_cards(card_files(Path(card_db)))
        for card_id, card in imported.items():
            cards.setdefault(card_id, card)  # bundled first, also for lookups by name
    _POOLS[card_db] = cards
    return cards


@lru_cache(maxsize=4)
def _raw_cards(card_db: str) -> dict[str, Mapping[str, Any]]:
    """The user's card database as read from its files, by card id (for effect texts)."""
    found: dict[str, Mapping[str, Any]] = {}
    for path in card_files(Path(card_db)):
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
        for entry in raw if isinstance(raw, list) else []:
            if isinstance(entry, Mapping) and isinstance(entry.get("id"), str):
                found[entry["id"]] = entry
    return found


def effect_text(card_db: str, card_id: str, name: str = "") -> str:
    """The printed text of a card's effect, read at run time from the user's card database
    (the project never stores card text): the attack's or Poké-Power/Body's named ``name``,
    else the card's rules (a Trainer or special Energy). ``""`` when no database holds it."""
    if not card_db:
        return ""
    raw = _raw_cards(card_db).get(card_id)
    if raw is None:
        return ""
    for part in ("attacks", "abilities"):
        for entry in raw.get(part) or []:
            if isinstance(entry, Mapping) and name and entry.get("name") == name:
                return str(entry.get("text") or "")
    rules = raw.get("rules") or []
    return " ".join(str(line) for line in rules) if isinstance(rules, list) else ""


def find_card(cards: Mapping[str, CardDef], ref: str) -> CardDef | None:
    """A card by id, or by exact name (the bundled printing first)."""
    if ref in cards:
        return cards[ref]
    for card in cards.values():
        if card.name == ref:
            return card
    lowered = ref.lower()
    for card in cards.values():
        if card.name.lower() == lowered:
            return card
    return None


def deck_list(spec: Any, cards: Mapping[str, CardDef], where: str) -> list[str]:
    """A deck as a list of card ids, from a bundled deck name or key, or a list of cards.

    A list may hold card ids or names, each optionally as ``{card: ..., count: n}``.
    """
    decks = bundled_decks()
    if isinstance(spec, str):
        key = spec.lower()
        for deck in decks.values():
            if key in (deck["key"], deck["id"].lower(), deck["name"].lower()):
                return [c["id"] for c in deck["cards"] for _ in range(int(c["count"]))]
        raise CardDataError(f"{where}: unknown deck {spec!r}; bundled: {', '.join(sorted(decks))}")
    if not isinstance(spec, list):
        raise CardDataError(f"{where}: a deck is a bundled deck name or a list of cards")
    ids: list[str] = []
    for i, entry in enumerate(spec):
        count = 1
        ref = entry
        if isinstance(entry, Mapping):
            ref = entry.get("card", entry.get("id"))
            count = entry.get("count", 1)
            if not isinstance(count, int) or count < 1:
                raise CardDataError(f"{where}[{i}]: 'count' must be a positive integer")
        if not isinstance(ref, str):
            raise CardDataError(f"{where}[{i}]: a card is named by its id or name")
        card = find_card(cards, ref)
        if card is None:
            raise CardDataError(f"{where}[{i}]: unknown card {ref!r}")
        ids.extend([card.id] * count)
    return ids
