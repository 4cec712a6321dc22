"""The API's answers, made from the reads the pages and the files use: the standings from the
very table the standings CSV is written from (`StandingsTable.for_export`, `table_records`),
the seasons' rankings from theirs, the deals from the deals CSV's rows, the seating and a
pair's rounds from the public pages' cached reads. Nothing here scores or ranks anything."""

from collections.abc import Iterable
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from opendata.api import schemas
from opendata.api.stored import NotFound
from tournaments import deal_exports, exports, selectors
from tournaments.models import Club, Season, Tournament
from tournaments.selectors import public as leaderboard
from tournaments.selectors.seasons import SeasonStandings
from tournaments.tables import SeasonPairsTable, SeasonPlayersTable, StandingsTable


def _api(name: str, **kwargs: Any) -> str:
    return reverse(f"api:{name}", kwargs=kwargs)


def _t(tournament: Tournament) -> dict[str, str]:
    return {"club_slug": tournament.club.slug, "tournament_slug": tournament.slug}


# --- clubs and their tournaments -------------------------------------------------------------


def club_line(club: Club) -> schemas.ClubLine:
    return schemas.ClubLine(
        slug=club.slug,
        name=club.name,
        city=club.city,
        links=schemas.Links(
            page=reverse("public_club", args=[club.slug]), api=_api("api_club", club_slug=club.slug)
        ),
    )


def tournament_line(tournament: Tournament) -> schemas.TournamentLine:
    page = (
        reverse("public_tournament", args=[tournament.club.slug, tournament.slug])
        if tournament.published
        else None
    )
    return schemas.TournamentLine(
        slug=tournament.slug,
        name=tournament.name,
        date=tournament.date,
        status=tournament.status,
        published=tournament.published,
        links=schemas.Links(page=page, api=_api("api_tournament", **_t(tournament))),
    )


def club_answer(
    club: Club, tournaments: Iterable[Tournament], seasons: Iterable[Season]
) -> schemas.Club:
    return schemas.Club(
        slug=club.slug,
        name=club.name,
        city=club.city,
        tournaments=[tournament_line(tournament) for tournament in tournaments],
        seasons=[
            schemas.SeasonLine(
                slug=season.slug,
                name=season.name,
                links=schemas.Links(
                    page=reverse("season_public", args=[club.slug, season.slug]),
                    api=_api("api_season", club_slug=club.slug, season_slug=season.slug),
                ),
            )
            for season in seasons
        ],
        links=schemas.Links(page=reverse("public_club", args=[club.slug])),
    )


def tournament_detail(tournament: Tournament) -> schemas.Tournament:
    club, slug = tournament.club.slug, tournament.slug
    published = tournament.published
    return schemas.Tournament(
        club=club,
        slug=slug,
        name=tournament.name,
        date=tournament.date,
        game=tournament.variant,
        format=tournament.format,
        status=tournament.status,
        final=tournament.is_finished,
        published=published,
        rounds=tournament.rounds,
        deals_per_round=tournament.deals_per_round,
        rounds_seated=tournament.round_set.count(),
        links=schemas.TournamentLinks(
            page=reverse("public_tournament", args=[club, slug]) if published else None,
            standings=_api("api_standings", **_t(tournament)),
            standings_csv=(
                reverse("public_standings_csv", args=[club, slug]) if published else None
            ),
            rounds=_api("api_rounds", **_t(tournament)),
            find=_api("api_find", **_t(tournament)),
        ),
    )


# --- standings, rounds, pairs ---------------------------------------------------------------


def standings_answer(tournament: Tournament) -> schemas.Standings:
    """The standings CSV's rows: the same table (`StandingsTable.for_export`) from the same
    read (`selectors.standings_for`), each row its columns by their CSV names."""
    table = StandingsTable.for_export(tournament, selectors.standings_for(tournament))
    # an individual tournament's file names its players (player_number, player); the API's
    # rows keep one shape: each player is an entrant of one, under pair_number and players
    named = {"player_number": "pair_number", "player": "players"}
    columns = [named.get(name, name) for _column, name in exports.export_columns(table)]
    records = [
        {named.get(key, key): value for key, value in row.items()}
        for row in exports.table_records(table)
    ]
    return schemas.Standings(
        club=tournament.club.slug,
        tournament=tournament.slug,
        final=tournament.is_finished,
        columns=columns,
        rows=[schemas.StandingsRow(**row) for row in records],
    )


def _pair_ref(pair: leaderboard.PairRef | None) -> schemas.PairRef | None:
    if pair is None:
        return None
    return schemas.PairRef(
        number=pair.number,
        names=pair.names,
        players=[f"{first} {last}".strip() for first, last in pair.players],
    )


def rounds_answer(tournament: Tournament) -> list[schemas.RoundLine]:
    return [
        schemas.RoundLine(
            number=round_.number,
            status=round_.status,
            movement=round_.movement,
            links=schemas.Links(
                api=_api("api_round", number=round_.number, **_t(tournament)),
            ),
        )
        for round_ in tournament.round_set.order_by("number")
    ]


