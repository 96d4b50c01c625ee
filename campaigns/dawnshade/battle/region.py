"""The battle page's live region, written in Python section by section.

Every tap on the Battle Mat redraws this region on all four phones, and as a template it
spent more time in the engine's variable lookups, ``if`` nodes and tags (about eighty
lookups a draw) than in everything it read. Each section here draws what the template drew,
every value escaped (``fast_escape``); the closed panels' forms are the same functions the
``?panel=NAME`` fragments use. tests/dawnshade/battle_pages/test_battle_region.py reads the
region in each state of a battle.
"""

from django.utils.safestring import mark_safe

from campaigns.dawnshade.region_page import (
    RegionPage,
    details_panel,
    no_kinship,
    panel_body,
    refusals,
    region_top,
)
from campaigns.dawnshade.templatetags.dawnshade import (
    battle_stack_rows,
    fields,
    foe_library_items,
    outcome_name,
    roman,
    rule,
)
from campaigns.table.field_tags import checkbox_field, field, form_errors
from campaigns.table.form_renderer import fast_escape as e
from campaigns.table.templatetags.table import list_items, live_region

REGION_ID = "dawnshade-battle"


class _Page(RegionPage):
    """The battle page's context, with its read-model (``queries_battle.BattleView``)."""

    def __init__(self, context):
        super().__init__(context, "dawnshade:battle")
        self.view = context["view"]


def draw_region(context) -> str:
    """The whole live region (``<div id="dawnshade-battle">``), as the page and every battle
    action's htmx answer draw it."""
    page = _Page(context)
    view = page.view
    battle = view.battle
    if battle:
        phase, turn_number = e(battle.phase), e(battle.turn_number or 0)
    else:
        phase, turn_number = ("setup" if view.can_set_up else "none"), "0"
    body = _kinship_sections(page) if view.kinship else no_kinship(page)
    return mark_safe(
        f'<div id="{REGION_ID}" {live_region(context, "dawnshade:battle", page.campaign.id)} '
        f'data-turn-number="{turn_number}" data-battle-phase="{phase}">\n'
        f"{region_top(page)}\n{refusals(context)}\n{body}\n</div>"
    )


def draw_panel(context, name: str) -> str:
    """The forms of one closed panel (``shields``, ``conditions`` or ``foes``): what htmx
    fetches when the player opens it, and what the region holds when it is drawn open."""
    return mark_safe(PANELS[name](_Page(context)))


def _kinship_sections(page) -> str:
    view = page.view
    if view.battle:
        sections = [_heading(page)]
        if view.fighting:
            sections.append(_initiative(page))
        sections.append(_stacks(page))
        if view.fighting and page.can_write and not view.result:
            sections.append(_dice(page))
            sections.append(_target(page))
            sections.append(
                details_panel(
                    page,
                    "conditions",
                    "Conditions, combos and specials",
                    _conditions_forms,
                    card=True,
                )
            )
        elif view.fighting and view.last_target:  # a viewer follows the Target Deck too
            sections.append(_last_target(view))
        if view.result and page.can_write:
            sections.append(_outcome(page))
        if view.finished and page.can_write:
            sections.append(_reset(page))
        if view.reset:
            sections.append(_vaki_return(page))
        if view.draw_summaries:
            sections.append(
                '<section class="card" aria-labelledby="battle-draws">\n'
                '  <h2 id="battle-draws">Battle draws</h2>\n'
                f'  <ol class="small" data-battle-draws>{list_items(view.draw_summaries)}</ol>\n'
                "</section>"
            )
    elif view.can_set_up:
        sections = [_setup(page)]
    else:
        sections = [
            '<section class="card"><p>The Kinship is not on a Battle or Major Threat tile. '
            f'<a href="{page.url("dawnshade:turn")}">The turn</a></p></section>'
        ]
    sections.append(_foe_library(page))
    return "\n\n".join(sections)


