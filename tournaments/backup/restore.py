"""Writing a checked backup as a new tournament of a club (see the package's docstring)."""

from collections import defaultdict
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DataError, IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.backup.checks import (
    check_deals,
    check_pages,
    check_records,
    check_standings,
    check_tables,
)
from tournaments.backup.decisions import restore_decisions
from tournaments.backup.fields import Row
from tournaments.backup.inserts import insert_rows, put_back
from tournaments.backup.phases import restore_phases
from tournaments.backup.reading import Backup, check_format, read
from tournaments.backup.sessions import restore_sessions
from tournaments.backup.signing import signature_problem
from tournaments.cycles import collector_paused
from tournaments.models import (
    Club,
    Deal,
    DealProposal,
    DealSide,
    Meld,
    Pair,
    Player,
    ResultChange,
    Round,
    Seat,
    Substitution,
    Table,
    Tournament,
    TournamentEvent,
)
from tournaments.rules.names import move_particles, sort_name
from tournaments.rules.states import POSITION_DIRECTION
from tournaments.services import ServiceError
from tournaments.services.links import codes_issued


def tournament_import(
    *, data: dict[str, Any], club: Club, notes: list[str] | None = None, unverified: bool = False
) -> Tournament:
    """Restore a backup as a new tournament of `club`, as exported, once its signature is
    verified (or, with `unverified`, marked in the audit record as not verified).

    The copy lands unpublished and in no season, so it never counts twice in a season: its
    organiser publishes it, or adds it to a season, deliberately. Players are the club's own,
    found by federation card number, else by first and last name (a player with another card
    number is another person), else created. Users are found by username; those missing leave
    their deals and audit records without a user. What the organiser should know (a changed
    slug, missing users, …) is added to `notes`.
    """
    with collector_paused():
        return _import(data, club, notes if notes is not None else [], unverified)


def _import(data: dict[str, Any], club: Club, notes: list[str], unverified: bool) -> Tournament:
    check_format(data)
    problem = signature_problem(data)
    if problem and not unverified:
        raise ServiceError(
            _(
                "The file cannot be trusted: %(problem)s. Nothing was imported. Import it with "
                "--unverified only if you know where it comes from."
            )
            % {"problem": problem}
        )
    try:
        with transaction.atomic():
            tournament = _restore(data, club, notes)
            TournamentEvent.objects.create(
                tournament=tournament,
                kind=TournamentEvent.Kind.IMPORTED,
                details={
                    "verified": not problem,
                    "why_not": problem,
                    "from_club": _from_club(data),
                    "exported_at": _text(data.get("exported_at")),
                },
            )
            if problem:
                notes.append(
                    _("The copy is marked as not verified in its audit record: %(problem)s.")
                    % {"problem": problem}
                )
            return tournament
    except (IntegrityError, DataError) as error:
        reason = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise ServiceError(
            f"The database refused the file's rows ({reason}); nothing was imported."
        ) from None


def _from_club(data: Row) -> str:
    club = data.get("club")
    return _text(club.get("slug") if isinstance(club, dict) else None)


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _restore(data: Row, club: Club, notes: list[str]) -> Tournament:
    backup = read(data, club)
    check_deals(backup)
    check_records(backup)
    tournament = backup.tournament
    _choose_slug(tournament, club, notes)
    tournament.season = None
    if tournament.published or backup.season is not None:
        notes.append(
            _(
                "The copy is unpublished and in no season: publish it, or add it to a season, "
                "from its page."
            )
        )
    tournament.published = False
    created_at = tournament.created_at
    tournament.save()  # auto_now_add stamps "now": put the exported moment back
    Tournament.objects.filter(pk=tournament.pk).update(created_at=created_at)
    tournament.created_at = created_at

    _place_players(backup, club, notes)
    for pair in backup.pairs.values():
        pair.row.tournament = tournament
    codes_issued(tournament, [pair.row for pair in backup.pairs.values()])  # links issued anew
    Pair.objects.bulk_create([pair.row for pair in backup.pairs.values()])
    Substitution.objects.bulk_create(
        Substitution(pair=pair.row, player_out=out, player_in=in_, from_round=from_round)
        for pair in backup.pairs.values()
        for from_round, out, in_ in pair.placed_substitutions
    )
    for round_ in backup.rounds:
        round_.row.tournament = tournament
    Round.objects.bulk_create([round_.row for round_ in backup.rounds])
    tables = {}
    for round_ in backup.rounds:
        for table in round_.tables:
            table.row.round = round_.row
            tables[(round_.row.number, table.row.number)] = table.row
    insert_rows(Table, list(tables.values()))
    seats = [
        Seat(
            round=round_.row,
            table=table.row,
            pair=backup.pairs[pair].row,
            direction=POSITION_DIRECTION.get(place, place),
            position=place if place in POSITION_DIRECTION else "",
        )
        for round_ in backup.rounds
        for table in round_.tables
        for place, pair in table.places.items()
    ]
    insert_rows(Seat, seats)
    users = _users(backup, notes)
    deals = []
    for round_ in backup.rounds:
        for table in round_.tables:
            for deal in table.deals:
                deal.row.table = table.row
                deal.row.entered_by = users.get(deal.user or "")
                deals.append(deal)
    insert_rows(Deal, [deal.row for deal in deals], moments=("updated_at",))
    sides = []
    for deal in deals:
        for side in deal.sides:
            side.row.deal = deal.row
            side.row.pair = backup.pairs[side.pair].row
            sides.append(side)
    insert_rows(DealSide, [side.row for side in sides])
    for side in sides:
        for meld in side.melds:
            meld.side = side.row
    insert_rows(Meld, [meld for side in sides for meld in side.melds])
    for change in backup.changes:
        change.row.tournament = tournament
        change.row.table = tables[change.place]
        change.row.user = users.get(change.user or "")
        change.row.pair = None if change.pair is None else backup.pairs[change.pair].row
    insert_rows(ResultChange, [change.row for change in backup.changes], moments=("at",))
    _restore_proposals(backup)
    for event in backup.events:
        event.row.tournament = tournament
        event.row.user = users.get(event.user or "")
    TournamentEvent.objects.bulk_create(event.row for event in backup.events)
    for event in backup.events:
        event.row.at = event.at
    put_back(TournamentEvent, "at", [e.row for e in backup.events])

    pairs = {number: pair.row for number, pair in backup.pairs.items()}
    restore_decisions(tournament, backup.decisions, pairs, users)
    restore_phases(data, tournament, pairs, tables)
    restore_sessions(data, tournament)

    check_tables(backup)
    check_standings(backup)
    check_pages(backup)
    return tournament


