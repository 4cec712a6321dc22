"""The API's addresses (all GET, all read-only). Anyone reads the clubs, their published
tournaments and public seasons; an organiser's token reads its own club's unpublished ones too,
and the deals. A tournament the reader may not see answers 404, exactly as one that does not
exist."""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from ninja import Router
from pydantic import BaseModel, RootModel

from opendata.api import reads, schemas
from opendata.api.access import OrganiserToken, TokenRefused, reader_of
from opendata.api.stored import (
    JSON,
    NotFound,
    json_body,
    no_such_tournament,
    tournament_answer,
)
from tournaments.models import Club, Season, Tournament
from tournaments.selectors import public as leaderboard
from tournaments.selectors.seasons import published_season, season_standings

TOKEN = OrganiserToken()
ANYONE: dict[str, Any] = {"security": [{}]}
"""In the schema, added to the token's own entry: the token is optional (anyone reads; a token
reads more)."""
TOURNAMENT = "/clubs/{club_slug}/tournaments/{tournament_slug}"

router = Router(auth=TOKEN)


@router.get("/", response=schemas.Index, url_name="api_index", openapi_extra=ANYONE, by_alias=True)
def api_index(request: HttpRequest) -> dict[str, str]:
    """Where to start: the clubs, the OpenAPI schema, and its browsable page."""
    return {
        "clubs": reverse("api:api_clubs"),
        "schema": reverse("api:openapi-json"),
        "docs": reverse("api:openapi-view"),
    }


@router.get("/clubs", response=list[schemas.ClubLine], url_name="api_clubs", openapi_extra=ANYONE)
def api_clubs(request: HttpRequest) -> list[schemas.ClubLine]:
    """Every club, by name."""
    return [reads.club_line(club) for club in Club.objects.order_by("name", "id")]


@router.get("/clubs/{club_slug}", response=schemas.Club, url_name="api_club", openapi_extra=ANYONE)
def api_club(request: HttpRequest, club_slug: str) -> HttpResponse:
    """A club, its published tournaments (the latest first) and its public seasons."""
    club = Club.objects.filter(slug=club_slug).first()
    if club is None:
        raise NotFound(_("No such club."))
    tournaments = club.tournaments.select_related("club").order_by("-date", "-id")
    if reader_of(request).club_id != club.pk:
        tournaments = tournaments.filter(published=True)
    seasons = [
        season
        for season in club.seasons.order_by("name", "id")
        if published_season(club_slug=club.slug, season_slug=season.slug) is not None
    ]
    answer = reads.club_answer(club, tournaments, seasons)
    return HttpResponse(json_body(answer), content_type=JSON)


@router.get(
    "/clubs/{club_slug}/seasons/{season_slug}",
    response=schemas.Season,
    url_name="api_season",
    openapi_extra=ANYONE,
)
def api_season(request: HttpRequest, club_slug: str, season_slug: str) -> HttpResponse:
    """A season's rankings of pairs and players: the season CSV files' rows. Public once every
    finished tournament of the season is published."""
    season = published_season(club_slug=club_slug, season_slug=season_slug)
    own = False
    if season is None:
        own_club = reader_of(request).club_id
        if own_club is not None:
            season = (
                Season.objects.filter(club__slug=club_slug, slug=season_slug, club_id=own_club)
                .select_related("club")
                .first()
            )
        if season is None:
            raise NotFound(_("No such season."))
        own = True
    own = own or reader_of(request).club_id == season.club_id
    answer = reads.season_answer(season_standings(season=season), with_unpublished=own)
    return HttpResponse(json_body(answer), content_type=JSON)


@router.get(
    TOURNAMENT, response=schemas.Tournament, url_name="api_tournament", openapi_extra=ANYONE
)
def api_tournament(request: HttpRequest, club_slug: str, tournament_slug: str) -> HttpResponse:
    """A tournament: its game, format, state and where to read its standings and rounds."""
    return tournament_answer(
        request, club_slug, tournament_slug, "tournament", reads.tournament_detail
    )


@router.get(
    f"{TOURNAMENT}/standings",
    response=schemas.Standings,
    url_name="api_standings",
    openapi_extra=ANYONE,
)
def api_standings(request: HttpRequest, club_slug: str, tournament_slug: str) -> HttpResponse:
    """The standings: the standings CSV's rows, columns and numbers, under its column names
    (a match-format tournament adds `matches_won` and `point_difference`)."""
    return tournament_answer(
        request, club_slug, tournament_slug, "standings", reads.standings_answer
    )


@router.get(
    f"{TOURNAMENT}/rounds",
    response=list[schemas.RoundLine],
    url_name="api_rounds",
    openapi_extra=ANYONE,
)
def api_rounds(request: HttpRequest, club_slug: str, tournament_slug: str) -> HttpResponse:
    """The rounds seated so far."""

    def build(tournament: Tournament) -> BaseModel:
        return RootModel[list[schemas.RoundLine]](reads.rounds_answer(tournament))

    return tournament_answer(request, club_slug, tournament_slug, "rounds", build)


@router.get(
    f"{TOURNAMENT}/rounds/{{int:number}}",
    response=schemas.Round,
    url_name="api_round",
    openapi_extra=ANYONE,
)
def api_round(
    request: HttpRequest, club_slug: str, tournament_slug: str, number: int
) -> HttpResponse:
    """A round's seating, table by table, with each table's result so far."""
    return tournament_answer(
        request,
        club_slug,
        tournament_slug,
        f"round:{number}",
        lambda tournament: reads.round_answer(tournament, number),
    )


@router.get(
    f"{TOURNAMENT}/pairs/{{int:number}}",
    response=schemas.Pair,
    url_name="api_pair",
    openapi_extra=ANYONE,
)
def api_pair(
    request: HttpRequest, club_slug: str, tournament_slug: str, number: int
) -> HttpResponse:
    """A pair's page: its totals and rank, its rounds deal by deal, and how it stood after
    each round."""
    return tournament_answer(
        request,
        club_slug,
        tournament_slug,
        f"pair:{number}",
        lambda tournament: reads.pair_answer(tournament, number),
    )


@router.get(f"{TOURNAMENT}/find", response=schemas.Find, url_name="api_find", openapi_extra=ANYONE)
def api_find(request: HttpRequest, club_slug: str, tournament_slug: str) -> HttpResponse:
    """ "Find your table": every player of the current round by surname, with the pair's
    table and direction."""
    return tournament_answer(request, club_slug, tournament_slug, "find", reads.find_answer)


@router.get(f"{TOURNAMENT}/deals", response=schemas.Deals, url_name="api_deals")
def api_deals(request: HttpRequest, club_slug: str, tournament_slug: str) -> HttpResponse:
    """Every deal side: the deals CSV's rows. Only with an organiser's token of the club."""
    reader = reader_of(request)
    if reader.club_id is None:
        raise TokenRefused(_("The deals are read with an organiser's token of the club."))
    tournament = leaderboard.public_tournament(club_slug, tournament_slug)
    if tournament is None or not reader.holds_token_of(tournament):
        raise no_such_tournament()
    return HttpResponse(json_body(reads.deals_answer(tournament)), content_type=JSON)
