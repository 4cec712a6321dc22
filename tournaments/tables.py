"""django-tables2 tables: one class per listing, so a page and its CSV export (TableExport) show
the same columns and can never disagree. Every number is read from stored fields; nothing here
computes a score."""

from collections.abc import Callable
from typing import Any, ClassVar

import django_tables2 as tables
from django.template.loader import render_to_string
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django_stubs_ext import StrOrPromise

from tournaments.models import Pair, Tournament
from tournaments.quick_table import QuickBody
from tournaments.rules.formats import FORMATS
from tournaments.rules.shapes import Shape, Shaped
from tournaments.selectors.decisions import Mark, pair_file_texts
from tournaments.selectors.phases import latest_girone_names
from tournaments.templatetags.numbers import points_text

EXTRA_COLUMNS = tuple(dict.fromkeys(c for f in FORMATS.values() for c in f.extra_columns))
"""Columns only some formats export (`PlayFormat.extra_columns`)."""


class _NamedCells:
    """Every cell of a column carries the column's name as a class (`col-vp`, `col-players`),
    so the style sheets can fit the table to a phone (public.css hides what can go) whatever
    the order of the columns."""

    def get_column_class_names(self, classes_set: set[str], bound_column: Any) -> set[str]:
        classes = super().get_column_class_names(classes_set, bound_column)  # type: ignore[misc]
        return {*classes, f"col-{bound_column.name}"}


class PointsColumn(tables.Column):  # type: ignore[misc]  # django-tables2 has no types
    """A score, VP or MP: on the page as the reader writes it (1.520, a real minus sign), in
    the CSV export the plain number (the export reads `value`, never `render`)."""

    signed = False

    def render(self, value: Any) -> str:
        text = points_text(value)
        return f"+{text}" if self.signed and value and value > 0 else text

    def value(self, value: Any) -> Any:
        return value


class SignedPointsColumn(PointsColumn):
    """A difference: +14, −305, 0."""

    signed = True


_NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


def _num(short: StrOrPromise) -> dict[str, dict[str, Any]]:
    """A number's column whose heading a phone writes short (app.css: th[data-short]): "Diff."
    for "Point difference", so that the names keep the room."""
    return {"td": {"class": "num"}, "th": {"class": "num", "data-short": short}}


def _players_html(record: Any) -> str:
    """A pair's players, each in its own span (a Pair row, or a StandingRow of the public
    pages' cache, which holds the names already)."""
    if isinstance(record, Pair):
        players = (record.player_one, record.player_two)
        names = tuple(player.full_name for player in players if player is not None)
    else:
        names = record.player_names
    return format_html_join(
        mark_safe('<span class="and"> – </span>'),  # a constant: nothing to escape
        '<span class="player">{}</span>',
        ((name,) for name in names),
    )


class StandingsTable(QuickBody, _NamedCells, tables.Table):  # type: ignore[misc]  # no types in tables2
    """The standings (classifica) of a tournament, best first, from the Pair rows' stored totals.

    Pages build it with `StandingsTable.for_tournament(tournament, pairs)`: the format says
    which columns show, in which order (a match-format evening ranks by matches won and point
    difference, and has no VP to show). The files build it with `for_export`: every column the
    README promises, in its order, whatever the format."""

    rank = tables.Column(_("Rank"), default="–", attrs=_num(pgettext_lazy("short heading", "Pos.")))
    number = tables.Column(_("Pair"), attrs=_NUM, localize=False)
    players = tables.Column(_("Players"), accessor="names", empty_values=())
    vp = PointsColumn(_("VP"), attrs=_NUM)
    mp = PointsColumn(_("MP"), attrs=_NUM)
    matches_won = tables.Column(_("Matches won"), attrs=_num(pgettext_lazy("short heading", "Won")))
    point_difference = SignedPointsColumn(
        _("Point difference"), attrs=_num(pgettext_lazy("short heading", "Diff."))
    )
    rounds_played = tables.Column(_("Rounds played"), attrs=_NUM)
    decisions = tables.Column(_("Arbiter's decisions"), accessor="number", empty_values=())
    """The files only (the page shows a mark by the names): last, so files read by position
    keep working."""
    girone = tables.Column(_("Girone"), accessor="number", empty_values=())
    """The files of an event played in gironi only: the pair's girone in the last phase split
    (a single-field tournament's files stay as they were)."""

    class Meta:
        model = Pair
        fields = (
            "rank",
            "number",
            "players",
            "vp",
            "mp",
            "matches_won",
            "point_difference",
            "rounds_played",
            "decisions",
            "girone",
        )
        orderable = False
        template_name = "tournaments/_table.html"
        attrs: ClassVar[dict[str, str]] = {"class": "standings"}
        empty_text = _("No pairs yet.")

    scroll_label = _("Standings")
    """The name a screen reader gives the box the table scrolls in (tournaments/_table.html)."""

    export_names: ClassVar[dict[str, str]] = {"number": "pair_number"}
    """CSV header of a column whose name alone would be unclear; the others export under their
    own names (rank, players, vp, mp, …), in English whatever the reader's language: the page's
    headers (translated, in the game's words) never reach the CSV. See tournaments/exports.py
    and README "Exports"."""

    @classmethod
    def for_tournament(cls, tournament: Tournament, data: Any, **options: Any) -> "StandingsTable":
        """The standings as the pages show them: the format's columns, in its order."""
        shown = tournament.play_format.standings_columns
        hidden = [name for name in cls.base_columns if name not in shown]
        return cls._in_words(tournament, cls(data, exclude=hidden, sequence=shown, **options))

    @classmethod
    def for_export(cls, tournament: Tournament, data: Any, **options: Any) -> "StandingsTable":
        """The standings file's columns (README "Exports"), pinned by the golden files: the
        match format's extra columns are added, and nothing is taken away."""
        extra = tournament.play_format.extra_columns
        hidden = [name for name in EXTRA_COLUMNS if name not in extra]
        gironi = latest_girone_names(tournament)
        if not gironi:
            hidden.append("girone")
        if tournament.is_individual:  # rank, player_number, player, vp, mp, rounds_played
            hidden.append("decisions")
        table = cls._in_words(tournament, cls(data, exclude=hidden, **options))
        if tournament.is_individual:
            # this table's own names (README "Exports": an individual file names players)
            table.export_names = {"number": "player_number", "players": "player"}  # type: ignore[misc]
        table.decision_texts = pair_file_texts(tournament)
        if gironi:
            numbers = dict(tournament.pairs.values_list("pk", "number"))
            table.girone_names = {numbers[pid]: name for pid, name in gironi.items()}
        return table

    decision_texts: dict[int, str]
    girone_names: dict[int, str]

    def value_girone(self, value: int) -> str:
        """Pair number -> its girone's name."""
        names: dict[int, str] = getattr(self, "girone_names", {})
        return names.get(value, "")

    def render_girone(self, value: int) -> str:
        return self.value_girone(value)

    def value_decisions(self, value: int) -> str:
        """Pair number -> its decisions as the files write them."""
        texts: dict[int, str] = getattr(self, "decision_texts", {})
        return texts.get(value, "")

    def render_players(self, value: str, record: Any) -> str:
        """The players one a line on a phone, "A – B" on a wider screen (app.css); then
        whether the pair withdrew or joined late (the page only: never in the files)."""
        shape = getattr(self, "shape", None)
        return format_html("{}{}", _players_html(record), pair_mark(record, shape))

    def value_players(self, value: str) -> str:
        """The files write the names as the pair is named: "First Last – First Last"."""
        return value

    @staticmethod
    def _in_words(tournament: Tournament, table: "StandingsTable") -> "StandingsTable":
        # the pair column in the game's words ("Coppia", "Dupla"; "Giocatore" for two players)
        entrant = "player" if tournament.is_individual else "pair"
        table.columns["number"].column.verbose_name = capfirst(tournament.words[entrant])
        table.shape = Shape(tournament.entrants)  # for the decision marks' words
        return table


