"""End-to-end tests of the ptcg table (issue 15): two seats in two browser contexts play a
named position to a Knock Out by clicking cards, at desktop and phone widths.

Each seat sees its hand face up as text cards (the bundled card data has no images), the
other hand as card backs, the tiles of both sides with damage counters and Energy, Prizes
and the discard pile; a click on a hand card highlights its legal targets, a click on one
plays it. Each seat's log names its own draws and not the other's.

Screenshots as in test_gm_table.py (``TURNKEEPER_SCREENSHOTS=docs`` writes them to
docs/screenshots/).
"""

from __future__ import annotations

import json
import re
import struct
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from .test_gm_table import DESKTOP, ERRORS, PHONE, open_tracker, shoot
from .test_tracker import assert_no_horizontal_scroll
from .tracker_support import ROOT, Server, free_port, start_server

# The bundled lesson (examples/ptcg/knock-out.yaml): p1 to play turn 3. Torchic (2 damage
# counters) pecks a Poisoned Mudkip for 10; p2 then attaches a Water Energy and Pound Knocks Out
# Torchic (Water weakness: 20); p1 promotes Treecko, which it benched this turn. Two Prize
# cards each: the game goes on after the Knock Out.
POSITION: dict[str, Any] = yaml.safe_load(
    (ROOT / "examples" / "ptcg" / "knock-out.yaml").read_text("utf-8"))["setup"]


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    made: list[BrowserContext] = []
    yield made
    for context in made:
        context.close()


def seat_page(
    server: Server, browser: Browser, contexts: list[BrowserContext], game: str, gm: str,
    seat: str, viewport: ViewportSize,
) -> Page:
    token = server.api.ok("POST", f"/api/games/{game}/seats", {"seat": seat}, token=gm)["token"]
    return open_tracker(browser, contexts, f"{server.base}/?game={game}&token={token}", viewport)


def side(page: Page, seat: str) -> Any:
    return page.locator(f'#board .board-side[data-seat="{seat}"]')


def hand_card(page: Page, name: str) -> Any:
    return page.locator("#board .board-side.mine .hand-card", has_text=name).first


def tile(page: Page, seat: str, slot: str) -> Any:
    return side(page, seat).locator(f'.mon-tile[data-slot="{slot}"]')


def show_mine(page: Page) -> None:
    """Scroll the page's own side of the table to the top of the window (screenshots)."""
    page.locator("#board .board-side.mine").evaluate("node => node.scrollIntoView()")


def wait_step(page: Page, seq: int) -> None:
    expect(page.locator("#seq")).to_have_text(str(seq))