def _heading(page) -> str:
    view, battle = page.view, page.view.battle
    title = "Major Threat" if view.major_threat else "Battle"
    lines = [
        '<section class="card" aria-labelledby="battle-head">',
        f'  <h2 id="battle-head">{title} {rule("battles")}</h2>',
    ]
    if view.fighting:
        initiative = battle.initiative
        lines.append(
            f"  <p>Round <strong data-round>"
            f"{e(initiative.current_round or initiative.rounds_total)}</strong> of "
            f"{e(initiative.rounds_total)}; <span data-rounds-left>"
            f"{e(initiative.rounds_left)}</span> left on the round marker. "
            f"{rule('initiative-stack')}</p>"
        )
        turn = view.turn
        if turn:
            whose = ""
            if turn.side == "ally":
                whose = " (Ally chip: the Active Player)"
            elif turn.chip != roman(turn.position):
                whose = f" (chip {e(turn.chip)}: that foe is KO'd, the next living foe goes)"
            lines.append(f"  <p>Turn: <strong data-turn>{e(view.turn_name)}</strong>{whose}</p>")
    if battle.note:
        lines.append(
            f'  <p class="note" data-logbook-note><strong>Logbook:</strong> {e(battle.note)}</p>'
        )
    if view.finished or view.reset:
        lines.append(
            f'  <p data-outcome="{e(battle.outcome)}">Outcome: <strong>'
            f"{e(outcome_name(battle.outcome))}</strong>, recorded in the quest log. "
            f"{rule('victory-and-defeat')}</p>"
        )
    lines.append("</section>")
    return "\n".join(lines)


def _initiative(page) -> str:
    view = page.view
    lines = [
        '<section class="card" aria-labelledby="battle-initiative">',
        f'  <h2 id="battle-initiative">Initiative {rule("initiative-stack")}</h2>',
        f"  <p>Stack (top first): <span data-initiative-stack>{e(view.stack_summary)}</span></p>",
        f"  <p>In the Dawnshade Bag: <span data-initiative-bag>{e(view.bag_summary)}</span></p>",
        f"  <p>Discard: <span data-initiative-discard>{e(view.discard_summary)}</span></p>",
    ]
    if page.can_write and not view.result:
        turn_form = page.form("turn")
        inner = f"{form_errors(turn_form)}{turn_form['turn_number']}{turn_form['turn_key']}"
        if view.needs_ko_choice or turn_form.errors:
            inner += (
                "<p class=\"warning\">The Active Player's character is KO'd: the rulebook does "
                f"not say who plays the Ally chip. {rule('ally-turn')} "
                f"{rule('ko-active-player-not-printed', 'Not printed')}</p>"
                f"{field(turn_form['ko_ally_choice'])}"
            )
        ending = f": end {e(view.turn_name)}'s turn" if view.turn_name else ""
        inner += f'\n    <button type="submit">Next turn{ending}</button>\n'
        lines.append(page.post_form("dawnshade:battle_end_turn", inner, "end-turn"))
        formation_form = page.form("formation")
        inner = (
            f"{form_errors(formation_form)}{formation_form['turn_number']}\n"
            '    <button type="submit" class="secondary">Formation Change (Defense Special '
            f"Symbol)</button> {rule('formation-change')}\n"
        )
        lines.append(page.post_form("dawnshade:battle_formation_change", inner))
    lines.append("</section>")
    return "\n".join(lines)