def _restore_proposals(backup: Backup) -> None:
    """The deals the pairs wrote, each with the version it answers and its own moment."""
    proposals = []
    for round_ in backup.rounds:
        for table in round_.tables:
            for proposal in table.proposals:
                proposal.row.table = table.row
                proposal.row.pair = backup.pairs[proposal.pair].row
                proposals.append(proposal)
    DealProposal.objects.bulk_create(proposal.row for proposal in proposals)
    for round_ in backup.rounds:
        for table in round_.tables:
            for proposal in table.proposals:
                proposal.row.created_at = proposal.created_at
                if proposal.answers is not None:
                    proposal.row.answers = table.proposals[proposal.answers].row
    DealProposal.objects.bulk_update(
        [proposal.row for proposal in proposals], ["created_at", "answers"], batch_size=500
    )


def _choose_slug(tournament: Tournament, club: Club, notes: list[str]) -> None:
    base = tournament.slug
    taken = set(
        Tournament.objects.filter(club=club, slug__startswith=base).values_list("slug", flat=True)
    )
    if base not in taken:
        return
    limit = Tournament._meta.get_field("slug").max_length or 80
    n = 2
    while (slug := f"{base[: limit - len(str(n)) - 1]}-{n}") in taken:
        n += 1
    notes.append(f"The slug {base} is already taken in {club.name}, so the copy is {slug}.")
    tournament.slug = slug


def _place_players(backup: Backup, club: Club, notes: list[str]) -> None:
    """Give each pair its players, and its substitutions theirs: the club's own when they are
    known, else new ones."""
    known = list(Player.objects.filter(club=club).order_by("pk"))
    by_card = {player.card_number: player for player in known if player.card_number}
    by_name: dict[tuple[str, str], list[Player]] = defaultdict(list)
    for player in known:
        by_name[(player.first_name.casefold(), player.last_name.casefold())].append(player)
    new: list[Player] = []
    reused: set[int] = set()

    def place(person: Row) -> Player:
        card = person["card_number"]
        # a file written before surnames kept their particles ("Luciano De" "Luca")
        first, last = move_particles(person["first_name"], person["last_name"])
        person = {**person, "first_name": first, "last_name": last}
        name = (first.casefold(), last.casefold())
        found: Player | None = by_card.get(card) if card else None
        if found is None:
            found = next((p for p in by_name[name] if not card or not p.card_number), None)
        if found is None:
            found = Player(club=club, **person, sort_name=sort_name(last, first))
            new.append(found)
            by_name[name].append(found)
            if card:
                by_card[card] = found
        elif found.pk is not None:
            reused.add(found.pk)
        return found

    for number, pair in sorted(backup.pairs.items()):
        players = [None if person is None else place(person) for person in pair.players]
        one, two = players
        assert one is not None  # _read insists on the first player
        if one is two:
            raise ServiceError(
                f"Pair {number}: both players are {one.full_name} in {club.name} (same card "
                "number or name), and a pair needs two different players; nothing was imported."
            )
        pair.row.player_one, pair.row.player_two = one, two
        pair.placed_substitutions = [
            (from_round, place(out), place(in_)) for from_round, out, in_ in pair.substitutions
        ]
    Player.objects.bulk_create(new)
    notes.append(f"Players: {len(reused)} of {club.name}'s own, {len(new)} new.")


def _users(backup: Backup, notes: list[str]) -> dict[str, Any]:
    deals = [deal.user for deal in backup.deals() if deal.user]
    changes = [change.user for change in backup.changes if change.user]
    changes += [event.user for event in backup.events if event.user]
    changes += [decision.user for decision in backup.decisions if decision.user]
    model = get_user_model()
    names = set(deals) | set(changes)
    users = {
        str(user.get_username()): user
        for user in model._default_manager.filter(**{f"{model.USERNAME_FIELD}__in": names})
    }
    missing = sorted(names - set(users))
    if missing:
        lost_deals = sum(name in missing for name in deals)
        lost_changes = sum(name in missing for name in changes)
        notes.append(
            f"No user here is called {', '.join(missing)}: {lost_deals} deal(s) and "
            f"{lost_changes} audit record(s) are kept without a user."
        )
    return users
