"""What a table's page shows, for the organiser's table page (`organiser/entry.py`) and a pair's
link (`players.py`) alike: the deals with their running totals, the table's score, and the
engine's verdict on what is typed, each problem placed beside the side (or meld line) it is
about, in the form's words."""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from scoring import DealResult, InvalidDeal, RuleSet, analyse_meld, parse_card
from scoring.cards import CardError
from scoring.melds import MeldError
from scoring.problems import Problem
from tournaments import services
from tournaments.forms.entry import (
    SIDES,
    CardSideForm,
    DealForm,
    EntryForms,
    card_texts,
    entry_forms,
    meld_lines,
)
from tournaments.forms.sheet_total import written_totals
from tournaments.models import Pair, Table
from tournaments.rules.entry import opening_needed
from tournaments.rules.glossary import words_for
from tournaments.rules.problem_text import problem_text
from tournaments.selectors.table import TablePage, TableToSave
from tournaments.templatetags.game_words import burracos_in
from tournaments.templatetags.numbers import points_text

NS, EW = "ns", "ew"


def side_names(variant: str = "classico") -> dict[str, str]:
    """The two sides as the reader's language names them: N-S and E-W, N-S and E-O …"""
    words = words_for(variant)
    return {NS: words["ns"], EW: words["ew"]}


SHAPES = {
    "run": pgettext_lazy("meld", "run"),
    "set": pgettext_lazy("meld", "set"),
    "wild": pgettext_lazy("meld", "wild cards"),
}


def burracos_in_words(kinds: list[str], variant: str) -> str:
    """The burracos of a side, the most valuable kind first: "clean burraco, dirty burraco ×2"
    (as the pair page writes them: `game_words.burracos_in`)."""
    return burracos_in(kinds, words_for(variant))


def pot_text(pot: str) -> str:
    texts = {
        "taken": pgettext("the pot", "taken"),
        "not_taken": pgettext("the pot", "not taken"),
        "taken_unplayed": pgettext("the pot", "taken, not played"),
    }
    return texts.get(pot, pot)


# --- what the page shows -------------------------------------------------------------------------


def deal_rows(page: TablePage) -> list[dict[str, Any]]:
    """Every deal with its two sides (N-S first) and each side's running total."""
    rows, running = [], {NS: 0, EW: 0}
    labels = side_names(page.tournament.variant)
    for deal in page.deals:
        sides = []
        for side in sorted(deal.sides.all(), key=lambda s: s.direction != NS):
            running[side.direction] += side.total
            sides.append(
                {
                    "label": labels[side.direction],
                    "row": side,
                    "running": running[side.direction],
                    "burracos": burracos_in_words(side.burracos, page.tournament.variant),
                    "pot": pot_text(side.pot),
                }
            )
        rows.append({"deal": deal, "sides": sides})
    return rows


def standing_of(page: TablePage) -> dict[str, Any]:
    """The table's score now, for its format's fragment (formats/<slug>/table_standing.html):
    the totals (MP), the VP where the format gives them, provisional or final; where the table
    plays a match, its target, its winner and what each side's next opening needs. A table
    whose result a decision set shows that result, final."""
    standing = _standing_of_deals(page)
    if not page.decided:
        return standing
    table = page.table
    decided = {"mp": (table.ns_mp, table.ew_mp), "provisional": False}
    if table.ns_vp is not None and table.ew_vp is not None:
        decided["vp"] = (table.ns_vp, table.ew_vp)
    return standing | decided


def _standing_of_deals(page: TablePage) -> dict[str, Any]:
    table, rules, result = page.table, page.rules, page.result
    totals = page.running_before(10**6)
    standing: dict[str, Any] = {
        "totals": totals,
        "mp": totals,
        "target": page.play_format.match_target(),
        "provisional": table.status != Table.Status.DONE,
        "played": len(page.deals),
    }
    if result is None:  # deals that make no match: the totals, and what is wrong (no_entry)
        return standing
    openings, words = [], words_for(page.tournament.variant)
    labels = side_names(page.tournament.variant)
    for key, running in zip((NS, EW), totals, strict=True):
        points = opening_for(page, running)
        if points > 0 and not result.done and rules.opening is not None:
            values = {
                "side": labels[key],
                "points": points_text(points),
                "burraco": words["burraco"],
            }
            text = (
                gettext("%(side)s must open with at least %(points)s points or a %(burraco)s.")
                if rules.opening.canasta_suffices
                else gettext("%(side)s must open with at least %(points)s points.")
            )
            openings.append(text % values)
    winner = result.winner or None
    won, lost = totals if winner != EW else tuple(reversed(totals))
    return standing | {
        "vp": (result.ns_vp, result.ew_vp),
        "winner": winner and labels[winner],
        "winner_pair": winner and page.pairs[winner],
        "won": won,
        "lost": lost,
        "openings": openings,
    }