def _stacks(page) -> str:
    return (
        '<section class="card" aria-labelledby="battle-stacks">\n'
        f'  <h2 id="battle-stacks">Battle stacks {rule("ally-battle-stacks")} '
        f"{rule('foe-battle-stacks', 'Foes')}</h2>\n"
        '  <div class="table-scroll" tabindex="0" role="region" aria-label="Battle stacks">\n'
        "  <table>\n"
        '    <thead><tr><th scope="col">Stack</th><th scope="col">HP</th>'
        '<th scope="col">Shields</th><th scope="col">Conditions</th>'
        '<th scope="col">Combo</th></tr></thead>\n'
        f"    <tbody>\n{battle_stack_rows(page.view.stack_rows)}\n    </tbody>\n"
        "  </table>\n  </div>\n"
        '  <p class="small">Damage comes off the bottom: shields, then HP; a Cogbot Fighter or '
        "Cogbehemoth that falls absorbs the rest of the blow and leaves 1 HP. "
        f"{rule('shields')} {rule('cogbot-fighter', 'Cogbot Fighter')} "
        f"{rule('cogbehemoth', 'Cogbehemoth')}</p>\n"
        "</section>"
    )


def _dice(page) -> str:
    damage = page.form("damage")
    inner = (
        f"{form_errors(damage)}{field(damage['target'])}{field(damage['hits'])}"
        f"{field(damage['attacker'])}{field(damage['evade'])}"
        '\n    <button type="submit">Apply damage</button>\n'
    )
    return (
        '<section class="card" aria-labelledby="battle-hits">\n'
        f'  <h2 id="battle-hits">Dice rolled {rule("battle-dice")}</h2>\n'
        '  <p class="small">The battle dice\'s faces are not printed: roll the real dice and '
        f"enter the hits. {rule('conditions', 'Conditions')}</p>\n"
        f"  {page.post_form('dawnshade:battle_damage', inner, 'damage')}\n"
        f"  {details_panel(page, 'shields', 'Defense hits: shields', _shields_forms)}\n"
        "</section>"
    )


def _shields_forms(page) -> str:
    shields = page.form("shields")
    inner = (
        f"{form_errors(shields)}{field(shields['target'])}{field(shields['hits'])}"
        f"{checkbox_field(shields['cogbehemoth'])}"
        '\n    <button type="submit">Add shields</button>\n'
    )
    return page.post_form("dawnshade:battle_shields", inner, "shields")


def _target(page) -> str:
    view = page.view
    if view.turn and view.turn.side == "foe":
        target = page.form("target")
        last = (
            f"; last revealed: <strong data-last-target>{e(view.last_target)}</strong>"
            if view.last_target
            else ""
        )
        inner = (
            f"{form_errors(target)}{target['turn_number']}"
            f"{field(target['when_empty'])}{field(target['when_knocked_out'])}"
            '\n    <button type="submit">Reveal a Target Card</button>\n'
        )
        return (
            '<section class="card" aria-labelledby="battle-target">\n'
            f'  <h2 id="battle-target">Target Deck {rule("target-deck")}</h2>\n'
            f"  <p><span data-target-cards-left>{e(view.target_cards_left)}</span> cards left"
            f"{last}.</p>\n"
            '  <p class="small">When the deck runs out or a card names a KO\'d character, the '
            "rulebook does not say what then: choose below, and the choice goes in the log. "
            f"{rule('target-deck-runs-out-not-printed', 'Not printed')}</p>\n"
            f"  {page.post_form('dawnshade:battle_target', inner, 'target')}\n"
            "</section>"
        )
    return _last_target(view) if view.last_target else ""


def _last_target(view) -> str:
    return (
        f'<p class="card">Last Target Card: <strong data-last-target>{e(view.last_target)}'
        f"</strong>; {e(view.target_cards_left)} left. {rule('target-deck')}</p>"
    )