@pytest.mark.parametrize(
    ("p1_view", "p2_view"), [(DESKTOP, PHONE), (PHONE, DESKTOP)], ids=["p1-desktop", "p1-phone"]
)
def test_two_seats_play_a_ptcg_position_to_a_knock_out_by_clicking_cards(
    server: Server, browser: Browser, contexts: list[BrowserContext],
    p1_view: ViewportSize, p2_view: ViewportSize,
) -> None:
    created = server.api.ok(
        "POST", "/api/games", {"ruleset": "ptcg", "setup": POSITION, "seed": 7},
        token=server.host_key,
    )
    game, gm = created["game_id"], created["gm_token"]
    p1 = seat_page(server, browser, contexts, game, gm, "p1", p1_view)
    p2 = seat_page(server, browser, contexts, game, gm, "p2", p2_view)
    phone = p1 if p1_view is PHONE else p2
    tag = "-phone" if p1_view is PHONE else ""  # the screenshots of p1's page

    expect(p1.locator("body")).to_have_attribute("data-seq", re.compile(r"^\d+$"))
    base = int(p1.locator("#seq").inner_text())  # the step of the set-up

    # p1's hand face up, as text cards with their facts; p2's as two card backs
    fire = hand_card(p1, "Fire Energy")
    expect(fire).to_be_visible()
    expect(fire.locator(".card-face")).to_have_attribute("data-face", "text")
    expect(hand_card(p1, "Treecko")).to_contain_text("40 HP")
    expect(hand_card(p1, "Treecko").locator(".card-attack")).to_contain_text("Poison Breath")
    expect(side(p1, "p2").locator(".hand-backs")).to_have_attribute("data-count", "2")
    expect(side(p1, "p2").locator(".hand-backs .card-back")).to_have_count(2)
    expect(side(p1, "p2")).not_to_contain_text("Lum Berry")
    expect(side(p2, "p1")).not_to_contain_text("Potion")
    expect(side(p2, "p1").locator(".hand-backs")).to_have_attribute("data-count", "4")
    # tiles: damage counters and attached Energy; Prizes as backs; the Stadium
    torchic = tile(p1, "p1", "active")
    expect(torchic.locator(".mon-hp")).to_have_attribute("data-hp-left", "20")
    expect(torchic.locator(".counters")).to_have_attribute("data-counters", "2")
    expect(torchic.locator(".attached")).to_have_text(["Fire Energy"])
    expect(tile(p2, "p1", "active").locator(".counters")).to_have_attribute("data-counters", "2")
    # Special Conditions as chips, on both pages
    for page in (p1, p2):
        expect(tile(page, "p2", "active").locator(".chip.condition")).to_have_attribute(
            "data-condition", "poisoned")
    expect(side(p1, "p1").locator(".prize-count .card-back")).to_have_count(2)
    expect(p1.locator("#board .stadium")).to_contain_text("none")
    # the discard viewer
    p1_discard = side(p1, "p2").locator(".discard-viewer")
    expect(p1_discard.locator("summary")).to_have_text("Discard pile (1)")
    p1_discard.locator("summary").click()
    expect(p1_discard.locator(".discard-list li")).to_have_text([re.compile("Grass Energy")])
    # a card without a play now says so, and nothing is highlighted
    expect(tile(p2, "p2", "active")).not_to_have_class("mon-tile target")
    hand_card(p2, "Lum Berry").click()
    expect(p2.locator("#board .pick-bar")).to_contain_text("no legal play")
    expect(p2.locator("#board .target")).to_have_count(0)

    # p1 attaches the Fire Energy: a click on the card highlights its targets (only the
    # Active: there is no Bench yet), a click on the Active attaches it
    fire.click()
    expect(fire).to_have_class("hand-card playable picked")
    expect(p1.locator("#board .board-side.mine .mon-tile.target")).to_have_count(1)
    expect(torchic).to_have_class("mon-tile target")
    show_mine(p1)
    shoot(p1, f"ptcg-board-pick{tag}")
    torchic.click()
    wait_step(p1, base + 1)
    expect(tile(p1, "p1", "active").locator(".attached")).to_have_text(
        ["Fire Energy", "Fire Energy"])
    expect(tile(p2, "p1", "active").locator(".attached")).to_have_count(2)  # live, public
    expect(side(p2, "p1").locator(".hand-backs")).to_have_attribute("data-count", "3")
    # Potion heals the damaged Torchic: its one target is highlighted; cancel instead
    hand_card(p1, "Potion").click()
    expect(tile(p1, "p1", "active")).to_have_class("mon-tile target")
    p1.locator("#board .pick-bar button", has_text="Cancel").click()
    expect(p1.locator("#board .target")).to_have_count(0)
    # Treecko onto the Bench: the free Bench place is the target
    hand_card(p1, "Treecko").click()
    bench_spot = side(p1, "p1").locator('.mon-tile[data-slot="bench-new"]')
    expect(bench_spot).to_have_class("mon-tile empty target")
    bench_spot.click()
    wait_step(p1, base + 2)
    expect(tile(p1, "p1", "bench1")).to_contain_text("Treecko")
    expect(tile(p2, "p1", "bench1")).to_contain_text("Treecko")
    # Energy Search asks which Energy to take: the question and its answers on p1's page;
    # p1's log names the card taken from the deck, p2's says only that a card was
    hand_card(p1, "Energy Search").click()
    expect(p1.locator("#board .target")).to_have_count(0)  # no target: a Play button
    p1.locator("#board .pick-bar button.board-play").click()
    wait_step(p1, base + 3)
    question = side(p1, "p1").locator(".board-question")
    expect(question).to_contain_text("Energy Search")
    expect(side(p2, "p1").locator(".board-question")).to_have_count(0)
    question.locator("button.board-answer", has_text="Fire Energy").click()
    wait_step(p1, base + 4)
    expect(hand_card(p1, "Fire Energy")).to_be_visible()
    expect(side(p1, "p1").locator(".board-question")).to_have_count(0)
    expect(p1.locator("#log")).to_contain_text("moves Fire Energy from the deck to the hand")
    wait_step(p2, base + 4)
    expect(p2.locator("#log")).to_contain_text("moves a card from the deck to the hand")
    expect(p2.locator("#log")).not_to_contain_text("Fire Energy from the deck")
    # Peck, from the Active tile: 10 to Mudkip, then p2's turn starts with a draw
    tile(p1, "p1", "active").locator('button.board-move[data-kind="attack"]',
                                     has_text="Peck").click()
    wait_step(p1, base + 5)
    # Peck's 10 and the Poison's 10 between the turns
    expect(tile(p2, "p2", "active").locator(".counters")).to_have_attribute("data-counters", "2")
    wait_step(p2, base + 5)
    expect(p2.locator("#whose-turn")).to_have_text("p2")
    # each seat's log: p2 reads the card it drew, p1 only that p2 drew one
    expect(p2.locator("#log")).to_contain_text("draws 1 card: Water Energy")
    expect(p1.locator("#log")).to_contain_text("P2 draws 1 card")
    expect(p1.locator("#log")).not_to_contain_text("draws 1 card: Water Energy")
    expect(p1.locator("#log")).to_contain_text("P1 attaches Fire Energy")

    # p2 attaches a Water Energy to Mudkip and Pound Knocks Out Torchic
    hand_card(p2, "Water Energy").click()
    mudkip = tile(p2, "p2", "active")
    expect(mudkip).to_have_class("mon-tile target")
    expect(tile(p2, "p2", "bench1")).to_have_class("mon-tile target")  # Poochyena too
    mudkip.click()
    wait_step(p2, base + 6)
    expect(tile(p2, "p2", "active").locator(".attached")).to_have_text(["Water Energy"])
    if phone is p2:
        show_mine(p2)
        shoot(p2, "ptcg-board-p2-phone")
    assert_no_horizontal_scroll(phone)
    tile(p2, "p2", "active").locator('button.board-move[data-kind="attack"]',
                                     has_text="Pound").click()
    wait_step(p2, base + 7)
    # Torchic is Knocked Out: p1 must promote, its Treecko highlighted on p1's page
    expect(side(p1, "p1").locator(".discard-viewer summary")).to_have_text(
        "Discard pile (4)")  # Torchic, 2 Energy, Energy Search
    expect(side(p2, "p2").locator(".prize-count")).to_have_attribute("data-prizes", "1")
    expect(p2.locator("#log")).to_contain_text("is Knocked Out")
    treecko = tile(p1, "p1", "bench1")
    expect(treecko).to_have_class("mon-tile target")
    # the listed promote's form picks the place from a list (a union of place names and
    # "hand" in the schema), not a JSON text box
    promote = p1.locator('#legal form.action-card[data-kind="promote"]').first
    expect(promote.locator('select[name="target"]')).to_have_value(re.compile(r"^\d+$"))
    expect(promote.locator('select[name="target"] option:checked')).to_have_text("bench1")
    expect(promote.locator("textarea")).to_have_count(0)
    show_mine(p1)
    shoot(p1, f"ptcg-board-promote{tag}")
    treecko.click()
    wait_step(p1, base + 8)
    expect(tile(p1, "p1", "active")).to_contain_text("Treecko")
    expect(tile(p2, "p1", "active")).to_contain_text("Treecko")
    expect(p1.locator("#whose-turn")).to_have_text("p1")
    assert ERRORS.get(p1, []) == [] and ERRORS.get(p2, []) == []


