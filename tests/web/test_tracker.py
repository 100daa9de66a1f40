"""End-to-end tests of the web tracker page: a real server, real browsers, live updates."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from .tracker_support import Api, Server, free_port, start_server

PHONE: ViewportSize = {"width": 375, "height": 740}
# Uncaught JavaScript errors of each page opened by open_page.
PAGE_ERRORS: dict[Page, list[str]] = {}
DESKTOP: ViewportSize = {"width": 1100, "height": 800}

# The game the tests play: Element 133, which has a tracker (initiative order, action pips).
# The hero (seat "alice") acts first, the orc (the GM's) second: docs/rulesets/e133.md.
RULESET = "e133"
SEAT = "alice"
SETUP: dict[str, Any] = {
    "combatants": [
        {"id": "hero", "name": "Hero", "controller": SEAT, "initiative": 18, "bab": 3},
        {"id": "orc", "name": "Orc", "side": "foes", "initiative": 9},
    ]
}
# After a move action, a 5-foot step is refused by this rule.
STEP_RULE = "e133.five-foot-step.no-other-movement"
STEP: dict[str, Any] = {"kind": "five_foot_step", "actor": "hero", "params": {"mode": "walk"}}
MOVE: dict[str, Any] = {"kind": "move", "actor": "hero", "params": {"distance": 30, "mode": "walk"}}

# A ruleset without a tracker: PTE (a scene, no initiative), whose checks carry exact odds.
# The GM prepared a task (its DC is the GM's): a check on it is one the player may roll.
PTE_SETUP: dict[str, Any] = {
    "characters": {"ann": {"skills": {"athletics": "adept"}, "player": "north"}},
    "tasks": {"Climb the Wall": {"dc": 12, "skill": "athletics"}},
}


@dataclass
class Table:
    """A game created through the API, with a GM token and the seat of whoever acts first."""

    api: Api
    base: str
    game: str
    gm: str
    player: str
    seat: str
    player_actors: list[str]

    def url(self, token: str) -> str:
        return f"{self.base}/?game={self.game}&token={token}"

    def state(self, token: str | None = None) -> Any:
        return self.api.ok("GET", f"/api/games/{self.game}/state", token=token or self.gm)

    def legal(self, actor: str) -> list[dict[str, Any]]:
        data = self.api.ok("GET", f"/api/games/{self.game}/legal?actor={actor}", token=self.gm)
        actions: list[dict[str, Any]] = data["actions"]
        return actions

    def pips(self, actor: str) -> dict[str, list[int]]:
        for row in self.state()["tracker"]["order"]:
            if row["id"] == actor:
                pips: dict[str, list[int]] = row["pips"]
                return pips
        raise AssertionError(f"{actor} is not in the initiative order")


def new_table(
    server: Server, ruleset: str = RULESET, setup: dict[str, Any] | None = None, seat: str = SEAT
) -> Table:
    """Create a game through the API, with a token for one seat."""
    api = server.api
    body = {"ruleset": ruleset, "setup": setup or SETUP, "seed": 7}
    created = api.ok("POST", "/api/games", body, token=server.host_key)
    game, gm = created["game_id"], created["gm_token"]
    given = api.ok("POST", f"/api/games/{game}/seats", {"seat": seat}, token=gm)
    return Table(api, server.base, game, gm, given["token"], seat, list(given["actors"]))


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    made: list[BrowserContext] = []
    yield made
    for context in made:
        context.close()


def open_page(
    browser: Browser, contexts: list[BrowserContext], url: str, viewport: ViewportSize
) -> Page:
    """Open the tracker in a fresh browser context; fail the test on any page error."""
    context = browser.new_context(viewport=viewport)
    contexts.append(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    # A marker that survives only as long as the page is not reloaded.
    page.evaluate("window.__sameDocument = true")
    PAGE_ERRORS[page] = errors
    return page


def assert_no_horizontal_scroll(page: Page) -> None:
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth]"
    )
    assert widths[0] <= widths[2] and widths[1] <= widths[2], widths
    # Every part of the page fits in the window's width.
    overflowing = page.evaluate(
        """[...document.querySelectorAll('body *')]
             .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
             .map((e) => e.tagName + '#' + e.id + '.' + e.className)"""
    )
    assert overflowing == []


def card_index(table: Table, action: dict[str, Any]) -> int:
    """Where ``action`` is in its actor's legal list (the page shows the list in order)."""
    for i, legal in enumerate(table.legal(action["actor"])):
        if legal["kind"] == action["kind"] and legal["params"] == action["params"]:
            return i
    raise AssertionError(f"{action} is not legal now")