# --- the engine's problems, placed --------------------------------------------------------------

FORM_WORDS = {
    "opening.give_points": gettext_lazy(
        "{side} {opening_need}: give the opening points, or tick “opened with a canasta”"
    ),
    "opening.say_which_melds": gettext_lazy(
        "{side} {opening_need}: give the lines of the melds it laid down first, or the opening "
        "points"
    ),
    "opening.melds_and_points": gettext_lazy(
        "{side}: give the lines of the melds laid down first or the opening points, not both"
    ),
    "pot.needs_value": gettext_lazy(
        "{side} did not take its {pot_word}: in {variant_name} it costs the value of its cards, "
        "so give the points in the pot"
    ),
}
"""The form's wording of the engine's problems whose contract wording names JSON fields."""
FORM_FIELDS = {
    "hand": gettext_lazy("hand:"),
    "closing_discard": gettext_lazy("closing discard:"),
}
"""Fields the form names in words rather than by the contract's name."""


def side_label(number: int) -> str:
    """The engine's side 1 and side 2 as the page names them (N-S, E-W in the reader's words)."""
    if number in (1, 2):
        return side_names()[(NS, EW)[number - 1]]
    return gettext("side %(number)s") % {"number": number}


def in_words(problem: Problem | str, variant: str = "") -> str:
    """A problem of the engine (placed by its data) or a service's message, in the form's
    words and the reader's language, the sides named N-S and E-W, the game's own words for
    its burraco and its pot."""
    text = (
        problem
        if isinstance(problem, str)
        else problem_text(
            problem,
            variant=variant or str(problem.params.get("variant", "")),
            side_name=side_label,
            templates={code: str(words) for code, words in FORM_WORDS.items()},
            field_names={name: str(words) for name, words in FORM_FIELDS.items()},
        )
    )
    return text[:1].upper() + text[1:]


@dataclass
class MeldLine:
    number: int
    text: str
    reading: str = ""
    problems: list[str] = field(default_factory=list)


@dataclass
class SideView:
    key: str
    label: str
    pair: Pair | None
    form: Any
    opening_needed: int
    problems: list[str] = field(default_factory=list)
    melds: list[MeldLine] = field(default_factory=list)
    result: Any = None
    partner: Pair | None = None
    """An individual table's second player of the side (South, West); None for pairs."""


@dataclass
class Feedback:
    sides: list[SideView]
    top: list[str] = field(default_factory=list)
    result: DealResult | None = None
    after: dict[str, Any] = field(default_factory=dict)


def feedback_for(
    page: TablePage,
    entry: EntryForms,
    number: int,
    problems: Sequence[Problem | str] = (),
    result: DealResult | None = None,
) -> Feedback:
    """The engine's verdict laid out for the form: each problem by the side (or meld line) it
    is about, the others (and the services' messages) on top; in card mode, what each meld line
    reads as."""
    before = page.running_before(number)
    sides = [
        SideView(
            key,
            label,
            page.pairs[key],
            entry.sides[key],
            opening_for(page, before[i]),
            partner=page.table.partner(key),
        )
        for i, (key, label) in enumerate(side_names(page.tournament.variant).items())
    ]
    feedback = Feedback(sides=sides, result=result)
    for view in sides:
        if isinstance(view.form, CardSideForm) and view.form.is_bound and view.form.is_valid():
            lines = meld_lines(view.form.cleaned_data["melds"])
            view.melds = [MeldLine(n, line) for n, line in enumerate(lines, 1)]
    if entry.deal.is_bound:
        for hidden in entry.deal.hidden_fields():
            feedback.top.extend(f"{capfirst(hidden.label)}: {e}" for e in hidden.errors)
    variant = page.tournament.variant
    for problem in problems:
        at = problem.side if isinstance(problem, Problem) else None
        side = sides[at - 1] if at in (1, 2) else None
        line = (problem.meld or 0) if isinstance(problem, Problem) else 0
        if side is None:
            feedback.top.append(in_words(problem, variant))
        elif 0 < line <= len(side.melds):
            side.melds[line - 1].problems.append(in_words(problem, variant))
        else:
            side.problems.append(in_words(problem, variant))
    for index, view in enumerate(sides):
        view.result = result.sides[index] if result is not None else None
        _read_melds(view.melds, page.rules, view.result.melds if view.result else None)
    return feedback


