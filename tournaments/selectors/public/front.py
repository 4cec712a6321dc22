"""The front door's reads: which clubs play today and which played lately (the home page), and a
club's tournaments of today, to come and past (its page). Only published tournaments, except
for a club's own organisers on its page.

The home page is the one page every visitor opens: it costs one query whatever the number of
clubs, and reads plain frozen dataclasses (no model instances)."""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, replace

from tournaments.models import Club, Tournament

RECENT_DAYS = 30
"""The home page's "recent" tournaments: those of the last 30 days before today, enough for
last month's evenings and their final standings, short enough to stay a short list."""
RECENT_PER_CLUB = 3
"""A club's latest recent tournaments on the home page; its own page lists them all."""


@dataclass(frozen=True)
class TournamentLine:
    name: str
    slug: str
    date: datetime.date
    status: str
    published: bool

    @property
    def is_finished(self) -> bool:
        return self.status == Tournament.Status.FINISHED


@dataclass(frozen=True)
class ClubLine:
    name: str
    slug: str
    city: str
    tournaments: tuple[TournamentLine, ...]


@dataclass(frozen=True)
class FrontDoor:
    today: datetime.date
    since: datetime.date
    playing_today: tuple[ClubLine, ...]
    """Clubs with a published tournament today, by name, with today's tournaments."""
    recent: tuple[ClubLine, ...]
    """Clubs with a published tournament in the RECENT_DAYS before today, the most recent
    first, each with its latest RECENT_PER_CLUB of them."""


@dataclass(frozen=True)
class ClubCalendar:
    today: tuple[TournamentLine, ...]
    upcoming: tuple[TournamentLine, ...]
    """The soonest first."""
    past: tuple[TournamentLine, ...]
    """The latest first."""

    def __bool__(self) -> bool:
        return bool(self.today or self.upcoming or self.past)


LINE_FIELDS = ("name", "slug", "date", "status", "published")


def front_door(today: datetime.date) -> FrontDoor:
    """The home page's clubs: one query."""
    since = today - datetime.timedelta(days=RECENT_DAYS)
    rows = (
        Tournament.objects.filter(published=True, date__gte=since, date__lte=today)
        .order_by("-date", "club__name", "club_id", "name", "id")
        .values("club__name", "club__slug", "club__city", *LINE_FIELDS)
    )
    todays: dict[str, list[TournamentLine]] = {}
    recents: dict[str, list[TournamentLine]] = {}
    clubs: dict[str, tuple[str, str]] = {}
    for row in rows:
        slug = row["club__slug"]
        clubs[slug] = (row["club__name"], row["club__city"])
        line = TournamentLine(**{name: row[name] for name in LINE_FIELDS})
        (todays if line.date == today else recents).setdefault(slug, []).append(line)
    playing_today = sorted(_club_lines(clubs, todays.items()), key=lambda c: c.name.casefold())
    recent = [  # in the order of each club's latest tournament
        replace(line, tournaments=line.tournaments[:RECENT_PER_CLUB])
        for line in _club_lines(clubs, recents.items())
    ]
    return FrontDoor(
        today=today, since=since, playing_today=tuple(playing_today), recent=tuple(recent)
    )


def club_calendar(
    club: Club, today: datetime.date, *, with_unpublished: bool = False
) -> ClubCalendar:
    """A club's tournaments of today, to come and past, for its public page: one query."""
    tournaments = club.tournaments.order_by("date", "name", "id")
    if not with_unpublished:
        tournaments = tournaments.filter(published=True)
    lines = [TournamentLine(**row) for row in tournaments.values(*LINE_FIELDS)]
    return ClubCalendar(
        today=tuple(line for line in lines if line.date == today),
        upcoming=tuple(line for line in lines if line.date > today),
        past=tuple(reversed([line for line in lines if line.date < today])),
    )


def _club_lines(
    clubs: dict[str, tuple[str, str]], found: Iterable[tuple[str, list[TournamentLine]]]
) -> list[ClubLine]:
    return [
        ClubLine(name=clubs[slug][0], slug=slug, city=clubs[slug][1], tournaments=tuple(lines))
        for slug, lines in found
    ]