def round_answer(tournament: Tournament, number: int) -> schemas.Round:
    seating = leaderboard.round_seating(tournament, number)
    if seating is None:
        raise NotFound(_("No such round."))
    return schemas.Round(
        club=tournament.club.slug,
        tournament=tournament.slug,
        number=seating.round_number,
        status=seating.round_status,
        movement=seating.movement,
        tables=[
            schemas.SeatedTable(
                number=table.number,
                bye=table.is_bye,
                status=table.status,
                ns=_pair_ref(table.ns),
                ew=_pair_ref(table.ew),
                ns_mp=table.ns_mp,
                ew_mp=table.ew_mp,
                ns_vp=table.ns_vp,
                ew_vp=table.ew_vp,
                winner=table.winner,
            )
            for table in seating.tables
        ],
    )


def _side(side: Any) -> schemas.SideScore | None:
    if side is None:
        return None
    return schemas.SideScore(
        melded_points=side.melded_points,
        burracos=list(side.burracos),
        burraco_bonus=side.burraco_bonus,
        closing_bonus=side.closing_bonus,
        hand_penalty=side.hand_penalty,
        pot_penalty=side.pot_penalty,
        total=side.total,
    )


def pair_answer(tournament: Tournament, number: int) -> schemas.Pair:
    """A pair's page: its totals, who played which rounds, its rounds deal by deal, and its
    totals and rank after each finished round."""
    page = leaderboard.pair_page(tournament, number)
    if page is None:
        raise NotFound(_("No such pair."))
    history = page.history
    return schemas.Pair(
        club=tournament.club.slug,
        tournament=tournament.slug,
        number=history.pair.number,
        names=history.pair.names,
        players=[f"{first} {last}".strip() for first, last in history.pair.players],
        rank=history.rank,
        vp=history.vp,
        mp=history.mp,
        rounds_played=history.rounds_played,
        byes=history.byes,
        matches_won=history.matches_won,
        point_difference=history.point_difference,
        withdrawn_from=history.withdrawn_from,
        joined_from=history.joined_from,
        players_by_round=[
            schemas.PlayerSpell(name=name, first_round=first, last_round=last)
            for name, first, last in history.spells
        ],
        rounds=[
            schemas.PairRound(
                round=line.round_number,
                round_status=line.round_status,
                table=line.table_number,
                bye=line.is_bye,
                direction=line.direction,
                opponent=_pair_ref(line.opponent),
                table_status=line.table_status,
                mp=line.mp,
                opponent_mp=line.opponent_mp,
                vp=line.vp,
                opponent_vp=line.opponent_vp,
                winner=line.winner,
                deals=[
                    schemas.DealLine(
                        number=deal.number, ours=_side(deal.ours), theirs=_side(deal.theirs)
                    )
                    for deal in line.deals
                ],
            )
            for line in history.rounds
        ],
        after_each_round=[
            schemas.RoundPoint(
                round=point.round_number,
                vp=point.vp,
                mp=point.mp,
                matches_won=point.matches_won,
                point_difference=point.point_difference,
                rank=point.rank,
            )
            for point in page.points
        ],
    )


def find_answer(tournament: Tournament) -> schemas.Find:
    """ "Find your table": the current round's players by surname (the public page's read)."""
    seating = leaderboard.current_seating(tournament)
    return schemas.Find(
        club=tournament.club.slug,
        tournament=tournament.slug,
        round=seating.round_number if seating else None,
        round_status=seating.round_status if seating else None,
        places=[
            schemas.Place(
                last_name=place.last_name,
                first_name=place.first_name,
                pair_number=place.pair.number,
                table=place.table,
                direction=place.direction,
            )
            for place in leaderboard.player_places(seating)
        ],
    )


# --- seasons and deals ---------------------------------------------------------------------


def season_answer(standings: SeasonStandings, *, with_unpublished: bool) -> schemas.Season:
    """A season's rankings: the season CSVs' rows, from the same tables."""
    season = standings.season
    counted = set(standings.counted)
    return schemas.Season(
        club=season.club.slug,
        slug=season.slug,
        name=season.name,
        best_of=season.best_of,
        tournaments=[
            schemas.SeasonTournament(slug=t.slug, name=t.name, date=t.date, counted=t in counted)
            for t in standings.tournaments
            if t.published or with_unpublished
        ],
        pairs=[
            schemas.SeasonPairRow(**row)
            for row in exports.table_records(SeasonPairsTable(standings.pairs))
        ],
        players=[
            schemas.SeasonPlayerRow(**row)
            for row in exports.table_records(SeasonPlayersTable(standings.players))
        ],
    )


def deals_answer(tournament: Tournament) -> schemas.Deals:
    """Every deal side: the deals CSV's rows (`deal_exports.deal_file`), under its column
    names; an individual tournament's name the side's player, partner and two opponents."""
    columns, values = deal_exports.deal_file(tournament)
    if tournament.is_individual:
        return schemas.Deals(
            club=tournament.club.slug,
            tournament=tournament.slug,
            columns=list(columns),
            rows=[schemas.IndividualDealsRow(**dict(zip(columns, v, strict=True))) for v in values],
        )
    rows = []
    for row_values in values:
        row = dict(zip(columns, row_values, strict=True))
        if row["opponent_pair_number"] == "":
            row["opponent_pair_number"] = None
        rows.append(schemas.DealsRow(**row))
    return schemas.Deals(
        club=tournament.club.slug, tournament=tournament.slug, columns=list(columns), rows=rows
    )
