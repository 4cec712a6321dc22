"""The round board's results rows (templates/tournaments/round_board.html, `{% board_rows %}`)
written in Python, as the template's loop wrote them: ~250 rows at 500 pairs, each ~40 template
nodes (variables resolved, escaped and localised one by one, a partial per pair, two
`{% with %}` and an include) took ~60 ms of the page's ~100 ms of CPU. Each value is still
written as `{{ value }}` writes it (localised, then escaped); what differs by format or is
rare, the format's result fragment, an arbiter's decision mark and the players' links, is still
its own template, included as `{% include %}` does, with the page's context."""

from typing import Any

from django import template
from django.template.context import Context
from django.utils import formats
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext

from tournaments.models import Pair, Table
from tournaments.templatetags.numbers import points_text

register = template.Library()

STATE_CLASS = {"done": "done", "in_progress": "in-progress"}
"""A table's state badge's class by its status (any other: not-started)."""


def _text(value: Any) -> str:
    """`{{ value }}`: localised, then escaped."""
    return str(conditional_escape(formats.localize(value)))


def _pair_cell(pair: Pair | None) -> str:
    """The template's `pair-cell` partial."""
    if not pair:
        return "–"
    return f'<span class="num-label">{_text(pair.number)}</span> {_text(pair.names)}'


def _pairs(table: Table, direction: str) -> str:
    """A side's pair (and an individual table's partner after it)."""
    cell = _pair_cell(getattr(table, direction))
    partner = getattr(table, f"{direction}_partner")
    return f"{cell} – {_pair_cell(partner)}" if partner else cell


def _girone(table: Table) -> str:
    if not table.girone:
        return ""
    return f' <span class="badge girone">{_text(table.girone.name)}</span>'


@register.simple_tag(takes_context=True)
def board_rows(context: Context) -> SafeString:
    """The results table's rows, a bye's and a played table's, in the board's order."""
    tournament = context["tournament"]
    words, format_ = tournament.words, tournament.play_format
    engine = context.template.engine  # type: ignore[union-attr]
    result = engine.get_template(format_.templates["board_table_result"])
    mark_template = engine.get_template("tournaments/_decision_mark.html")
    links = engine.get_template("tournaments/players/_board_links.html")
    players_enter = context.get("players_enter")
    mp_label = pgettext("match points", "MP")  # `{% translate %}` of a literal: not escaped
    heading = _text(format_.result_heading)
    ns_label, ew_label = _text(words["ns"]), _text(words["ew"])
    table_url = _text(context["urls"]["table"])
    check, enter = gettext("Check"), gettext("Enter results")
    decision = gettext("Arbiter's decision")
    sits_out, bye_word = gettext("sits out"), _text(capfirst(words["bye_table"]))
    statuses: dict[str, str] = {}
    rows = []
    for table in context["tables"]:
        if table.is_bye:
            rows.append(
                '      <tr class="bye">\n'
                f'        <td class="table-number">–{_girone(table)}</td>\n'
                f'        <td colspan="2" class="sits-out">{_pair_cell(table.ns)}'
                f" {sits_out}</td>\n"
                f'        <td class="state"><span class="badge done">'
                f"{bye_word}</span></td>\n"
                f'        <td class="num score mp" data-label="{mp_label}">'
                f"{_text(points_text(table.ns_mp))}</td>\n"
                f'        <td class="score result" data-label="{heading}">'
                f"{_text(format_.bye_short_text())}</td>\n"
                '        <td class="action"></td>\n'
                "      </tr>"
            )
            continue
        if players_enter:
            entry_state, label = _text(table.entry_state), _text(table.entry_state_label)
            state = f'<span class="badge {entry_state}">{label}</span>'
        else:
            if table.status not in statuses:
                statuses[table.status] = _text(table.get_status_display())
            badge = STATE_CLASS.get(table.status, "not-started")
            state = f'<span class="badge {badge}">{statuses[table.status]}</span>'
        if table.status == "not_started":
            mp = "–"
        else:
            mp = f"{_text(points_text(table.ns_mp))} – {_text(points_text(table.ew_mp))}"
        address = f"{table_url}{conditional_escape(str(table.pk))}/"
        with context.push(table=table):
            outcome = result.render(context)
            marks = ""
            for mark in getattr(table, "decision_marks", []):
                with context.push(mark=mark):
                    marks += f"{mark_template.render(context)} "
            own_links = links.render(context) if players_enter else ""
        done = table.status == "done"
        rows.append(
            f'      <tr class="{"done" if done else ""}">\n'
            f'        <td class="table-number">{_text(table.number)}{_girone(table)}</td>\n'
            f'        <td class="pair pair-ns" data-label="{ns_label}">{_pairs(table, "ns")}</td>\n'
            f'        <td class="pair pair-ew" data-label="{ew_label}">{_pairs(table, "ew")}</td>\n'
            f'        <td class="state">{state}</td>\n'
            f'        <td class="num score mp" data-label="{mp_label}">{mp}</td>\n'
            f'        <td class="score result" data-label="{heading}">\n'
            f"          {outcome}\n"
            "        </td>\n"
            f'        <td class="action"><a class="button" href="{address}">'
            f"{check if done else enter}</a>\n"
            f'          {marks}<a class="button" href="{address}decision/?back=board">'
            f"{decision}</a>\n"
            f"          {own_links}</td>\n"
            "      </tr>"
        )
    return mark_safe("\n".join(rows))  # every value is escaped as the template escapes it
