"""End-to-end tests of the GM's cards (issue 15, part 2): hit points, conditions and the GM's
damage / heal / condition buttons, combatants added mid-fight, ptu Interrupt prompts and a
pte check on a GM-prepared task, at desktop and phone widths.

Screenshots as in test_gm_table.py (``TURNKEEPER_SCREENSHOTS=docs`` writes them to
docs/screenshots/).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from .test_gm_table import DESKTOP, ERRORS, PHONE, open_tracker, seq_of, shoot
from .test_tracker import assert_no_horizontal_scroll
from .tracker_support import ROOT, Server

AMBUSH = yaml.safe_load((ROOT / "examples" / "e133" / "ambush.yaml").read_text("utf-8"))


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    made: list[BrowserContext] = []
    yield made
    for context in made:
        context.close()


def new_game(server: Server, ruleset: str, setup: dict[str, Any], seed: int = 5) -> dict[str, Any]:
    body = {"ruleset": ruleset, "setup": setup, "seed": seed}
    created: dict[str, Any] = server.api.ok("POST", "/api/games", body, token=server.host_key)
    return created


def page_url(server: Server, game: str, token: str) -> str:
    return f"{server.base}/?game={game}&token={token}"


def card(page: Page, fid: str) -> Any:
    return page.locator(f'#order li.participant[data-id="{fid}"]')


def loaded_seq(page: Page) -> int:
    """The step the page shows, once its first refresh is drawn."""
    expect(page.locator("body")).to_have_attribute("data-seq", re.compile(r"^\d+$"))
    return seq_of(page)


def no_page_errors(page: Page) -> None:
    assert ERRORS.get(page, []) == [], ERRORS.get(page)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_gm_damages_from_the_hp_buttons_and_undoes_it(
    server: Server, browser: Browser, contexts: list[BrowserContext], viewport: ViewportSize
) -> None:
    created = new_game(server, "e133", AMBUSH["setup"])
    game, gm_token = created["game_id"], created["gm_token"]
    gm = open_tracker(browser, contexts, page_url(server, game, gm_token), viewport)
    dorn = card(gm, "dorn")
    hp = dorn.locator(".hp")
    expect(hp).to_have_attribute("data-hp", "19")
    expect(hp.locator(".hp-text")).to_contain_text("19/19 HP +3 temp")
    seq0 = loaded_seq(gm)
    # a readied action's trigger is the player's own words: an editable field (only a ptu
    # trigger id the view lists is locked, test_a_ptu_interrupt_is_prompted_and_answered)
    ready = gm.locator('#legal form.action-card[data-kind="ready"]').first
    expect(ready.locator('input[name="trigger"]')).to_be_editable()
    expect(ready.locator(".locked-param")).to_have_count(0)

    dorn.locator(".gm-card-tools > summary").click()
    dorn.locator(".gm-amount").fill("7")
    dorn.locator('button.gm-tool[data-tool="damage"]').click()
    expect(gm.locator("#seq")).to_have_text(str(seq0 + 1))
    # the 3 temporary hit points go first
    expect(card(gm, "dorn").locator(".hp")).to_have_attribute("data-hp", "15")
    expect(card(gm, "dorn").locator(".hp")).to_have_attribute("data-temp", "0")
    expect(card(gm, "dorn").locator(".hp-fill")).to_have_class("hp-fill high")
    entry = gm.locator(f'#log li[data-seq="{seq0 + 1}"]')
    expect(entry.locator(".event-text").nth(1)).to_have_text(
        "Dorn (guard) takes 7 untyped damage from the game master, 3 of it absorbed by "
        "temporary HP (19 → 15 HP)")

    # a condition set from the card shows as a chip
    tools = card(gm, "dorn").locator(".gm-tools")
    tools.locator(".gm-condition").select_option("prone")
    # a live update (here another GM client damaging Vess) redraws the cards between choosing
    # and pressing Set: the choice survives it (it once fell back to the first condition)
    damage_kind = tools.locator('button.gm-tool[data-tool="damage"]').get_attribute("data-kind")
    server.api.ok("POST", f"/api/games/{game}/play", {
        "action": {"kind": damage_kind, "actor": "gm", "params": {"target": "vess", "amount": 1}},
        "expected_seq": seq0 + 1}, token=gm_token)
    expect(gm.locator("#seq")).to_have_text(str(seq0 + 2))
    expect(card(gm, "dorn").locator(".gm-condition")).to_have_value("prone")
    card(gm, "dorn").locator('.gm-tools button.gm-tool[data-tool="set"]').click()
    expect(gm.locator("#seq")).to_have_text(str(seq0 + 3))
    expect(card(gm, "dorn").locator('.chip.condition[data-condition="prone"]')).to_be_visible()
    if viewport == PHONE:
        assert_no_horizontal_scroll(gm)
    shoot(gm, "gm-hp-card" + ("-phone" if viewport == PHONE else ""))

    # a heal without an amount is not sent; one over the maximum is the ruleset's to cap
    card(gm, "dorn").locator(".gm-amount").fill("")
    card(gm, "dorn").locator('button.gm-tool[data-tool="heal"]').click()
    assert seq_of(gm) == seq0 + 3

    # undo three times (confirmed): the condition, Vess's damage, then Dorn's
    for step in (4, 5, 6):
        gm.locator("#undo").click()
        gm.locator("#confirm-yes").click()
        expect(gm.locator("#seq")).to_have_text(str(seq0 + step))
    expect(card(gm, "dorn").locator(".hp")).to_have_attribute("data-hp", "19")
    expect(card(gm, "dorn").locator(".chip.condition")).to_have_count(0)
    no_page_errors(gm)


def test_a_gm_command_that_cannot_apply_shows_next_to_the_card(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    setup = {"combatants": [
        {"id": "aria", "name": "Aria", "initiative": 18},
        {"id": "brute", "name": "Brute", "initiative": 9, "side": "foes", "max_hp": 12},
    ]}
    created = new_game(server, "e133", setup)
    gm = open_tracker(browser, contexts,
                      page_url(server, created["game_id"], created["gm_token"]), DESKTOP)
    # Aria has no hit points: no HP bar; damage to her is not played, and the reason shows
    # beside the card's buttons (and in the toast)
    expect(card(gm, "aria").locator(".hp")).to_have_count(0)
    expect(card(gm, "brute").locator(".hp-text")).to_contain_text("12/12 HP")
    aria = card(gm, "aria")
    aria.locator(".gm-card-tools > summary").click()
    aria.locator(".gm-amount").fill("3")
    aria.locator('button.gm-tool[data-tool="damage"]').click()
    refusal = card(gm, "aria").locator(".gm-tools .card-refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("Not played: ")
    expect(refusal).to_contain_text("aria has no hit points")
    assert seq_of(gm) == 1
    expect(gm.locator("#message")).to_be_visible()
    no_page_errors(gm)


def test_gm_tools_unfolded_stay_unfolded_when_a_redraw_comes_before_the_toggle_event(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    # A live update can redraw the cards between the GM's click on "GM: ..." and the details'
    # "toggle" event (a task later): the card drawn again must stay unfolded. The page's own
    # gmTools draws the card's tools twice in the same task, the click in between.
    created = new_game(server, "e133", {"combatants": [{"id": "aria", "initiative": 18}]})
    gm = open_tracker(browser, contexts,
                      page_url(server, created["game_id"], created["gm_token"]), DESKTOP)
    expect(card(gm, "aria")).to_be_visible()
    schema = server.api.ok("GET", "/api/rulesets/e133/schema")
    folded, unfolded, refolded = gm.evaluate(
        """(schema) => {
            const ctx = { schema, gmActor: "gm", amounts: new Map(), open: new Set(),
                          play: () => {} };
            const first = window.TurnkeeperCards.gmTools(ctx, "aria");
            document.body.append(first);
            const before = first.open;
            first.querySelector("summary").click();
            const redrawn = window.TurnkeeperCards.gmTools(ctx, "aria");
            first.replaceWith(redrawn);
            const unfolded = redrawn.open;
            redrawn.querySelector("summary").click();  // folded again, and redrawn
            const again = window.TurnkeeperCards.gmTools(ctx, "aria");
            redrawn.remove();
            return [before, unfolded, again.open];
        }""",
        schema,
    )
    assert (folded, unfolded, refolded) == (False, True, False)
    no_page_errors(gm)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_gm_adds_a_combatant_mid_fight_and_removes_it(
    server: Server, browser: Browser, contexts: list[BrowserContext], viewport: ViewportSize
) -> None:
    created = new_game(server, "e133", AMBUSH["setup"])
    gm = open_tracker(browser, contexts,
                      page_url(server, created["game_id"], created["gm_token"]), viewport)
    seq0 = loaded_seq(gm)
    expect(gm.locator("#order li.participant")).to_have_count(4)
    gm.locator("#roster > summary").click()
    form = gm.locator("#roster-form")
    group = form.locator('[data-field="combatant"]')
    group.locator('input[name="id"]').first.fill("wolf")
    group.locator('input[name="name"]').first.fill("Wolf")
    group.locator('input[name="side"]').first.fill("raiders")
    group.locator('input[name="initiative"]').first.fill("30")
    group.locator('input[name="max_hp"]').first.fill("11")
    gm.locator("#roster-add").click()
    expect(gm.locator("#seq")).to_have_text(str(seq0 + 1))
    wolf = card(gm, "wolf")
    expect(wolf).to_be_visible()
    expect(wolf.locator(".hp-text")).to_contain_text("11/11 HP")
    expect(gm.locator(f'#log li[data-seq="{seq0 + 1}"] .event-text').first).to_contain_text(
        "Wolf joins the fight on side raiders, initiative 30")
    if viewport == PHONE:
        assert_no_horizontal_scroll(gm)
    shoot(gm, "gm-add-combatant" + ("-phone" if viewport == PHONE else ""))

    # its id again is refused beside the form
    form = gm.locator("#roster-form")
    form.locator('[data-field="combatant"] input[name="id"]').first.fill("wolf")
    gm.locator("#roster-add").click()
    expect(form.locator(".card-refusal .rule-id")).to_have_text("e133.roster.add")
    expect(form.locator(".card-refusal")).to_contain_text("Refused: ")

    # initiative set from its card: it moves after the others still to act
    wolf = card(gm, "wolf")
    wolf.locator(".gm-card-tools > summary").click()
    wolf.locator(".gm-count").fill("1")
    wolf.locator('button.gm-tool[data-tool="initiative"]').click()
    expect(gm.locator("#seq")).to_have_text(str(seq0 + 2))
    expect(gm.locator("#order li.participant").last).to_have_attribute("data-id", "wolf")

    # removed (after confirming), then back with an undo
    gm.once("dialog", lambda dialog: dialog.accept())
    card(gm, "wolf").locator('button.gm-tool[data-tool="remove"]').click()
    expect(gm.locator("#seq")).to_have_text(str(seq0 + 3))
    expect(card(gm, "wolf")).to_have_count(0)
    gm.locator("#undo").click()
    gm.locator("#confirm-yes").click()
    expect(card(gm, "wolf")).to_have_count(1)
    no_page_errors(gm)


# the League example as it was when these were written (tests/ptu/pinned keeps it unchanged)
LEAGUE = yaml.safe_load((ROOT / "tests" / "ptu" / "pinned" / "league.yaml").read_text("utf-8"))


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_ptu_interrupt_is_prompted_and_answered(
    server: Server, browser: Browser, contexts: list[BrowserContext], viewport: ViewportSize
) -> None:
    created = new_game(server, "ptu", LEAGUE["setup"], seed=7)
    game, gm_token = created["game_id"], created["gm_token"]
    api = server.api
    bob = api.ok("POST", f"/api/games/{game}/seats", {"seat": "bob"}, token=gm_token)["token"]
    steps = [("begin_combat", "gm", {}), ("declare", "bob", {"actions": ["shift"]}),
             ("declare", "alice", {"actions": ["shift"]}),
             ("use_move", "hoppip", {"move": "Quick Attack", "target": "charmander"})]
    for kind, actor, params in steps:
        seq = api.ok("GET", f"/api/games/{game}/state", token=gm_token)["seq"]
        api.ok("POST", f"/api/games/{game}/play", {
            "action": {"kind": kind, "actor": actor, "params": params}, "expected_seq": seq,
        }, token=gm_token)
    window = api.ok("GET", f"/api/games/{game}/state", token=bob)["view"]["window"]
    assert window["provoker"] == "hoppip" and "bob" in window["responders"]

    page = open_tracker(browser, contexts, page_url(server, game, bob), viewport)
    seq0 = loaded_seq(page)
    prompt = page.locator("#reaction")
    expect(prompt).to_be_visible()
    expect(prompt.locator("h3")).to_have_text("bob may react")
    expect(prompt).to_contain_text("hoppip's")
    expect(prompt).to_contain_text("until the end of hoppip's turn")
    expect(card(page, "bob")).to_have_class(re.compile(r"\breacting\b"))
    answer = prompt.locator('form.action-card[data-kind="intercept"]')
    expect(answer).to_have_count(1)
    # the trigger it answers, in words; its id is sent as offered, in no field to edit
    expect(answer.locator('.locked-param[data-param="trigger"]')).to_have_text(
        re.compile(r"^Answers hoppip's (Quick Attack|attack) on charmander$"))
    expect(answer.locator('[name="trigger"]')).to_have_count(0)
    expect(answer).not_to_contain_text(window["trigger"])
    if viewport == PHONE:
        assert_no_horizontal_scroll(page)
    prompt.scroll_into_view_if_needed()
    shoot(page, "ptu-interrupt-prompt" + ("-phone" if viewport == PHONE else ""))
    answer.locator("button.play").click()
    expect(page.locator("#seq")).to_have_text(str(seq0 + 1))
    expect(page.locator(f'#log li[data-seq="{seq0 + 1}"]')).to_contain_text(
        "Bob answers with intercept")
    # answered: no prompt for bob any more
    expect(prompt).to_be_hidden()
    no_page_errors(page)


def test_a_pte_check_on_a_task_the_gm_prepares_from_the_page(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    setup = {"characters": {"ann": {"skills": {"athletics": "adept"}, "player": "north"}}}
    created = new_game(server, "pte", setup)
    game, gm_token = created["game_id"], created["gm_token"]
    north = server.api.ok("POST", f"/api/games/{game}/seats", {"seat": "north"},
                          token=gm_token)["token"]
    gm = open_tracker(browser, contexts, page_url(server, game, gm_token), DESKTOP)
    player = open_tracker(browser, contexts, page_url(server, game, north), PHONE)
    seq0 = loaded_seq(gm)
    task = 'form.action-card[data-kind="check"][data-offer*="Swim the River"]'
    expect(player.locator(task)).to_have_count(0)

    # The GM prepares the task in Other action…'s generated form, as the GM's own actor.
    gm.locator('#actor-list button.p-select[data-id="gm"]').click()
    gm.locator("#free-form > summary").click()
    gm.locator("#free-kind").fill("prepare_task")
    fields = gm.locator("#free-fields")
    fields.locator('input[name="name"]').first.fill("Swim the River")
    fields.locator('input[name="dc"]').first.fill("14")
    fields.locator('input[name="skill"]').first.fill("athletics")
    gm.locator("#free-play").click()
    expect(gm.locator("#seq")).to_have_text(str(seq0 + 1))
    expect(gm.locator(f'#log li[data-seq="{seq0 + 1}"] .event-text')).to_have_text(
        "The GM prepares the task Swim the River (Athletics), DC 14")

    # The player's page offers the check on it live, with its exact odds, and rolls it.
    card = player.locator(task)
    expect(card).to_have_count(1)
    expect(card.locator('.odds li[data-outcome="success"] .odds-fraction')).to_have_text(
        "721/1296")
    assert_no_horizontal_scroll(player)
    card.scroll_into_view_if_needed()
    shoot(player, "pte-prepared-task-phone")
    card.locator("button.play").click()
    expect(player.locator("#seq")).to_have_text(str(seq0 + 2))
    sentence = player.locator(f'#log li[data-seq="{seq0 + 2}"] .event-text').first
    expect(sentence).to_contain_text("Ann rolls Athletics (adept, 4d6)")
    expect(sentence).to_contain_text("vs DC 14")
    no_page_errors(gm)
    no_page_errors(player)


def test_ptu_gm_cards_damage_and_reorder_by_speed(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    created = new_game(server, "ptu", LEAGUE["setup"], seed=7)
    gm = open_tracker(browser, contexts,
                      page_url(server, created["game_id"], created["gm_token"]), DESKTOP)
    seq0 = loaded_seq(gm)
    charmander = card(gm, "charmander")
    expect(charmander.locator(".hp-text")).to_contain_text("32/32 HP")
    charmander.locator(".gm-card-tools > summary").click()
    charmander.locator(".gm-amount").fill("5")
    charmander.locator('button.gm-tool[data-tool="damage"]').click()
    expect(gm.locator("#seq")).to_have_text(str(seq0 + 1))
    expect(card(gm, "charmander").locator(".hp")).to_have_attribute("data-hp", "27")
    expect(gm.locator("body")).to_have_attribute("data-seq", str(seq0 + 1))  # settled
    # ptu's initiative follows Speed: the GM's set_speed puts charmander first
    speed = card(gm, "charmander").locator(".gm-tools")
    speed.locator('input[aria-label="Speed for charmander"]').fill("99")
    speed.locator('button.gm-tool[data-tool="speed"]').click()
    expect(gm.locator("#seq")).to_have_text(str(seq0 + 2))
    expect(gm.locator(f'#log li[data-seq="{seq0 + 2}"] .event-text')).to_have_text(
        "Charmander's Speed is set to 99")
    no_page_errors(gm)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_ptu_gm_adds_and_removes_a_combatant_with_the_buttons(
    server: Server, browser: Browser, contexts: list[BrowserContext], viewport: ViewportSize
) -> None:
    created = new_game(server, "ptu", LEAGUE["setup"], seed=7)
    gm = open_tracker(browser, contexts,
                      page_url(server, created["game_id"], created["gm_token"]), viewport)
    seq0 = loaded_seq(gm)
    before = gm.locator("#order li.participant").count()
    # ptu's add_combatant form, generated from its schema (no initiative: PTU's is Speed)
    gm.locator("#roster > summary").click()
    form = gm.locator("#roster-form")
    group = form.locator('[data-field="combatant"]')
    group.locator('input[name="id"]').first.fill("zubat")
    group.locator('input[name="speed"]').first.fill("40")
    expect(gm.locator("#reroll-all")).to_be_hidden()
    gm.locator("#roster-add").click()
    expect(gm.locator("#seq")).to_have_text(str(seq0 + 1))
    zubat = card(gm, "zubat")
    expect(zubat).to_be_visible()
    expect(gm.locator("#order li.participant")).to_have_count(before + 1)
    expect(gm.locator(f'#log li[data-seq="{seq0 + 1}"]')).to_contain_text("Zubat")
    if viewport == PHONE:
        assert_no_horizontal_scroll(gm)
    shoot(gm, "ptu-gm-add-combatant" + ("-phone" if viewport == PHONE else ""))
    # removed from its card's GM tools, after confirming
    zubat.locator(".gm-card-tools > summary").click()
    gm.once("dialog", lambda dialog: dialog.accept())
    card(gm, "zubat").locator('button.gm-tool[data-tool="remove"]').click()
    expect(gm.locator("#seq")).to_have_text(str(seq0 + 2))
    expect(card(gm, "zubat")).to_have_count(0)
    expect(gm.locator("#order li.participant")).to_have_count(before)
    # a dismissed confirmation removes nothing
    gm.once("dialog", lambda dialog: dialog.dismiss())
    charmander = card(gm, "charmander")
    charmander.locator(".gm-card-tools > summary").click()
    card(gm, "charmander").locator('button.gm-tool[data-tool="remove"]').click()
    expect(card(gm, "charmander")).to_have_count(1)
    expect(gm.locator("#seq")).to_have_text(str(seq0 + 2))
    no_page_errors(gm)


PTE_EXPEDITION = yaml.safe_load((ROOT / "examples" / "pte" / "expedition.yaml").read_text("utf-8"))


def test_pte_team_check_lists_and_maps_are_form_rows_not_json(
    server: Server, browser: Browser, contexts: list[BrowserContext]
) -> None:
    created = new_game(server, "pte", PTE_EXPEDITION["setup"])
    gm = open_tracker(browser, contexts,
                      page_url(server, created["game_id"], created["gm_token"]), PHONE)
    seq0 = loaded_seq(gm)
    # the GM's own team_check offer: its participants are list rows, no JSON box anywhere
    offer = gm.locator('#legal form.action-card[data-kind="team_check"]').first
    expect(offer.locator('[data-field="participants"] .sf-row')).to_have_count(2)
    expect(offer.locator("textarea")).to_have_count(0)
    offer.locator("details.more-params > summary").click()
    expect(offer.locator('[data-field="bonuses"] > button.sf-add')).to_be_visible()
    expect(offer.locator('[data-name="rounds"] input[type="text"]')).to_have_count(1)
    # a per-participant bonus, typed as a key and a number
    offer.locator('[data-field="bonuses"] > button.sf-add').click()
    row = offer.locator('[data-field="bonuses"] .sf-map-row').first
    row.locator("input.sf-key").fill("ash")
    row.locator('input[type="number"]').fill("2")
    assert_no_horizontal_scroll(gm)
    offer.locator("button.play").click()
    expect(gm.locator("#seq")).to_have_text(str(seq0 + 1))
    played = server.api.ok("GET", f"/api/games/{created['game_id']}/log?after={seq0}",
                           token=created["gm_token"])["commands"][0]["action"]
    assert played["kind"] == "team_check" and played["params"]["bonuses"] == {"ash": 2}
    assert sorted(played["params"]["participants"]) == ["ash", "brock"]
    no_page_errors(gm)