def opening_for(page: TablePage | TableToSave, running: int) -> int:
    return opening_needed(page.play_format, running)


def _read_melds(lines: list[MeldLine], rules: RuleSet, melds: Any) -> None:
    """What the engine made of each meld line: from the scored deal, or, when the deal could
    not be scored as a whole, from the engine's reading of that line alone."""
    words = words_for(rules.slug)
    for index, line in enumerate(lines):
        if line.problems:
            continue
        try:
            meld = (
                melds[index]
                if melds
                else analyse_meld([parse_card(code) for code in card_texts(line.text)], rules)
            )
        except (CardError, MeldError) as error:
            line.problems.append(
                problem_text(error.problem, variant=rules.slug, side_name=side_label)
            )
            continue
        what = words.kind(meld.burraco) if meld.burraco else SHAPES.get(meld.shape, meld.shape)
        line.reading = gettext("%(what)s, %(points)s points") % {
            "what": what,
            "points": points_text(meld.points),
        }


# --- scoring what is typed, without saving -----------------------------------------------------


def _after(page: TablePage, preview: services.DealPreview) -> dict[str, Any]:
    """The table's score once this deal is in: MP, the VP where the format gives them, and the
    match's target and winner where it plays one."""
    winner = side_names(page.tournament.variant)[preview.winner] if preview.winner else None
    return {
        "mp": preview.mp,
        "vp": preview.vp,
        "winner": winner,
        "target": page.play_format.match_target(),
    }


def check_typed(page: TablePage, entry: EntryForms, number: int) -> Feedback:
    if not entry.is_valid():
        return feedback_for(page, entry, number)
    try:
        preview = services.deal_preview(
            table=page.table,
            number=number,
            sides=entry.contract_sides(),
            written=written_totals(entry.sides),
        )
    except InvalidDeal as error:
        return feedback_for(page, entry, number, error.problems)
    except services.ServiceError as error:
        return feedback_for(page, entry, number, error.problems or error.messages)
    feedback = feedback_for(page, entry, number, result=preview.result)
    feedback.after = _after(page, preview)
    return feedback


# --- the entry forms of a deal at this table ----------------------------------------------------


def entry_for(
    page: TablePage | TableToSave,
    number: int,
    mode: str,
    data: Any = None,
    initial: Any = None,
    *,
    sheet_total: bool = False,
) -> EntryForms:
    """The forms of deal `number`, asking each side's opening where its running score needs
    one (and, on the organiser's page, `sheet_total`: the total the sheet gives)."""
    before = page.running_before(number)
    opening = {key: opening_for(page, before[i]) > 0 for i, key in enumerate(dict(SIDES))}
    return entry_forms(
        mode=mode,
        rules=page.rules,
        opening=opening,
        data=data,
        initial=initial,
        sheet_total=sheet_total,
    )


def posted_entry(
    page: TablePage | TableToSave, data: Any, *, sheet_total: bool = False
) -> tuple[EntryForms, int]:
    """The forms bound to what was posted, and the deal number they are about."""
    try:  # read as the deal form reads it, so that both agree on which deal this is
        number = DealForm.base_fields["number"].clean(data.get("number"))
    except ValidationError:
        number = page.next_number or 1
    mode = str(data.get("mode", "summary"))
    return entry_for(page, number, mode, data=data, sheet_total=sheet_total), number


def focus_first_error(entry: EntryForms) -> bool:
    """A refused save (or send) moves the keyboard's focus to the first field with an error
    (htmx and the browser focus an `autofocus` element of what they show); without one, to the
    page's "not saved" (or "not sent") alert. True when a field takes it."""
    for bound in entry.fields():
        if bound.errors and not bound.is_hidden:
            bound.field.widget.attrs["autofocus"] = True
            return True
    return False