def _conditions_forms(page) -> str:
    condition, rings = page.form("condition"), page.form("rings")
    fire, special, miss = page.form("fire"), page.form("special"), page.form("miss")
    return "\n".join(
        [
            page.post_form(
                "dawnshade:battle_condition",
                f"{form_errors(condition)}{field(condition['target'])}"
                f"{field(condition['condition'])}"
                '\n    <button type="submit">Place the condition</button> '
                f"{rule('condition-list')}\n",
                "condition",
            ),
            page.post_form(
                "dawnshade:battle_combo_rings",
                f"{form_errors(rings)}{field(rings['character'])}{field(rings['flame'])}"
                f"{field(rings['thorn'])}"
                '\n    <button type="submit">Add to the combo meter</button> '
                f"{rule('combo-meter')}\n",
                "rings",
            ),
            page.post_form(
                "dawnshade:battle_combo_fire",
                f"{form_errors(fire)}{field(fire['flame_by'])}{field(fire['thorn_by'])}"
                '\n    <button type="submit">Fire the combo</button>\n',
                "fire",
            ),
            page.post_form(
                "dawnshade:battle_special",
                f"{form_errors(special)}{field(special['stack'])}"
                '\n    <button type="submit">Special ability fires</button> '
                f"{rule('special-ability')}\n",
                "special",
            ),
            page.post_form(
                "dawnshade:battle_miss_card",
                f"{form_errors(miss)}"
                '\n    <button type="submit" class="secondary">Miss blessing: add a Miss card'
                f"</button> {rule('watchers-blessings')}\n",
            ),
        ]
    )


def _outcome(page) -> str:
    view = page.view
    reward, result = view.reward, view.result
    finish = page.form("finish")
    if reward.ignored:
        said = (
            "  <p>The campaign's last Major Threat: the Logbook's rewards are ignored. "
            f"{rule('rewards-at-the-conclusion')}</p>"
        )
        entries = ""
    else:
        if reward.xp is not None:
            xp = f"{e(reward.xp)} XP printed"
        else:
            xp = "the XP is not printed: enter it from the Logbook"
        tawny = "; Tawny from the Logbook (0 if none)" if "tawny" in reward.needs_entry else ""
        said = (
            f'  <p class="small">{e(view.kinship.get_mode_display())}: {xp}{tawny}. '
            f"{rule('logbook-rewards-not-printed')}</p>"
        )
        entries = field(finish["xp"]) if "xp" in reward.needs_entry else ""
        entries += fields(finish.tawny_fields) + field(finish["loot_shoot_items"])
    inner = (
        f"{form_errors(finish)}{finish['turn_number']}{entries}"
        '\n    <button type="submit">Record the outcome and earn the rewards</button>\n'
    )
    return (
        '<section class="card" aria-labelledby="battle-outcome">\n'
        '  <h2 id="battle-outcome">The battle is decided: <span data-result='
        f'"{e(result.outcome)}">{e(outcome_name(result.outcome))}</span> '
        f"{rule('victory-and-defeat')}</h2>\n"
        f"  <p>Allies <strong data-ally-total>{e(result.ally_total)}</strong>, foes <strong "
        f"data-foe-total>{e(result.foe_total)}</strong> HP and shield chips (ties go to the "
        "foes).</p>\n"
        f"{said}\n"
        f"  {page.post_form('dawnshade:battle_finish', inner, 'finish')}\n"
        "</section>"
    )


def _reset(page) -> str:
    reset = page.form("reset")
    inner = f'{form_errors(reset)}\n    <button type="submit">Reset the battle</button>\n'
    return (
        '<section class="card" aria-labelledby="battle-reset">\n'
        f'  <h2 id="battle-reset">Reset {rule("reset-and-return-vaki")}</h2>\n'
        "  <p>Stacks back to their starting HP and shields, combo meters to 0, unresolved "
        "conditions removed, a KO'd Cogbot Fighter gone, the Cogbehemoth's chips discarded."
        "</p>\n"
        f"  {page.post_form('dawnshade:battle_reset', inner)}\n"
        "</section>"
    )


