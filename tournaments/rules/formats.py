"""The two ways a tournament is played, one object each, chosen by the tournament's `format`.

- **Deals** (`DealsFormat`): every table plays a fixed number of deals (smazzate) a round; the
  match-point (MP) difference becomes victory points (VP) by the tournament's scale; pairs rank
  by VP, then MP, then head-to-head.
- **Target** (`TargetFormat`): every table plays a match to a target score (2000, 3000…);
  pairs rank by matches won, then point difference, then head-to-head.

Each object answers every question whose answer depends on the format: what a table's deals
make of it, the running score the opening minimum reads, whether another deal can be played,
the bye's award, how pairs rank and what a season counts, which standings columns show, and
the words pages use. Nothing else in the club app asks which format a tournament has: a new
format is a new class here and an entry in `FORMATS`.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar, Protocol

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy
from django_stubs_ext import StrOrPromise

from scoring import MatchState, RuleSet, VpScale, match_state
from scoring.vp import bye_award
from tournaments.rules.format_templates import FormatTemplates
from tournaments.rules.shapes import PAIRS, PLAYERS
from tournaments.rules.standings import (
    MP_FIRST,
    PairRecord,
    Penalties,
    Standing,
    TableOutcome,
    rank_pairs,
    vp_taken,
    wins_taken,
)
from tournaments.rules.states import EW, NS
from tournaments.rules.table_results import DONE, IN_PROGRESS, NOT_STARTED, TableResult
from tournaments.rules.vp_tables import scale_warning
from tournaments.templatetags.numbers import points_text

TARGET_SHEET_ROWS = 20
"""Rows of a printed score sheet for a match to a target: enough for a long match (a match to
2000 takes about ten deals; twenty still fit a landscape page)."""


class Settings(Protocol):
    """What a format reads of a tournament's settings (a Tournament row, or one being read from
    a backup)."""

    format: str
    bye_vp: int | None
    """None: the VP scale's award (`scoring.vp.bye_award`)."""
    bye_mp: int | None
    deals_per_round: int
    tie_break_order: str

    @property
    def rules(self) -> RuleSet: ...
    @property
    def scale(self) -> VpScale: ...
    @property
    def target(self) -> int: ...


@dataclass(frozen=True)
class PlayFormat:
    """What both formats share: the rules of the variant, the bye's award and the order of the
    tie-breaks."""

    slug: ClassVar[str]
    rules: RuleSet
    bye_vp: int
    bye_mp: int
    tie_breaks: str = field(default=MP_FIRST, kw_only=True)
    """`rules.standings.MP_FIRST` or `HEAD_TO_HEAD_FIRST`: what breaks a tie on the first total."""
    individual: bool = field(default=False, kw_only=True)
    """Players ranked alone: no head-to-head (RULES.md "Individual tournaments")."""

    @classmethod
    def of(cls, settings: Settings) -> "PlayFormat":
        """This format with a tournament's settings."""
        raise NotImplementedError

    @staticmethod
    def bye_of(settings: Settings) -> tuple[int, int]:
        """The bye's (VP, MP) by the settings: an award left empty follows the VP scale
        (`scoring.vp.bye_award`)."""
        scale_vp, scale_mp = bye_award(settings.scale)
        vp = scale_vp if settings.bye_vp is None else settings.bye_vp
        mp = scale_mp if settings.bye_mp is None else settings.bye_mp
        return vp, mp

    # --- tables ---------------------------------------------------------------------------------

    def table_result(self, deal_totals: Sequence[tuple[int, int]]) -> TableResult:
        """The table's result from each deal's (N-S, E-W) totals, in deal order; raises
        scoring.InvalidMatch when the deals cannot make a match."""
        raise NotImplementedError

    def bye_result(self) -> TableResult:
        """The award of the pair sitting out (tavolo zoppo), as its table stores it."""
        raise NotImplementedError

    def score_before(self, running: int) -> int:
        """The score the opening minimum reads before a deal, given a side's running total
        at its table: the match's score where there is a match, else 0."""
        raise NotImplementedError

    def no_more_deals(self, *, played: int, result: TableResult) -> str:
        """Why the table cannot take another deal ("" when it can)."""
        raise NotImplementedError

    def deal_number_problem(self, number: int) -> str:
        """Why deal `number` cannot exist at a table of this format ("" when it can)."""
        return _("Deal numbers start at 1.") if number < 1 else ""

    def match_target(self) -> int | None:
        """The score a table's match is played to; None where a table plays no match."""
        return None

    def must_stay_done_text(
        self, *, table_number: int, result: TableResult, ns: str, ew: str
    ) -> str:
        """What a table that must stay done (its round is closed) needs, when `result` is not
        done: `ns` and `ew` name the sides."""
        raise NotImplementedError

    # --- standings and seasons --------------------------------------------------------------

    by_matches: ClassVar[bool] = False
    extra_columns: ClassVar[tuple[str, ...]] = ()
    """Standings columns only this format's files have (README "Exports": they add these to
    the columns every file has, VP included)."""
    standings_columns: ClassVar[tuple[str, ...]] = (
        "rank", "number", "players", "vp", "mp", "rounds_played",
    )  # fmt: skip
    """The standings columns a page shows, in order: what the pairs rank by comes first."""

    def rank(
        self, pair_ids: Sequence[int], outcomes: Iterable[TableOutcome], penalties: Penalties = ()
    ) -> dict[int, PairRecord]:
        matches, order, alone = self.by_matches, self.tie_breaks, self.individual
        return rank_pairs(
            pair_ids, outcomes, by_matches=matches, order=order, penalties=penalties,
            head_to_head_counts=not alone,
        )  # fmt: skip

    def evening_points(self, record: Standing) -> tuple[int, int]:
        """What an evening is worth to a pair in a season: (VP, MP) or (won, difference)."""
        raise NotImplementedError

    def meeting_points(self, outcome: TableOutcome) -> tuple[int, int]:
        """What N-S and E-W took from each other at a table, for head-to-head."""
        raise NotImplementedError

    # --- words ----------------------------------------------------------------------------------

    def description(self) -> str:
        raise NotImplementedError

    def bye_award_text(self) -> str:
        raise NotImplementedError

    def sheet_rows(self) -> int:
        raise NotImplementedError

    result_heading: ClassVar[StrOrPromise] = gettext_lazy("VP")
    """The heading of a table's result column."""

    def bye_short_text(self) -> str:
        raise NotImplementedError

    @property
    def templates(self) -> "FormatTemplates":
        """The template fragments of this format, by name: `{% include f.templates.x %}`."""
        return FormatTemplates(self.slug)

    season_note: ClassVar[StrOrPromise] = ""
    """What a season page says of evenings played in this format, if anything."""

    # --- the pair's chart of totals after each round -------------------------------------------

    chart_names: ClassVar[tuple[StrOrPromise, StrOrPromise, str]] = (
        gettext_lazy("Victory points"),
        gettext_lazy("VP"),
        "vp",
    )
    """(what, unit, slug) of the totals chart."""
    chart_title_words: ClassVar[StrOrPromise] = pgettext_lazy(
        "inside the chart's title: Pair 3: … after each round", "victory points"
    )
    """The totals as the chart's title says them mid-sentence (in the language's own case:
    German capitalises its nouns, so the code never lowers a word)."""

    def chart_value(self, point: Standing) -> int:
        return point.vp

    def chart_ceiling(self, rounds: int) -> int:
        """The most a pair can have after `rounds` rounds, the chart's natural top."""
        raise NotImplementedError