def png(width: int = 4, height: int = 6) -> bytes:
    """A small valid PNG (one red colour), made here: the tests never fetch anything."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + b"\xcc\x22\x22" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


@pytest.fixture(scope="module")
def image_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server offering a card database (``--card-db pics=...``) whose cards have image
    URLs: Torchic's is answered by the test (below), Mudkip's never loads."""
    folder = tmp_path_factory.mktemp("pics")
    cards = folder / "db" / "cards"
    cards.mkdir(parents=True)
    entries = [
        {"id": "ex1-73", "name": "Torchic", "supertype": "Pokémon", "subtypes": ["Basic"],
         "hp": "40", "types": ["Fire"], "number": "73",
         "images": {"small": f"{IMAGES}/ex1/73.png"}},
        {"id": "ex1-60", "name": "Mudkip", "supertype": "Pokémon", "subtypes": ["Basic"],
         "hp": "50", "types": ["Water"], "number": "60",
         "images": {"small": f"{IMAGES}/ex1/60.png"}},
    ]
    (cards / "ex1.json").write_text(json.dumps(entries), encoding="utf-8")
    srv = start_server(folder / "games.sqlite", free_port(), folder / "server.log",
                       extra=("--card-db", f"pics={folder / 'db'}"))
    yield srv
    srv.stop()