DESCENDING_FIRST = ("vp", "mp", "matches_won", "point_difference", "rounds_played")


class PublicStandingsTable(StandingsTable):
    """The organiser's standings table, as players see it: the same columns and the same
    numbers (and so the same as its CSV export); sortable by a tap on a column, biggest number
    first, and each pair's players link to the pair's page."""

    class Meta(StandingsTable.Meta):  # django-tables2 does not inherit Meta by itself
        pass

    def __init__(self, *args: Any, pair_url: Callable[[int], str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pair_url = pair_url
        for name in DESCENDING_FIRST:
            if name in self.columns:
                self.columns[name].column.initial_sort_descending = True

    def render_players(self, value: str, record: Any) -> str:
        """The players, as on the organiser's page, linked to the pair's page."""
        link = format_html(
            '<a href="{}">{}</a>', self.pair_url(record.number), _players_html(record)
        )
        return format_html("{}{}", link, pair_mark(record, getattr(self, "shape", None)))


def pair_mark(record: Any, shape: Shaped | None = None) -> str:
    """After a pair's names on the page (never in the CSV): withdrawn, or joined late; then the
    arbiter's decisions on it, each a mark that opens to its reason (named in the words of the
    tournament's `shape`: pair, or player)."""
    context = {"show_round": True, "tournament": shape or ""}
    marks: tuple[Mark, ...] = getattr(record, "decision_marks", ())
    decided = format_html_join(
        "",
        " {}",
        (
            (render_to_string("tournaments/_decision_mark.html", {**context, "mark": m}),)
            for m in marks
        ),
    )
    if getattr(record, "withdrawn_from", None):
        text = _("withdrawn from round %(round)s") % {"round": record.withdrawn_from}
    elif getattr(record, "joined_from", 1) > 1:
        text = _("from round %(round)s") % {"round": record.joined_from}
    else:
        return decided
    return format_html(' <span class="badge withdrawn">{}</span>{}', text, decided)


# --- seasons -------------------------------------------------------------------------------------


class _SeasonTable(QuickBody, _NamedCells, tables.Table):  # type: ignore[misc]  # no types in tables2
    rank = tables.Column(_("Rank"), attrs=_NUM)
    evenings_played = tables.Column(_("Evenings played"), attrs=_NUM)
    evenings_counted = tables.Column(_("Evenings counted"), attrs=_NUM)
    vp = PointsColumn(_("VP"), attrs=_NUM)
    mp = PointsColumn(_("MP"), attrs=_NUM)

    class Meta:
        orderable = False
        template_name = "tournaments/_table.html"
        attrs: ClassVar[dict[str, str]] = {"class": "standings season"}
        empty_text = _("No finished tournament in this season yet.")


class SeasonPairsTable(_SeasonTable):
    """The pairs' season ranking: a pair is the same two players, in either order."""

    pair = tables.Column(_("Pair"))
    scroll_label = _("Pairs")

    class Meta(_SeasonTable.Meta):
        sequence = ("rank", "pair", "evenings_played", "evenings_counted", "vp", "mp")


class SeasonPlayersTable(_SeasonTable):
    """The players' season ranking: each credited with the VP and MP of their pair."""

    player = tables.Column(_("Player"))
    scroll_label = _("Players")

    class Meta(_SeasonTable.Meta):
        sequence = ("rank", "player", "evenings_played", "evenings_counted", "vp", "mp")
