"""End-to-end tests of the GM's table (issue 15): the host's games page, invites, turns
played from several browsers, refusals next to the button pressed, undo with confirmation
and redo, reactions, table dice, generated forms, at desktop and phone widths.

Screenshots of each flow are taken on every run; with ``TURNKEEPER_SCREENSHOTS=docs`` they
replace the ones under docs/screenshots/ (shown in docs/web.md), else they go to a
temporary folder, so that a test run leaves the checkout as it was.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from .test_tracker import assert_no_horizontal_scroll
from .tracker_support import ROOT, Server, free_port, start_server

DESKTOP: ViewportSize = {"width": 1100, "height": 800}
PHONE: ViewportSize = {"width": 375, "height": 740}
SHOTS = (
    ROOT / "docs" / "screenshots"
    if os.environ.get("TURNKEEPER_SCREENSHOTS") == "docs"
    else Path(tempfile.gettempdir()) / "turnkeeper-screenshots"
)
ERRORS: dict[Page, list[str]] = {}


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    made: list[BrowserContext] = []
    yield made
    for context in made:
        context.close()


@pytest.fixture(scope="module")
def toy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("toy")
    srv = start_server(
        folder / "games.sqlite", free_port(), folder / "server.log", "tests.web.toy:RULESET"
    )
    yield srv
    srv.stop()


def open_page(
    browser: Browser, contexts: list[BrowserContext], url: str, viewport: ViewportSize
) -> Page:
    context = browser.new_context(viewport=viewport)
    contexts.append(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    ERRORS[page] = errors
    page.goto(url)
    return page


def open_tracker(
    browser: Browser, contexts: list[BrowserContext], url: str, viewport: ViewportSize
) -> Page:
    page = open_page(browser, contexts, url, viewport)
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    return page


def shoot(page: Page, name: str) -> None:
    """A small PNG of what the window shows (not the whole page)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def create_from_example(host: Page, ruleset: str, example: str) -> str:
    """Create a game on the host page; the game master link it shows."""
    expect(host.locator("body")).to_have_attribute("data-ready", "1")
    host.locator("#ruleset").select_option(ruleset)
    host.locator("#example").select_option(example)
    host.locator("#create-game").click()
    created = host.locator("#created")
    expect(created).to_be_visible()
    url = created.locator(".link-url").input_value()
    assert "/?game=" in url and "&token=" in url
    return url


def seq_of(page: Page) -> int:
    return int(page.locator("#seq").inner_text())