def _vaki_return(page) -> str:
    held = "".join(
        f'<li data-vaki-held="{e(character.pk)}">{e(character.name)}: '
        f"{e(character.vaki_held or 'no väki')}</li>"
        for character in page.view.characters
    )
    form = ""
    if page.can_write:
        vaki = page.form("vaki")
        inner = (
            f"{form_errors(vaki)}{field(vaki['character'])}{field(vaki['element'])}"
            f"{field(vaki['condition_to'])}{fields(vaki.balanced_fields)}"
            '\n    <button type="submit">Return 1 väki</button>\n'
        )
        form = page.post_form("dawnshade:battle_vaki_return", inner, "vaki")
    return (
        '<section class="card" aria-labelledby="battle-vaki">\n'
        f'  <h2 id="battle-vaki">Return väki {rule("reset-and-return-vaki")}</h2>\n'
        "  <p>Each väki returned raises its Watcher's alignment by 1, with the shift's benefit. "
        f'Combine or split first on the <a href="{page.url("dawnshade:mat")}">Väki Mat</a> '
        f"for the most favourable alignment. {rule('alignment-shift-benefits')}</p>\n"
        f"  <ul>{held}</ul>\n"
        f"  {form}\n"
        f'  <p><a href="{page.url("dawnshade:turn")}">Back to the turn</a></p>\n'
        "</section>"
    )


def _setup(page) -> str:
    view = page.view
    allies = "".join(_ally_item(character) for character in view.characters)
    form = ""
    if page.can_write and view.foes:
        setup = page.form("setup")
        inner = (
            f"{form_errors(setup)}{setup['visit_id']}\n"
            f"    <fieldset><legend>Foes by ring</legend>{fields(setup.ring_fields)}</fieldset>"
            f"{field(setup['rounds'])}{field(setup['note'])}{field(setup['miss_cards'])}"
            f"{field(setup['imprecise_rounding'])}{field(setup['behemoth_with_fighter'])}\n"
            '    <p class="small">The rulebook leaves these two readings and the Miss cards\' '
            f"number open. {rule('imprecise-and-cogbehemoth-readings', 'Readings')} "
            f"{rule('target-deck-runs-out-not-printed', 'Miss cards')}</p>\n"
            f"{checkbox_field(setup['cogbehemoth'])}"
            '\n    <button type="submit">Begin the battle</button>\n'
        )
        form = page.post_form("dawnshade:battle_setup", inner, "setup")
    elif page.can_write:
        form = "<p>Add the foes to the campaign's foe library first.</p>"
    return (
        '<section class="card" aria-labelledby="battle-setup">\n'
        f'  <h2 id="battle-setup">Set up the {e(view.visit.tile.name)} {rule("battles")}</h2>\n'
        '  <p class="small">Foes go on rings I-VII in the order the Logbook lists them. '
        f"{rule('foe-chip-stats-not-printed')}</p>\n"
        f"  <ul>{allies}</ul>\n"
        f"  {form}\n"
        "</section>"
    )


def _ally_item(character) -> str:
    shields = character.shields
    carried = f"; carries {e(', '.join(character.carried))}" if character.carried else ""
    return (
        f'<li data-ally="{e(character.seat)}">{e(character.name)}: HP '
        f"{e(character.stats_now['hp'])}, {e(shields)} shield{'' if shields == 1 else 's'}"
        f"{carried}</li>"
    )


def _foe_library(page) -> str:
    foes = page.view.foes
    forms = ""
    if page.can_write:
        forms = panel_body(page, "foes", _foes_forms)
    opened = " open" if page.panels["foes"] else ""
    return (
        f'<details class="card" id="panel-foes"{opened}><summary>Foe library ({len(foes)})'
        f"</summary>\n  <ul data-foe-library>{foe_library_items(foes)}</ul>\n  {forms}\n"
        "</details>"
    )


def _foes_forms(page) -> str:
    foe = page.form("foe")
    inner = (
        f"{form_errors(foe)}{field(foe['name'])}{field(foe['faction'])}{field(foe['hp'])}"
        f"{field(foe['sld'])}{field(foe['atk'])}{field(foe['defense'])}"
        f"{field(foe['special'])}"
        '\n    <button type="submit">Add to the foe library</button>\n'
    )
    return page.post_form("dawnshade:battle_foe_add", inner, "foe")


PANELS = {
    "shields": _shields_forms,
    "conditions": _conditions_forms,
    "foes": _foes_forms,
}
