"""Writes of seasons (campionato sociale): create one, change it, choose its tournaments;
keyword-only and in one transaction, raising `ServiceError` for what the organiser can fix."""

from collections.abc import Iterable

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.models import Club, Season, Tournament
from tournaments.services.errors import ServiceError

MAX_BEST_OF = 99


def _check(name: str, best_of: int | None) -> str:
    name = name.strip()
    if not name:
        raise ServiceError(_("Give the season a name, e.g. “Championship 2026-27”."))
    if best_of is not None and not 1 <= best_of <= MAX_BEST_OF:
        raise ServiceError(
            _("The evenings that count must be between 1 and %(most)s, or empty to count them all.")
            % {"most": MAX_BEST_OF}
        )
    return name


@transaction.atomic
def season_create(
    *,
    club: Club,
    name: str,
    best_of: int | None = None,
    tournaments: Iterable[Tournament] = (),
) -> Season:
    """A new season of the club, with its tournaments (each may belong to one season only)."""
    name = _check(name, best_of)
    base = slugify(name)[:70] or "season"
    slug, n = base, 2
    while Season.objects.filter(club=club, slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    season = Season.objects.create(club=club, name=name, slug=slug, best_of=best_of)
    season_tournaments_set(season=season, tournaments=tournaments)
    return season


@transaction.atomic
def season_update(
    *,
    season: Season,
    name: str,
    best_of: int | None,
    tournaments: Iterable[Tournament] | None = None,
) -> Season:
    """Rename a season, change how many evenings count and (unless None) its tournaments.

    The slug stays as it was, so a public address already shared keeps working."""
    season.name = _check(name, best_of)
    season.best_of = best_of
    season.save(update_fields=["name", "best_of"])
    if tournaments is not None:
        season_tournaments_set(season=season, tournaments=tournaments)
    return season


@transaction.atomic
def season_tournaments_set(*, season: Season, tournaments: Iterable[Tournament]) -> Season:
    """The season's tournaments become exactly these: the club's own, none in another season."""
    ids = {t.pk for t in tournaments}
    chosen = list(
        # lock the tournaments only: the season is a nullable join PostgreSQL cannot lock
        Tournament.objects.select_for_update(of=("self",))
        .filter(pk__in=ids)
        .select_related("season")
        .order_by("date", "id")
    )
    problems = []
    for tournament in chosen:
        if tournament.club_id != season.club_id:
            problems.append(
                _("“%(name)s” is a tournament of another club.") % {"name": tournament.name}
            )
        elif tournament.season_id is not None and tournament.season_id != season.pk:
            problems.append(
                _(
                    "“%(name)s” already counts for the season “%(season)s”: a tournament "
                    "belongs to one season only. Take it out of that season first."
                )
                % {"name": tournament.name, "season": tournament.season}
            )
    if problems:
        raise ServiceError(*problems)
    Tournament.objects.filter(season=season).exclude(pk__in=ids).update(season=None)
    Tournament.objects.filter(pk__in=ids).update(season=season)
    return season


# --- reads ---------------------------------------------------------------------------------------