def offer_json(params: dict[str, Any]) -> str:
    """An offer's params as the page writes them in a card's data-offer (keys sorted)."""
    return json.dumps(params, sort_keys=True, separators=(",", ":"))


def has_card(page: Page, action: dict[str, Any]) -> Any:
    """The page's cards offering exactly ``action`` (its kind and the server's params)."""
    offer = offer_json(action["params"]).replace("\\", "\\\\").replace('"', '\\"')
    return page.locator(
        f'#legal form.action-card[data-kind="{action["kind"]}"][data-offer="{offer}"]'
    )


def expect_fields(card: Any, params: dict[str, Any]) -> None:
    """The card's fields show ``params`` readably: each value in its input, or as the
    chosen option of its select."""
    for name, value in params.items():
        field = card.locator(f'[name="{name}"]')
        expect(field).to_have_count(1)
        if field.evaluate("(node) => node.tagName") == "SELECT":
            expect(field.locator("option:checked")).to_have_text(str(value))
        else:
            expect(field).to_have_value(str(value))


def gm_only_fields(api: Api, ruleset: str, kind: str) -> set[str]:
    """The parameters of ``kind`` the ruleset's schema marks as the GM's."""
    schema = api.ok("GET", f"/api/rulesets/{ruleset}/schema")
    ref = schema["actions"][kind]["params"]["$ref"].split("/")[-1]
    props = schema["$defs"][ref]["properties"]
    return {name for name, prop in props.items() if '"x-gm-only": true' in json.dumps(prop)}


def pip_group(page: Page, actor: str, kind: str) -> Any:
    return page.locator(f'#order li[data-id="{actor}"] .pip-group[data-type="{kind}"]')


def percent_text(fraction: str) -> str:
    """The percentage the page shows beside an odds fraction, in brackets."""
    top, bottom = (int(x) for x in fraction.split("/"))
    pct = 100 * top / bottom

    def fixed(value: float, places: int) -> str:
        text = f"{value:.{places}f}"
        return text.rstrip("0").rstrip(".") if "." in text else text

    if pct <= 0 or pct >= 100:
        text = str(round(pct))
    elif pct < 1:
        text = fixed(pct, 1 - math.floor(math.log10(pct)))
    elif pct > 99:
        text = fixed(pct, 1 - math.floor(math.log10(100 - pct)))
    else:
        text = fixed(pct, 1)
    return f"({text}%)"


def test_percentages_of_small_odds_keep_two_significant_digits() -> None:
    assert percent_text("1/1296") == "(0.077%)"
    assert percent_text("65/72") == "(90.3%)"
    assert percent_text("1/6") == "(16.7%)"
    assert percent_text("0/1") == "(0%)"
    assert percent_text("1295/1296") == "(99.923%)"


def play_via_api(table: Table, action: dict[str, Any]) -> Any:
    seq = table.state()["seq"]
    return table.api.ok(
        "POST",
        f"/api/games/{table.game}/play",
        {"action": action, "expected_seq": seq},
        token=table.gm,
    )