IMAGES = "https://images.example.invalid"


def test_card_images_load_from_the_card_data_and_fall_back_to_text_cards(
    image_server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    setup = {**POSITION, "card_db": "pics"}
    created = image_server.api.ok(
        "POST", "/api/games", {"ruleset": "ptcg", "setup": setup, "seed": 7},
        token=image_server.host_key,
    )
    token = image_server.api.ok("POST", f"/api/games/{created['game_id']}/seats",
                                {"seat": "p1"}, token=created["gm_token"])["token"]
    context = browser.new_context(viewport=DESKTOP)
    contexts.append(context)
    # offline: Torchic's image is answered here, every other request to that host fails
    # (Playwright tries the newest route first)
    context.route(f"{IMAGES}/**", lambda route: route.abort())
    context.route(f"{IMAGES}/ex1/73.png",
                  lambda route: route.fulfill(status=200, content_type="image/png", body=png()))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{image_server.base}/?game={created['game_id']}&token={token}")
    torchic = tile(page, "p1", "active")
    expect(torchic.locator(".card-face")).to_have_attribute("data-face", "image")
    expect(torchic.locator("img.card-image")).to_be_visible()
    expect(torchic.locator("img.card-image")).to_have_attribute("alt", "Torchic")
    # Mudkip's image cannot load: its text card stays, with its facts
    mudkip = tile(page, "p2", "active")
    expect(mudkip.locator(".card-face")).to_have_attribute("data-face", "text")
    expect(mudkip.locator("img")).to_have_count(0)
    expect(mudkip.locator(".card-text")).to_be_visible()
    expect(mudkip.locator(".card-text")).to_contain_text("50 HP")
    # cards the database has no image for are text cards from the start
    expect(hand_card(page, "Potion").locator(".card-face")).to_have_attribute("data-face", "text")
    assert errors == []


def test_the_gm_sees_both_hands_and_plays_either_seat_a_spectator_sees_no_hand(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    created = server.api.ok(
        "POST", "/api/games", {"ruleset": "ptcg", "setup": POSITION, "seed": 7},
        token=server.host_key,
    )
    game, gm_token = created["game_id"], created["gm_token"]
    gm = open_tracker(browser, contexts, f"{server.base}/?game={game}&token={gm_token}", DESKTOP)
    watcher = server.api.ok("POST", f"/api/games/{game}/spectators", token=gm_token)["token"]
    spectator = open_tracker(browser, contexts, f"{server.base}/?game={game}&token={watcher}",
                             PHONE)
    expect(gm.locator("body")).to_have_attribute("data-seq", re.compile(r"^\d+$"))
    base = int(gm.locator("#seq").inner_text())
    # the GM's table: p1 (whose turn it is) below with its hand playable, p2's hand face up
    expect(gm.locator("#board .board-side.mine")).to_have_attribute("data-seat", "p1")
    expect(side(gm, "p2").locator(".hand-card", has_text="Lum Berry")).to_be_visible()
    expect(side(gm, "p2").locator(".hand-card.playable")).to_have_count(0)
    hand_card(gm, "Fire Energy").click()
    tile(gm, "p1", "active").click()
    wait_step(gm, base + 1)
    expect(tile(gm, "p1", "active").locator(".attached")).to_have_count(2)
    # picking p2 among the participants turns the table: p2's side is the one played
    gm.locator('#actor-list button.p-select[data-id="p2"]').click()
    expect(gm.locator("#board .board-side.mine")).to_have_attribute("data-seat", "p2")
    # a spectator: tiles and counts, no hand, nothing to click
    wait_step(spectator, base + 1)
    expect(tile(spectator, "p1", "active").locator(".attached")).to_have_count(2)
    expect(spectator.locator("#board .hand-card")).to_have_count(0)
    expect(spectator.locator("#board .hand-backs")).to_have_count(2)
    expect(spectator.locator("#board .target, #board button.board-move")).to_have_count(0)
    assert_no_horizontal_scroll(spectator)
    assert ERRORS.get(gm, []) == [] and ERRORS.get(spectator, []) == []