@dataclass(frozen=True)
class DealsFormat(PlayFormat):
    slug: ClassVar[str] = "deals"
    deals_per_round: int
    scale: VpScale

    @classmethod
    def of(cls, settings: Settings) -> "DealsFormat":
        return cls(
            settings.rules,
            *cls.bye_of(settings),
            deals_per_round=settings.deals_per_round,
            scale=settings.scale,
            tie_breaks=settings.tie_break_order,
        )

    def table_result(self, deal_totals: Sequence[tuple[int, int]]) -> TableResult:
        ns = sum(t[0] for t in deal_totals)
        ew = sum(t[1] for t in deal_totals)
        ns_vp, ew_vp = self.scale.vp(ns, ew)
        played = len(deal_totals)
        status = DONE if played >= self.deals_per_round else IN_PROGRESS if played else NOT_STARTED
        return TableResult(status, ns, ew, ns_vp, ew_vp, "")

    def bye_result(self) -> TableResult:
        return TableResult(DONE, self.bye_mp, 0, self.bye_vp, None, "")

    def score_before(self, running: int) -> int:
        return 0  # a table of deals is no match: no running score, no opening minimum

    def no_more_deals(self, *, played: int, result: TableResult) -> str:
        if played >= self.deals_per_round:
            return ngettext(
                "The table's only deal is entered. Use Edit to correct it.",
                "All %(deals)s deals are entered. Use Edit to correct one.",
                self.deals_per_round,
            ) % {"deals": self.deals_per_round}
        return ""

    def deal_number_problem(self, number: int) -> str:
        if number > self.deals_per_round:
            return ngettext(
                "Each table plays %(deals)s deal a round: there is no deal %(number)s.",
                "Each table plays %(deals)s deals a round: there is no deal %(number)s.",
                self.deals_per_round,
            ) % {"deals": self.deals_per_round, "number": number}
        return super().deal_number_problem(number)

    def must_stay_done_text(
        self, *, table_number: int, result: TableResult, ns: str, ew: str
    ) -> str:
        return _("Table %(table)s must keep its %(deals)s deals.") % {
            "table": table_number,
            "deals": self.deals_per_round,
        }

    def evening_points(self, record: Standing) -> tuple[int, int]:
        return record.vp, record.mp

    def meeting_points(self, outcome: TableOutcome) -> tuple[int, int]:
        return vp_taken(outcome)

    def description(self) -> str:
        return ngettext(
            "%(deals)s deal a round, victory points",
            "%(deals)s deals a round, victory points",
            self.deals_per_round,
        ) % {"deals": self.deals_per_round}

    def bye_award_text(self) -> str:
        return _("%(vp)s VP and %(mp)s MP") % {"vp": self.bye_vp, "mp": self.bye_mp}

    def bye_short_text(self) -> str:
        return _("%(vp)s VP") % {"vp": self.bye_vp}

    def sheet_rows(self) -> int:
        return self.deals_per_round

    def chart_ceiling(self, rounds: int) -> int:
        best = max([band.winner for band in self.scale.bands] + [self.bye_vp, 1])
        return best * rounds

    def scale_warning(self) -> str:
        """Why the scale may not be the one meant for the deals a table plays ("" if it is)."""
        return scale_warning(self.scale, self.deals_per_round)