def test_gm_plays_player_sees_it_live_refusal_and_undo(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    table = new_table(server)
    assert table.player_actors == ["hero"]
    gm = open_page(browser, contexts, table.url(table.gm), DESKTOP)
    player = open_page(browser, contexts, table.url(table.player), PHONE)
    seq0 = table.state()["seq"]

    for page in (gm, player):
        current = page.locator("#order li.current")
        expect(current).to_have_count(1)
        expect(current).to_have_attribute("data-id", "hero")
        expect(current.locator(".turn-badge")).to_be_visible()
        expect(page.locator("#order li.participant")).to_have_count(2)
        expect(page.locator("#order li.participant").nth(1)).to_have_attribute("data-id", "orc")
        for kind in ("standard", "move", "bonus"):
            expect(pip_group(page, "hero", kind)).to_have_attribute("data-left", "1")
            expect(pip_group(page, "hero", kind).locator(".pip.full")).to_have_count(1)
        expect(page.locator("#seq")).to_have_text(str(seq0))
        expect(page.locator("#round")).to_have_text("1")
        expect(page.locator("#whose-turn")).to_have_text("Hero")
        expect(page.locator("#selected-actor")).to_have_text("Hero")
        expect(has_card(page, STEP)).to_have_count(1)
        expect_fields(has_card(page, STEP), STEP["params"])
    expect(gm.locator("#undo")).to_be_visible()
    expect(player.locator("#undo")).to_be_hidden()
    expect(gm.locator("#role")).to_have_text("gm")
    expect(player.locator("#role")).to_have_text(f"player · {SEAT}")
    # The player controls only the hero; the GM may pick the orc too.
    expect(player.locator("#order button.p-select")).to_have_count(1)
    expect(gm.locator("#order button.p-select")).to_have_count(2)
    # The GM's own actor (not in the initiative order) has a button of its own.
    expect(gm.locator("#actor-list button.p-select")).to_have_text(["gm"])
    expect(player.locator("#participants")).to_be_hidden()

    # The GM plays the hero's move by clicking its button; its cost is shown.
    index = card_index(table, MOVE)
    card = gm.locator(f'#legal form.action-card[data-index="{index}"]')
    expect(card).to_have_attribute("data-kind", "move")
    expect_fields(card, MOVE["params"])
    expect(card.locator(".cost")).to_have_text(table.legal("hero")[index]["cost"])
    card.locator("button.play").click()

    # Both pages follow, the player's without a reload.
    entry = f'#log li[data-seq="{seq0 + 1}"]'
    for page in (gm, player):
        expect(page.locator("#seq")).to_have_text(str(seq0 + 1))
        expect(page.locator(entry)).to_contain_text("Hero: move distance=30 mode=walk")
        expect(pip_group(page, "hero", "move")).to_have_attribute("data-left", "0")
        expect(pip_group(page, "hero", "move").locator(".pip.empty")).to_have_count(1)
        expect(pip_group(page, "hero", "standard")).to_have_attribute("data-left", "1")
        expect(has_card(page, STEP)).to_have_count(0)
    assert table.pips("hero")["move"] == [0, 1]
    assert player.evaluate("window.__sameDocument") is True

    # The player tries a 5-foot step after moving: refused, with rule id, reason and source.
    expected = table.api.ok(
        "POST", f"/api/games/{table.game}/check", {"action": STEP}, token=table.player
    )
    assert expected["allowed"] is False
    assert expected["refusal"]["rule"] == STEP_RULE
    player.locator("#free-form summary").click()
    player.locator("#free-kind").fill(STEP["kind"])
    # A declared kind gets its generated form instead of the JSON box.
    expect(player.locator("#free-params-label")).to_be_hidden()
    player.locator('#free-fields select[name="mode"]').select_option(label=STEP["params"]["mode"])
    player.locator("#free-play").click()
    message = player.locator("#message")
    expect(message).to_have_attribute("data-kind", "refusal")
    expect(message.locator(".rule-id")).to_have_text(STEP_RULE)
    expect(message.locator(".reason")).to_have_text(expected["refusal"]["reason"])
    expect(message.locator(".source")).to_have_text(expected["refusal"]["source"])
    assert table.state()["seq"] == seq0 + 1
    expect(gm.locator("#message")).to_be_hidden()

    # The refusal is also shown next to the button pressed, with the same rule.
    inline = player.locator("#free-form-form .card-refusal")
    expect(inline).to_be_visible()
    expect(inline.locator(".rule-id")).to_have_text(STEP_RULE)

    # The GM undoes, after saying yes to the question (cancelling changes nothing):
    # both pages show the move taken back and the step possible again.
    gm.locator("#undo").click()
    expect(gm.locator("#confirm")).to_be_visible()
    expect(gm.locator("#confirm-text")).to_contain_text(f"#{seq0 + 1}")
    gm.locator("#confirm-no").click()
    expect(gm.locator("#confirm")).to_be_hidden()
    assert table.state()["seq"] == seq0 + 1
    gm.locator("#undo").click()
    gm.locator("#confirm-yes").click()
    for page in (gm, player):
        expect(page.locator("#seq")).to_have_text(str(seq0 + 2))
        expect(pip_group(page, "hero", "move")).to_have_attribute("data-left", "1")
        expect(page.locator(entry)).to_have_class(re.compile(r"\bundone\b"))
        expect(page.locator(f'#log li[data-seq="{seq0 + 2}"]')).to_contain_text("undo")
        expect(has_card(page, STEP)).to_have_count(1)
    assert table.pips("hero")["move"] == [1, 1]
    assert player.evaluate("window.__sameDocument") is True
    gm.screenshot(path="/tmp/tracker-gm.png", full_page=True)
    player.screenshot(path="/tmp/tracker-player.png", full_page=True)
    assert PAGE_ERRORS[gm] == [] and PAGE_ERRORS[player] == []


def test_gm_adds_parameters_and_the_log_shows_the_dice(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    table = new_table(server)
    gm = open_page(browser, contexts, table.url(table.gm), DESKTOP)
    seq0 = table.state()["seq"]
    attack: dict[str, Any] = {
        "kind": "attack",
        "actor": "hero",
        "params": {"target": "orc", "mode": "melee"},
    }
    card = has_card(gm, attack)
    expect(card).to_have_count(1)
    expect_fields(card, attack["params"])
    # The kind's other parameters are folded under the offer's own; the GM sets two.
    more = card.locator("details.more-params")
    expect(more.locator('[name="attack_bonus"]')).to_be_hidden()
    more.locator("summary").click()
    more.locator('[name="attack_bonus"]').fill("5")
    more.locator('[name="ac"]').fill("14")
    # Other action… checks the same attack first, in the kind's generated form.
    gm.locator("#free-form summary").click()
    gm.locator("#free-kind").fill("attack")
    fields = gm.locator("#free-fields")
    fields.locator('[name="target"]').fill("orc")
    fields.locator('select[name="mode"]').select_option(label="melee")
    fields.locator('[name="attack_bonus"]').fill("5")
    fields.locator('[name="ac"]').fill("14")
    gm.locator("#free-check").click()
    expect(gm.locator("#message")).to_have_attribute("data-kind", "info")
    expect(gm.locator("#message")).to_contain_text("Allowed")
    assert table.state()["seq"] == seq0
    card.locator("button.play").click()

    expect(gm.locator("#seq")).to_have_text(str(seq0 + 1))
    log = table.api.ok("GET", f"/api/games/{table.game}/log?after={seq0}", token=table.gm)
    record = next(
        e["data"]["record"] for e in log["commands"][0]["events"] if e["type"] == "check_rolled"
    )
    face = record["rolls"][0]["dice"][0]["faces"][0]
    dice = gm.locator(f'#log li[data-seq="{seq0 + 1}"] .dice[data-record="check"]').first
    expect(dice).to_contain_text("d20+5")
    expect(dice.locator(".dice[data-record=roll] .face").first).to_have_text(str(face))
    expect(dice).to_contain_text(f"[{face}] = {record['total']} vs DC 14")
    expect(dice).to_contain_text("success" if record["success"] else "failure")
    expect(pip_group(gm, "hero", "standard")).to_have_attribute("data-left", "0")
    # The card sent the offer and the two values set, nothing the GM left at its default.
    sent = log["commands"][0]["action"]["params"]
    assert sent == {**attack["params"], "attack_bonus": 5, "ac": 14}
    assert PAGE_ERRORS[gm] == []


def test_ruleset_without_tracker_shows_whose_turn_view_and_odds(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    table = new_table(server, "pte", PTE_SETUP, seat="north")
    state = table.state()
    assert "tracker" not in state
    page = open_page(browser, contexts, table.url(table.player), PHONE)
    expect(page.locator("#tracker")).to_be_hidden()
    expect(page.locator("#round")).to_be_hidden()
    expect(page.locator("#whose-turn")).to_have_text(state["whose_turn"] or "–")
    expect(page.locator("#view-details")).to_have_attribute("open", "")
    tree = page.locator("#view > ul")
    expect(tree).to_be_visible()
    expect(
        tree.locator(":scope > li > details > summary .j-key", has_text="characters")
    ).to_be_visible()
    expect(tree).to_contain_text("athletics")
    expect(page.locator("#actor-list button.p-select")).to_have_text(["ann"])

    # Each legal action with dice shows its exact odds, as a fraction and a percentage.
    legal = table.legal("ann")
    rolled = [i for i, a in enumerate(legal) if a.get("odds")]
    assert rolled
    for i in rolled:
        card = page.locator(f'#legal form.action-card[data-index="{i}"]')
        expect(card.locator(".cost")).to_have_text(legal[i]["cost"])
        for outcome, value in legal[i]["odds"].items():
            odds = card.locator(f'.odds li[data-outcome="{outcome}"]')
            expect(odds.locator(".odds-fraction")).to_have_text(value)
            expect(odds.locator(".odds-pct")).to_have_text(percent_text(value))
        # The offer's values are on the card; a value only the GM may set (a DC) is shown
        # but cannot be changed on a player's page.
        expect_fields(card, legal[i]["params"])
        for name in gm_only_fields(table.api, "pte", legal[i]["kind"]) & set(legal[i]["params"]):
            expect(card.locator(f'[name="{name}"]')).to_be_disabled()
    assert_no_horizontal_scroll(page)
    page.screenshot(path="/tmp/tracker-pte.png", full_page=True)

    # The player plays the first rolled action that sets nothing of the GM's (the prepared
    # task's check); the page follows.
    mine = [
        i for i in rolled
        if not gm_only_fields(table.api, "pte", legal[i]["kind"]) & set(legal[i]["params"])
    ]
    assert mine
    seq0 = state["seq"]
    page.locator(f'#legal form.action-card[data-index="{mine[0]}"] button.play').click()
    expect(page.locator("#seq")).to_have_text(str(seq0 + 1))
    expect(page.locator(f'#log li[data-seq="{seq0 + 1}"]')).to_contain_text(
        legal[mine[0]]["kind"]
    )
    log = table.api.ok("GET", f"/api/games/{table.game}/log?after={seq0}", token=table.gm)
    assert log["commands"][0]["action"]["params"] == legal[mine[0]]["params"]
    assert PAGE_ERRORS[page] == []


def test_phone_viewport_has_no_horizontal_scroll(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    table = new_table(server)
    attack = {
        "kind": "attack",
        "actor": "hero",
        "params": {"target": "orc", "mode": "melee", "attack_bonus": 5, "ac": 14},
    }
    for action in (attack, MOVE, {"kind": "end_turn", "actor": "hero", "params": {}}):
        play_via_api(table, action)
    page = open_page(browser, contexts, table.url(table.gm), PHONE)
    expect(page.locator("#log li.log-entry")).to_have_count(table.state()["seq"])
    expect(page.locator("#log .dice").first).to_be_visible()
    page.locator("#free-form summary").click()
    page.locator("#view-details > summary").click()
    expect(page.locator("#view > ul")).to_be_visible()
    assert_no_horizontal_scroll(page)
    page.screenshot(path="/tmp/tracker-phone.png", full_page=True)
    assert PAGE_ERRORS[page] == []


def test_spectator_sees_the_game_but_no_actions_or_undo(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    table = new_table(server)
    token = table.api.ok("POST", f"/api/games/{table.game}/spectators", {}, token=table.gm)["token"]
    page = open_page(browser, contexts, table.url(token), DESKTOP)
    expect(page.locator("#role")).to_have_text("spectator")
    expect(page.locator("#order li.participant")).to_have_count(2)
    expect(page.locator("#undo")).to_be_hidden()
    expect(page.locator("#actions")).to_be_hidden()
    expect(page.locator("#order button.p-select")).to_have_count(0)
    play_via_api(table, MOVE)
    expect(pip_group(page, "hero", "move")).to_have_attribute("data-left", "0")


def test_page_without_a_game_explains_how_to_open_it(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    context = browser.new_context()
    contexts.append(context)
    page = context.new_page()
    page.goto(server.base + "/")
    expect(page.locator("#no-game")).to_be_visible()
    expect(page.locator("#no-game")).to_contain_text("/?game=")


def test_a_bad_token_is_reported(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    table = new_table(server)
    context = browser.new_context()
    contexts.append(context)
    page = context.new_page()
    page.goto(table.url("not-a-token"))
    expect(page.locator("#message")).to_have_attribute("data-kind", "error")
    expect(page.locator("#message")).to_contain_text("403")
    expect(page.locator("#conn")).to_have_attribute("data-state", "off")


def test_page_reconnects_after_a_server_restart(
    tmp_path: Path, browser: Browser, contexts: list[BrowserContext]
) -> None:
    port = free_port()
    db, log = tmp_path / "games.sqlite", tmp_path / "server.log"
    first = start_server(db, port, log)
    try:
        table = new_table(first)
        page = open_page(browser, contexts, table.url(table.player), PHONE)
        seq0 = table.state()["seq"]
    finally:
        first.stop()
    expect(page.locator("#conn")).to_have_attribute("data-state", "reconnecting")
    second = start_server(db, port, log)
    try:
        expect(page.locator("#conn")).to_have_attribute("data-state", "live", timeout=15_000)
        play_via_api(table, MOVE)
        expect(page.locator("#seq")).to_have_text(str(seq0 + 1))
        expect(pip_group(page, "hero", "move")).to_have_attribute("data-left", "0")
        assert page.evaluate("window.__sameDocument") is True
    finally:
        second.stop()


def test_names_from_the_game_are_shown_as_text_never_as_html(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    evil = '<img src=x onerror="window.__pwned=1"><b>Bold</b>'
    setup = json.loads(json.dumps(SETUP))
    setup["combatants"][0]["name"] = evil
    table = new_table(server, setup=setup)
    page = open_page(browser, contexts, table.url(table.gm), DESKTOP)
    expect(page.locator("#order .p-name", has_text=evil)).to_have_count(1)
    expect(page.locator("#whose-turn")).to_have_text(evil)
    page.locator("#view-details > summary").click()
    expect(page.locator("#view .j-str", has_text=evil).first).to_be_visible()
    assert page.locator("#app img, #app b").count() == 0
    assert page.evaluate("window.__pwned") is None


def test_a_player_edits_a_parameter_and_keeps_it_through_live_updates(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    table = new_table(server)
    player = open_page(browser, contexts, table.url(table.player), PHONE)
    seq0 = table.state()["seq"]
    # Typed at once: the catch-up refresh when the live connection comes up finds the same
    # offers and leaves the cards (and the field being typed in) as they are.
    card = has_card(player, MOVE)
    expect(card).to_have_count(1)
    card.locator('input[name="distance"]').fill("15")
    card.evaluate("(form) => { form.dataset.before = 'yes'; }")
    # Someone else's action that leaves the player's offers as they were: the cards stay.
    play_via_api(table, {"kind": "free_action", "actor": "hero", "params": {"what": "shout"}})
    expect(player.locator("#seq")).to_have_text(str(seq0 + 1))
    expect(player.locator("#legal form[data-before]")).to_have_count(1)  # not redrawn
    expect(has_card(player, MOVE).locator('input[name="distance"]')).to_have_value("15")
    # One whose answer the page must redraw (the page's memo of what it drew is cleared, as
    # when the offers change): the edit survives the redraw.
    player.evaluate("document.getElementById('legal').dataset.drawn = ''")
    play_via_api(table, {"kind": "free_action", "actor": "hero", "params": {"what": "wave"}})
    expect(player.locator("#seq")).to_have_text(str(seq0 + 2))
    expect(player.locator("#legal form[data-before]")).to_have_count(0)  # cards re-rendered
    # (the card's value attribute keeps the server's suggestion; the field holds the edit)
    card = has_card(player, MOVE)
    expect(card.locator('input[name="distance"]')).to_have_value("15")
    card.locator("button.play").click()
    expect(player.locator("#seq")).to_have_text(str(seq0 + 3))
    log = table.api.ok("GET", f"/api/games/{table.game}/log?after={seq0 + 2}", token=table.gm)
    assert log["commands"][0]["action"]["params"] == {"distance": 15, "mode": "walk"}
    expect(player.locator(f'#log li[data-seq="{seq0 + 3}"]')).to_contain_text("distance=15")
    assert PAGE_ERRORS[player] == []


def test_an_attack_button_shows_its_exact_odds(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    # The set-up gives the hero +5 to hit and the orc AC 15: the offered attack carries them
    # and the exact chance to hit, d20 + 5 >= 15 on faces 10-20, 11/20.
    setup = json.loads(json.dumps(SETUP))
    setup["combatants"][0].update({"attack_bonus": 5, "ac": 12})
    setup["combatants"][1].update({"attack_bonus": 3, "ac": 15})
    table = new_table(server, setup=setup)
    player = open_page(browser, contexts, table.url(table.player), PHONE)
    seq0 = table.state()["seq"]
    attack: dict[str, Any] = {
        "kind": "attack",
        "actor": "hero",
        "params": {"target": "orc", "mode": "melee", "attack_bonus": 5, "ac": 15},
    }
    offered = table.legal("hero")[card_index(table, attack)]
    assert offered["odds"] == {"hit": "11/20", "check": "d20+5 vs AC 15"}
    card = has_card(player, attack)
    expect(card).to_have_count(1)
    expect_fields(card, attack["params"])
    hit = card.locator('.odds li[data-outcome="hit"]')
    expect(hit.locator(".odds-name")).to_have_text("hit", ignore_case=True)
    expect(hit.locator(".odds-fraction")).to_have_text("11/20")
    expect(hit.locator(".odds-pct")).to_have_text(percent_text("11/20"))
    expect(hit.locator(".odds-pct")).to_have_text("(55%)")
    expect(card.locator('.odds li[data-outcome="check"]')).to_contain_text("d20+5 vs AC 15")

    # Half cover (+2 AC) reaches the page live: the same card now shows 9/20.
    play_via_api(table, {"kind": "set_cover", "actor": "gm",
                         "params": {"target": "orc", "cover": "half"}})
    expect(player.locator("#seq")).to_have_text(str(seq0 + 1))
    card = has_card(player, attack)
    expect(card.locator('.odds li[data-outcome="hit"] .odds-fraction')).to_have_text("9/20")
    expect(card.locator('.odds li[data-outcome="hit"] .odds-pct')).to_have_text("(45%)")
    expect(card.locator('.odds li[data-outcome="check"]')).to_contain_text("d20+5 vs AC 17")

    # Pressing the button rolls exactly that check.
    card.locator("button.play").click()
    expect(player.locator("#seq")).to_have_text(str(seq0 + 2))
    log = table.api.ok("GET", f"/api/games/{table.game}/log?after={seq0 + 1}", token=table.gm)
    record = next(
        e["data"]["record"] for e in log["commands"][0]["events"] if e["type"] == "check_rolled"
    )
    assert (record["expression"], record["dc"]) == ("d20+5 >= 17", 17)
    dice = player.locator(f'#log li[data-seq="{seq0 + 2}"] .dice[data-record="check"]').first
    expect(dice).to_contain_text(f"= {record['total']} vs DC 17")
    assert PAGE_ERRORS[player] == []
