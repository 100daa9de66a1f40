"""Bundle the facts of EX-era sets from a card-database copy (re-runnable).

    PYTHONPATH=src .venv/bin/python scripts/bundle_ptcg_set.py ex6 [ex7 ...] [--data DIR]

For each set, writes ``src/turnkeeper/rulesets/ptcg/data/sets/<set>.json`` (every card of the
set, read with the project's importer: facts only, never the card text) and
``<set>.decks.json`` (the set's preconstructed theme decks: ids, names and counts). The bundled
``cards.json`` / ``decks.json`` (ex1-ex4) are left alone; ``cards.bundled_cards()`` and
``bundled_decks()`` read every file of ``data/sets/`` beside them.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from turnkeeper.rulesets.ptcg.cards import DATA_DIR, SETS_DIR, import_cards

# the shared folder beside the clone, or the one TURNKEEPER_SHARED names (a git worktree)
SHARED = (
    Path(os.environ.get("TURNKEEPER_SHARED") or Path(__file__).resolve().parents[2] / "shared")
    / "reference"
    / "ptcg-data"
)

# Special Energy whose provided type the card database does not state: the project states it
# (the same convention as Darkness / Metal Energy in cards.json: one entry per Energy it gives).
# R Energy (ex7-95) gives 2 Darkness Energy. Dark Metal Energy (ex7-94) gives 1 Energy that is
# Darkness or Metal: its handler's ``units`` says so (rockets.py), so it lists none here.
# ex9's Darkness, Metal, Multi and Double Rainbow Energy and ex10's Darkness and Metal Energy: as
# their ex1-ex4 prints in cards.json.
PROVIDES: dict[str, tuple[str, ...]] = {
    "ex7-95": ("Darkness", "Darkness"),
    "ex9-86": ("Darkness",),
    "ex9-87": ("Any", "Any"),
    "ex9-88": ("Metal",),
    "ex9-89": ("Any",),
    "ex10-96": ("Darkness",),
    "ex10-97": ("Metal",),
    # ex11-ex16 reprints of Darkness, Metal, Rainbow, Multi and Double Rainbow Energy: as their
    # earlier prints. (Dark Metal Energy ex13-97: its handler's units, as ex7-94.)
    "ex11-103": ("Darkness",),
    "ex11-107": ("Metal",),
    "ex12-81": ("Any",),
    "ex13-94": ("Darkness",),
    "ex13-95": ("Metal",),
    "ex13-96": ("Any",),
    "ex14-88": ("Any", "Any"),
    "ex16-87": ("Darkness",),
    "ex16-88": ("Metal",),
    "ex16-89": ("Any",),
}

# Cards whose stage the card database states wrongly: the project states the printed one.
# Clefable ex (ex6-106) is printed as a Stage 1 evolving from Clefairy (a Basic); the database
# calls it a Stage 2, which no Clefairy could ever evolve into.
STAGES: dict[str, str] = {
    "ex6-106": "stage1",
}

# Pokémon whose "evolves from" name the card database gets wrong: the project states the printed
# one. Blissey ex (ex10-101) and Scizor ex (ex10-108) evolve from the plain Chansey and Scyther
# as printed; the database names the Basic Pokémon-ex Chansey ex and Scyther ex instead, so a
# player could only evolve those (tests/ptcg/test_ex10.py evolves each).
EVOLVES_FROM: dict[str, str] = {
    "ex10-101": "Chansey",
    "ex10-108": "Scyther",
}


def build(set_id: str, data: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The set's card file and theme-deck file, as written (pure: the tests compare)."""
    card_file = data / "cards" / f"{set_id}.json"
    cards, report = import_cards([card_file])
    if report.problems:
        raise SystemExit(f"{card_file}: the importer refused cards: {report.problems}")
    entries = []
    for card in sorted(
        cards.values(), key=lambda c: int("".join(ch for ch in c.number if ch.isdigit()) or 0)
    ):
        entry = card.to_dict()
        if card.id in PROVIDES:
            entry["provides"] = list(PROVIDES[card.id])
        if card.id in STAGES:
            entry["stage"] = STAGES[card.id]
        if card.id in EVOLVES_FROM:
            entry["evolves_from"] = EVOLVES_FROM[card.id]
        entries.append(entry)
    out = {
        "format": "turnkeeper-ptcg-cards/1",
        "note": f"facts only: every card of {set_id}, written by scripts/bundle_ptcg_set.py "
        "from the community card database; effects are data in effect_data_<set>.py",
        "cards": entries,
    }
    decks = []
    deck_file = data / "decks" / f"{set_id}.json"
    if deck_file.exists():
        for deck in json.loads(deck_file.read_text(encoding="utf-8")):
            decks.append(
                {
                    "key": deck["name"].lower().replace(" ", "-"),
                    "id": deck["id"],
                    "name": deck["name"],
                    "types": list(deck.get("types") or []),
                    "cards": [
                        {"id": c["id"], "name": c["name"], "count": int(c["count"])}
                        for c in deck["cards"]
                    ],
                }
            )
    return out, {"format": "turnkeeper-ptcg-decks/1", "decks": decks}


def dump(doc: dict[str, Any]) -> str:
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def bundle(set_id: str, data: Path) -> tuple[int, int]:
    cards_doc, decks_doc = build(set_id, data)
    SETS_DIR.mkdir(parents=True, exist_ok=True)
    (SETS_DIR / f"{set_id}.json").write_text(dump(cards_doc), encoding="utf-8")
    (SETS_DIR / f"{set_id}.decks.json").write_text(dump(decks_doc), encoding="utf-8")
    return len(cards_doc["cards"]), len(decks_doc["decks"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="+", help="set ids, e.g. ex6")
    parser.add_argument(
        "--data", default=str(SHARED), help="the card-database copy (cards/ and decks/)"
    )
    args = parser.parse_args()
    assert DATA_DIR.is_dir()
    for set_id in args.sets:
        count, decks = bundle(set_id, Path(args.data))
        print(f"{set_id}: {count} cards, {decks} theme decks -> {SETS_DIR}")


if __name__ == "__main__":
    main()