@dataclass(frozen=True)
class TargetFormat(PlayFormat):
    slug: ClassVar[str] = "target"
    by_matches: ClassVar[bool] = True
    extra_columns: ClassVar[tuple[str, ...]] = ("matches_won", "point_difference")
    standings_columns: ClassVar[tuple[str, ...]] = (
        "rank", "number", "players", "matches_won", "point_difference", "mp", "rounds_played",
    )  # fmt: skip
    """No VP: a match is won or lost. The points scored (MP) come after what ranks."""
    target: int

    @classmethod
    def of(cls, settings: Settings) -> "TargetFormat":
        return cls(
            settings.rules,
            *cls.bye_of(settings),
            target=settings.target,
            tie_breaks=settings.tie_break_order,
        )

    def table_result(self, deal_totals: Sequence[tuple[int, int]]) -> TableResult:
        state = self.match(deal_totals)
        ns = sum(t[0] for t in deal_totals)
        ew = sum(t[1] for t in deal_totals)
        winner = "" if state.winner is None else (NS, EW)[state.winner]
        status = DONE if state.finished else IN_PROGRESS if deal_totals else NOT_STARTED
        return TableResult(status, ns, ew, None, None, winner, state)

    def match(self, deal_totals: Sequence[tuple[int, int]]) -> MatchState:
        """The match so far; raises scoring.InvalidMatch (a deal after the match was won…)."""
        return match_state(self.rules, [list(t) for t in deal_totals], target=self.target)

    def match_target(self) -> int | None:
        return self.target

    def bye_result(self) -> TableResult:
        return TableResult(DONE, self.bye_mp, 0, None, None, NS)

    def score_before(self, running: int) -> int:
        return running

    def no_more_deals(self, *, played: int, result: TableResult) -> str:
        if result.done:
            return _("The match is over. Use Edit to correct a deal, or Remove the last one.")
        return ""

    def must_stay_done_text(
        self, *, table_number: int, result: TableResult, ns: str, ew: str
    ) -> str:
        return _(
            "The match at table %(table)s must stay finished, and with this change it would "
            "not be: %(ns)s %(ns_total)s – %(ew)s %(ew_total)s, with the target at %(target)s. "
            "Correct the deals so that one side ends the match with %(target)s or more, ahead "
            "of the other."
        ) % {
            "table": table_number,
            "ns": ns,
            "ns_total": points_text(result.ns_mp),
            "ew": ew,
            "ew_total": points_text(result.ew_mp),
            "target": points_text(self.target),
        }

    def evening_points(self, record: Standing) -> tuple[int, int]:
        return record.matches_won, record.point_difference

    def meeting_points(self, outcome: TableOutcome) -> tuple[int, int]:
        return wins_taken(outcome)

    def description(self) -> str:
        return _("matches to %(target)s points") % {"target": self.target}

    def bye_award_text(self) -> str:
        return _("counts as a win, +%(mp)s points") % {"mp": self.bye_mp}

    def bye_short_text(self) -> str:
        return _("counts as a win")

    result_heading: ClassVar[StrOrPromise] = gettext_lazy("Winner")

    def sheet_rows(self) -> int:
        return TARGET_SHEET_ROWS

    season_note: ClassVar[StrOrPromise] = gettext_lazy(
        "In a match-format evening (matches to a target) the matches won count as VP and the "
        "point difference as MP, as that evening ranked its pairs."
    )
    chart_names: ClassVar[tuple[StrOrPromise, StrOrPromise, str]] = (
        gettext_lazy("Matches won"),
        gettext_lazy("won"),
        "won",
    )
    chart_title_words: ClassVar[StrOrPromise] = pgettext_lazy(
        "inside the chart's title: Pair 3: … after each round", "matches won"
    )

    def chart_value(self, point: Standing) -> int:
        return point.matches_won

    def chart_ceiling(self, rounds: int) -> int:
        return rounds


FORMATS: dict[str, type[PlayFormat]] = {f.slug: f for f in (DealsFormat, TargetFormat)}
"""Every format by its slug (a tournament's `format` field): the one place that says which
format a tournament plays."""


def format_of(tournament: Settings) -> PlayFormat:
    """The tournament's format object, with the settings it plays by."""
    played = FORMATS[tournament.format].of(tournament)
    individual = getattr(tournament, "entrants", PAIRS) == PLAYERS  # a backup's may predate it
    return replace(played, individual=True) if individual else played
