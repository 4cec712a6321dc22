"""django-tables2 tables: one class per listing, so a page and its CSV export (TableExport) show
the same columns and can never disagree. Every number is read from stored fields; nothing here
computes a score."""

from typing import Any, ClassVar

import django_tables2 as tables

from tournaments.models import Pair, Tournament

TARGET_ONLY = ("matches_won", "point_difference")


class StandingsTable(tables.Table):  # type: ignore[misc]  # django-tables2 has no types
    """The standings (classifica) of a tournament, best first, from the Pair rows' stored totals.

    Build it with `StandingsTable.for_tournament(tournament, pairs)`: the target format adds
    matches won and point difference."""

    rank = tables.Column(
        "Rank", default="–", attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    number = tables.Column(
        "Pair", attrs={"td": {"class": "num"}, "th": {"class": "num"}}, localize=False
    )
    players = tables.Column("Players", accessor="names", empty_values=())
    vp = tables.Column("VP", attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    mp = tables.Column("MP", attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    matches_won = tables.Column(
        "Matches won", attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    point_difference = tables.Column(
        "Point difference", attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    rounds_played = tables.Column(
        "Rounds played", attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )

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
        )
        orderable = False
        template_name = "django_tables2/table.html"
        attrs: ClassVar[dict[str, str]] = {"class": "standings"}
        empty_text = "No pairs yet."

    export_names: ClassVar[dict[str, str]] = {"number": "pair_number"}
    """CSV header of a column whose name alone would be unclear; the others export under their
    own names (rank, players, vp, mp, …). See tournaments/exports.py and README "Exports"."""

    @classmethod
    def for_tournament(cls, tournament: Tournament, data: Any, **options: Any) -> "StandingsTable":
        exclude = () if tournament.is_target else TARGET_ONLY
        return cls(data, exclude=exclude, **options)

    def render_point_difference(self, value: int) -> str:
        return f"{value:+d}" if value else "0"

    def value_point_difference(self, value: int) -> int:
        return value