def test_host_creates_an_e133_game_invites_two_players_and_they_play(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    host = open_page(browser, contexts, f"{server.base}/host?token={server.host_key}", DESKTOP)
    gm_url = create_from_example(host, "e133", "e133/ambush")
    game = re.search(r"game=(\w+)", gm_url).group(1)  # type: ignore[union-attr]
    row = host.locator(f'#games-body tr[data-game="{game}"]')
    expect(row).to_contain_text("e133")
    # A fresh GM link for the game, with its QR code drawn by the server.
    row.locator("button.gm-link").click()
    fresh = host.locator("#games-body tr.links-row .link-box")
    expect(fresh).to_be_visible()
    expect(fresh.locator("img.qr")).to_have_attribute("src", re.compile(r"^data:image/svg"))
    assert fresh.locator("img.qr").evaluate("(img) => img.naturalWidth") > 0
    shoot(host, "host-games")

    gm = open_tracker(browser, contexts, gm_url, DESKTOP)
    invites = gm.locator("#invites")
    expect(invites).to_be_visible()
    links: dict[str, str] = {}
    for seat in ("alice", "bob"):
        invites.locator(f'button.invite[data-seat="{seat}"]').click()
        box = invites.locator(f'.link-box[data-label="{seat}"]')
        expect(box.locator("img.qr")).to_be_visible()
        expect(box.locator("button.copy")).to_be_visible()
        links[seat] = box.locator(".link-url").input_value()
    gm.locator("#invites-details").scroll_into_view_if_needed()
    shoot(gm, "gm-invites")
    gm.locator("#top").scroll_into_view_if_needed()

    alice = open_tracker(browser, contexts, links["alice"], DESKTOP)
    bob = open_tracker(browser, contexts, links["bob"], PHONE)
    expect(alice.locator("#role")).to_have_text("player · alice")
    expect(bob.locator("#role")).to_have_text("player · bob")
    # The surprise round: the two raiders (the GM's) end their turns with the End turn bar.
    for raider in ("Skiv (raider caster)", "Rook (raider)"):
        expect(gm.locator("#whose-turn")).to_have_text(raider)
        before = seq_of(gm)
        gm.locator("#end-turn-bar button.play").click()
        expect(gm.locator("#seq")).to_have_text(str(before + 1))
    for page in (alice, bob):
        expect(page.locator("#whose-turn")).to_have_text("Vess (courier)")
    # Actions come grouped by what they cost; groups fold.
    groups = alice.locator("#legal details.action-group")
    expect(groups.filter(has_text="move action")).to_have_count(1)
    standard = groups.filter(has_text="standard action").first
    standard.locator(":scope > summary").click()
    expect(standard.locator(".group-cards")).to_be_hidden()

    # Alice asks for a 300 ft move: refused, next to the button she pressed and as a toast.
    move = alice.locator(
        '#legal form.action-card[data-kind="move"]:has(input[name="distance"][value="30"])'
    )
    move.locator('input[name="distance"]').fill("300")
    move.locator("button.play").click()
    refusal = alice.locator("#legal .card-refusal:visible")
    expect(refusal).to_have_count(1)
    expect(refusal.locator(".rule-id")).to_have_text("e133.move.speed")
    expect(refusal).to_contain_text("Move")  # the source
    expect(alice.locator("#message")).to_have_attribute("data-kind", "refusal")
    expect(alice.locator("#message")).to_be_in_viewport(ratio=1)
    expect(refusal).to_be_in_viewport(ratio=0.9)
    shoot(alice, "refusal-next-to-button")
    assert seq_of(alice) == seq_of(gm)

    # She steps away from Rook instead: that opens a window for an attack of opportunity,
    # which the GM's page prompts, with Rook's card highlighted.
    step_away = alice.locator(
        '#legal form.action-card[data-kind="move"]:has([name^="leaves_threatened_by"])'
    )
    step_away.locator("button.play").click()
    expect(gm.locator('#order li[data-id="rook"]')).to_have_class(re.compile(r"\breacting\b"))
    prompt = gm.locator("#reaction")
    expect(prompt).to_be_visible()
    expect(prompt).to_contain_text("Rook (raider) may react")
    before = seq_of(gm)
    prompt.locator('form.action-card[data-kind="aoo"] button.play').click()
    expect(gm.locator("#seq")).to_have_text(str(before + 1))
    expect(gm.locator(f'#log li[data-seq="{before + 1}"]')).to_contain_text("aoo")
    expect(gm.locator("#reaction")).to_be_hidden()

    # Alice ends her turn; Bob (on a phone) sees it live and ends his.
    alice.locator("#end-turn-bar button.play").click()
    expect(bob.locator("#whose-turn")).to_have_text("Dorn (guard)")
    expect(bob.locator("#end-turn-bar button.play")).to_be_visible()
    shoot(bob, "player-phone")
    assert_no_horizontal_scroll(bob)
    # On the phone too, a refusal lands next to the button pressed, on screen, and the toast
    # fits the screen.
    walk = bob.locator('#legal form.action-card[data-kind="move"]:has([name="mode"])').first
    walk.locator('input[name="distance"]').fill("300")
    walk.locator("button.play").click()
    expect(bob.locator("#legal .card-refusal:visible .rule-id")).to_have_text("e133.move.speed")
    expect(bob.locator("#legal .card-refusal:visible")).to_be_in_viewport(ratio=0.9)
    expect(bob.locator("#message")).to_be_in_viewport(ratio=1)
    assert_no_horizontal_scroll(bob)
    shoot(bob, "refusal-phone")
    bob.locator("#message button.close").click()
    before = seq_of(bob)
    bob.locator("#end-turn-bar button.play").click()
    expect(gm.locator("#seq")).to_have_text(str(before + 1))

    # The GM undoes Bob's end of turn (after confirming), then redoes it.
    gm.locator("#undo").click()
    expect(gm.locator("#confirm")).to_be_visible()
    expect(gm.locator("#confirm-text")).to_contain_text("end turn")
    shoot(gm, "undo-confirm")
    gm.locator("#confirm-yes").click()
    expect(gm.locator("#seq")).to_have_text(str(before + 2))
    expect(bob.locator("#whose-turn")).to_have_text("Dorn (guard)")
    redo = gm.locator("#redo")
    expect(redo).to_be_visible()
    expect(redo).to_contain_text("end turn")
    redo.click()
    expect(gm.locator("#seq")).to_have_text(str(before + 3))
    expect(bob.locator("#whose-turn")).not_to_have_text("Dorn (guard)")
    expect(redo).to_be_hidden()

    # Skiv steps away from Vess: Alice's page prompts her reaction, and she takes it.
    expect(gm.locator("#selected-actor")).to_have_text("Skiv (raider caster)")
    gm.locator(
        '#legal form.action-card[data-kind="move"]:has([name^="leaves_threatened_by"])'
    ).locator("button.play").click()
    mine = alice.locator("#reaction")
    expect(mine).to_contain_text("Vess (courier) may react")
    expect(alice.locator('#order li[data-id="vess"]')).to_have_class(re.compile(r"\breacting\b"))
    shoot(alice, "player-reaction")
    before = seq_of(alice)
    mine.locator('form.action-card[data-kind="aoo"] button.play').click()
    expect(gm.locator("#seq")).to_have_text(str(before + 1))
    expect(alice.locator("#reaction")).to_be_hidden()

    # Dice at the table: a hidden GM roll stays on the GM's page; a player's public roll
    # reaches everyone; both with their exact odds.
    gm.locator("#dice-expression").fill("d20+5 >= 15")
    gm.locator("#dice-hidden").check()
    gm.locator("#dice-roll").click()
    expect(gm.locator("#rolls li.hidden-roll")).to_contain_text("11/20 (55%)")
    alice.locator("#dice-expression").fill("2d6")
    alice.locator("#dice-roll").click()
    for page in (gm, alice, bob):
        expect(page.locator("#rolls li:not(.hidden-roll)")).to_contain_text("alice: 2d6")
        expect(page.locator("#rolls li:not(.hidden-roll) .roll-odds")).to_contain_text("mean 7")
    expect(alice.locator("#rolls li.hidden-roll")).to_have_count(0)
    gm.locator("#dice-panel").scroll_into_view_if_needed()
    shoot(gm, "gm-dice")

    # Back on the games page: the game's players and last step; archive it and back.
    host.reload()
    expect(row).to_contain_text("alice, bob")
    expect(row.locator("td").nth(4)).to_have_text(str(seq_of(gm)))
    row.locator("button.archive").click()
    expect(row).to_have_count(0)
    host.locator("#show-archived").check()
    expect(row.locator("button.archive")).to_have_text("unarchive")
    row.locator("button.archive").click()
    expect(row.locator("button.archive")).to_have_text("archive")
    for page in (host, gm, alice, bob):
        assert ERRORS[page] == [], ERRORS[page]


def test_a_ptu_game_is_created_from_an_uploaded_file_on_a_phone(
    server: Server, browser: Browser, contexts: list[BrowserContext], tmp_path: Path
) -> None:
    host = open_page(browser, contexts, f"{server.base}/host?token={server.host_key}", PHONE)
    expect(host.locator("body")).to_have_attribute("data-ready", "1")
    host.locator('input[name="source"][value="upload"]').check()
    host.locator("#upload").set_input_files(str(ROOT / "examples" / "ptu" / "league.yaml"))
    expect(host.locator("#upload-note")).to_contain_text("league.yaml: read (ptu)")
    expect(host.locator("#ruleset")).to_have_value("ptu")
    expect(host.locator("#seed")).to_have_value("7")
    host.locator("#create-game").click()
    expect(host.locator("#created")).to_contain_text("seats: alice, bob")
    assert_no_horizontal_scroll(host)
    host.locator("#created").scroll_into_view_if_needed()
    shoot(host, "host-phone-ptu")
    url = host.locator("#created .link-url").input_value()
    gm = open_tracker(browser, contexts, url, PHONE)
    expect(gm.locator("#order li.participant").first).to_be_visible()
    expect(gm.locator("#legal details.action-group").first).to_be_visible()
    assert_no_horizontal_scroll(gm)
    shoot(gm, "gm-phone-ptu")
    # A file that is not a set-up is refused by name, and nothing is created.
    bad = tmp_path / "bad-setup.yaml"
    bad.write_text("ruleset: ptu\nsetup: {}\nsed: 3\n")
    host.locator("#upload").set_input_files(str(bad))
    expect(host.locator("#message")).to_contain_text("unknown top-level key(s) ['sed']")
    assert ERRORS[host] == [] and ERRORS[gm] == []


def test_set_up_and_action_forms_are_generated_from_the_schemas(
    toy_server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    host = open_page(
        browser, contexts, f"{toy_server.base}/host?token={toy_server.host_key}", DESKTOP
    )
    expect(host.locator("body")).to_have_attribute("data-ready", "1")
    host.locator("#ruleset").select_option("declared")
    form_choice = host.locator('input[name="source"][value="form"]')
    expect(form_choice).to_be_visible()
    form_choice.check()
    pane = host.locator("#from-form")
    # A required list with two rows, each with its own fields; a bounded integer.
    for row, (pid, seat, name) in enumerate([("ann", "north", "Ann"), ("bob", "south", "Bob")]):
        pane.locator("button.sf-add").click()
        fields = pane.locator(".sf-row").nth(row)
        fields.locator('input[name="id"]').fill(pid)
        fields.locator('input[name="seat"]').fill(seat)
        fields.locator('input[name="name"]').fill(name)
    target = pane.locator('input[name="target"]')
    expect(target).to_have_value("20")
    expect(target).to_have_attribute("max", "1000")
    target.fill("50")
    shoot(host, "host-setup-form")
    host.locator("#create-game").click()
    expect(host.locator("#created")).to_contain_text("seats: north, south")
    gm = open_tracker(
        browser, contexts, host.locator("#created .link-url").input_value(), DESKTOP
    )
    expect(gm.locator("#whose-turn")).to_have_text(re.compile(r"^(Ann|Bob)$"))
    turn = gm.locator("#whose-turn").inner_text()
    add = gm.locator('#legal form.action-card[data-kind="add"]').first
    amount = add.locator('input[name="amount"]')
    expect(amount).to_have_attribute("type", "number")
    expect(amount).to_have_attribute("min", "1")
    expect(amount).to_have_attribute("max", "3")
    # The GM sees the GM-only note among the kind's other parameters, folded at first.
    expect(add.locator(".sf-gm-only")).to_be_hidden()
    add.locator("details.more-params > summary").click()
    expect(add.locator(".sf-gm-only")).to_be_visible()
    expect(gm.locator("#legal details.action-group:has(form[data-kind=add])")).to_be_visible()
    expect(gm.locator("#end-turn-bar form[data-kind=end_turn]")).to_be_visible()
    amount.fill("2")
    before = seq_of(gm)
    add.locator("button.play").click()
    expect(gm.locator("#seq")).to_have_text(str(before + 1))
    # The ruleset's sentence in the log, the event data folded.
    entry = gm.locator(f'#log li[data-seq="{before + 1}"]')
    expect(entry.locator(".event-text")).to_have_text(f"{turn} scores 2")
    # Other action…: a declared kind gets its form, not a JSON box; refused next to it.
    gm.locator("#free-form summary").click()
    gm.locator("#free-kind").fill("add")
    gm.locator("#free-kind").dispatch_event("input")
    expect(gm.locator("#free-params-label")).to_be_hidden()
    gm.locator('#free-fields input[name="amount"]').fill("1")
    gm.locator("#free-play").click()
    inline = gm.locator("#free-form-form .card-refusal")
    expect(inline.locator(".rule-id")).to_have_text("counter.standard.once")
    assert seq_of(gm) == before + 1
    # A card not in hand, after the standard action: both rules, the second as "also".
    url = gm.url
    game = re.search(r"game=(\w+)", url).group(1)  # type: ignore[union-attr]
    token = re.search(r"token=([^&]+)", url).group(1)  # type: ignore[union-attr]
    view = toy_server.api.ok("GET", f"/api/games/{game}/state", token=token)["view"]
    hand = next(p["hand"] for p in view["players"].values() if p["name"] == turn)
    missing = next(card for card in range(1, 7) if card not in hand)
    gm.locator("#free-kind").fill("play")
    gm.locator("#free-kind").dispatch_event("input")
    gm.locator('#free-fields input[name="card"]').fill(str(missing))
    gm.locator("#free-play").click()
    expect(inline.locator(".also-rule")).to_have_text(["counter.play.in-hand"])
    expect(gm.locator("#message .also-rule")).to_have_text(["counter.play.in-hand"])
    gm.locator("#free-form").scroll_into_view_if_needed()
    shoot(gm, "gm-schema-forms")
    assert ERRORS[host] == [] and ERRORS[gm] == []


def _fill_e133(pane: Any) -> None:
    # Two combatants, each with only its (required) id: the rest keeps its defaults.
    for row, cid in enumerate(["hero", "orc"]):
        pane.locator('[data-field="combatants"] > button.sf-add').click()
        pane.locator('[data-field="combatants"] > .sf-row').nth(row).locator(
            'input[name="id"]'
        ).first.fill(cid)


def _fill_pte(pane: Any) -> None:
    # The characters are a map (id -> sheet) or a list: a JSON box.
    pane.locator('[name="characters"]').fill('{"ann": {"skills": {"athletics": "adept"}}}')


def _fill_ptcg(pane: Any) -> None:
    # Two of the bundled decks by name (a list or a map of decks: a JSON box).
    pane.locator('[name="decks"]').fill('["sapphire", "ruby"]')


def _fill_ptu(pane: Any) -> None:
    # A Trainer (a player on one side) against one wild Pokémon: two sides.
    pane.locator('[data-field="players"] > button.sf-add').click()
    player = pane.locator('[data-field="players"] > .sf-row').first
    player.locator('input[name="name"]').first.fill("ash")
    trainer = player.locator('[data-field="trainer"]')
    trainer.locator('input[name="id"]').first.fill("ash")
    trainer.locator('input[name="speed"]').first.fill("9")
    pane.locator('[data-field="wild"] > button.sf-add').click()
    wild = pane.locator('[data-field="wild"] > .sf-row').first
    wild.locator('input[name="id"]').first.fill("rattata")
    wild.locator('input[name="speed"]').first.fill("15")


# What each real ruleset's set-up form needs typed before a game can be created from it.
SETUP_FILLS: dict[str, Any] = {
    "e133": _fill_e133,
    "ptu": _fill_ptu,
    "pte": _fill_pte,
    "ptcg": _fill_ptcg,
}


@pytest.mark.parametrize("ruleset", sorted(SETUP_FILLS))
def test_each_real_rulesets_set_up_form_renders_and_creates_a_game(
    server: Server, browser: Browser, contexts: list[BrowserContext], ruleset: str
) -> None:
    host = open_page(browser, contexts, f"{server.base}/host?token={server.host_key}", PHONE)
    expect(host.locator("body")).to_have_attribute("data-ready", "1")
    host.locator("#ruleset").select_option(ruleset)
    form_choice = host.locator('input[name="source"][value="form"]')
    expect(form_choice).to_be_visible()
    form_choice.check()
    pane = host.locator("#from-form")
    # One field per top-level property of the ruleset's set-up schema.
    schema = server.api.ok("GET", f"/api/rulesets/{ruleset}/schema")["setup"]
    top = schema["$defs"][schema["$ref"].split("/")[-1]]["properties"]
    for name in top:
        expect(pane.locator(f':scope > fieldset > [data-name="{name}"]')).to_be_visible()
    fill = SETUP_FILLS[ruleset]
    if fill is not None:
        fill(pane)
    host.locator("#create-game").click()
    created = host.locator("#created")
    expect(created).to_contain_text(f"({ruleset}")
    url = created.locator(".link-url").input_value()
    found = re.search(r"game=(\w+)&token=([^&]+)", url)
    assert found is not None, url
    state = server.api.ok("GET", f"/api/games/{found[1]}/state", token=found[2])
    assert state["ruleset"] == ruleset
    assert_no_horizontal_scroll(host)
