"""Writes of a pair during an evening: a name corrected, a pair that withdraws, a player
replaced by a substitute. Each lands in the audit record with who, when, before and after.

A withdrawn pair keeps its results and its place in the standings and is left out of every
round seated after it withdrew (`Pair.plays_in`: the movements, the bye rotation, Danese). A
substitute takes the player's place in the pair from a round on: the pair keeps its number
and results and shows its players of now; `Substitution` says who played which rounds."""

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Pair, Player, Round, Seat, Substitution, Tournament, TournamentEvent
from tournaments.rules import limits
from tournaments.rules.entrant_texts import entrant_text
from tournaments.rules.entry import finished_refusal
from tournaments.rules.individual_changes import seated_withdrawal_refusal, withdrawal_refusal
from tournaments.selectors.access import User
from tournaments.selectors.pairs import player_tournaments, withdrawal_seat
from tournaments.services.errors import ServiceError
from tournaments.services.events import record
from tournaments.services.individual_rounds import reseat_movement
from tournaments.services.rounds import round_reseat
from tournaments.services.versions import results_changed

Kind = TournamentEvent.Kind
BYE, RESEAT, TOGETHER = "bye", "reseat", "together"
"""What becomes of a seated round that a pair leaves: its opponents get the bye award at its
table, or the round is seated again without it, or (when another pair already sits out that
round and has not met them) that pair takes its place against them."""


@dataclass(frozen=True)
class Withdrawal:
    pair: Pair
    from_round: int
    seated: str
    """BYE or RESEAT when a seated round lost the pair, else ""."""
    warnings: tuple[str, ...] = ()
    """The promises the round seated again breaks (no seating of those left keeps them)."""


def _check_names(first_name: str, last_name: str, card_number: str) -> tuple[str, str, str]:
    first, last, card = (" ".join(v.split()) for v in (first_name, last_name, card_number))
    if not last:
        raise ServiceError(_("Write the player's surname."))
    for part in (first, last):
        if len(part) > limits.NAME_LENGTH:
            raise ServiceError(
                _(
                    "A first name or surname has at most %(most)s letters, and “%(name)s…” has "
                    "%(length)s."
                )
                % {"most": limits.NAME_LENGTH, "name": part[:20], "length": len(part)}
            )
    if len(card) > limits.CARD_LENGTH:
        raise ServiceError(
            _("A card number has at most %(most)s characters.") % {"most": limits.CARD_LENGTH}
        )
    return first, last, card


def _person(player: Player) -> dict[str, str]:
    return {"name": player.full_name, "card": player.card_number}


@dataclass(frozen=True)
class Rename:
    """A name correction as it would be made (`player_rename_preview`) or was made
    (`player_rename`): whose name changes, from what to what, and where it shows."""

    player: Player
    before_name: str
    before_card: str
    after_name: str
    after_card: str
    tournaments: list[Tournament]
    """Every tournament that shows the player's name, the latest first."""
    namesakes: list[Player]
    """Other players of the club already called by the new name: perhaps the one meant."""

    @property
    def changed(self) -> bool:
        return (self.before_name, self.before_card) != (self.after_name, self.after_card)

    @property
    def name_changed(self) -> bool:
        return self.before_name != self.after_name


def _renamed(
    tournament: Tournament,
    player: Player,
    first_name: str,
    last_name: str,
    card_number: str | None,
) -> tuple[Pair, Player, Rename]:
    """The checks of a name correction, and the player with the new name set but not saved."""
    pair = (
        tournament.pairs.filter(player_one=player).first()
        or tournament.pairs.filter(player_two=player).first()
    )
    if pair is None:
        raise ServiceError(
            _("%(name)s plays in no pair of this tournament.") % {"name": player.full_name}
        )
    card = player.card_number if card_number is None else card_number
    first, last, card = _check_names(first_name, last_name, card)
    if (
        card
        and Player.objects.filter(club=player.club_id, card_number=card)
        .exclude(pk=player.pk)
        .exists()
    ):
        holder = Player.objects.get(club=player.club_id, card_number=card)
        raise ServiceError(
            _("Card number %(card)s belongs to %(holder)s in the club's records.")
            % {"card": card, "holder": holder.full_name}
        )
    before = _person(player)
    player.first_name, player.last_name, player.card_number = first, last, card
    namesakes: list[Player] = []
    if before["name"].casefold() != player.full_name.casefold():  # not a mere change of case
        namesakes = list(
            Player.objects.filter(
                club=player.club_id, first_name__iexact=first, last_name__iexact=last
            ).exclude(pk=player.pk)
        )
    rename = Rename(
        player=player,
        before_name=before["name"],
        before_card=before["card"],
        after_name=player.full_name,
        after_card=card,
        tournaments=player_tournaments(player),
        namesakes=namesakes,
    )
    return pair, player, rename


def player_rename_preview(
    *,
    tournament: Tournament,
    player: Player,
    first_name: str,
    last_name: str,
    card_number: str | None = None,
) -> Rename:
    """What `player_rename` would do with these values, nothing saved: for the page that asks
    the organiser to confirm. Refused as `player_rename` would refuse it."""
    player = Player.objects.get(pk=player.pk)
    return _renamed(tournament, player, first_name, last_name, card_number)[2]


@transaction.atomic
def player_rename(
    *,
    tournament: Tournament,
    player: Player,
    first_name: str,
    last_name: str,
    card_number: str | None = None,
    user: User | None = None,
) -> Rename:
    """Correct a player's name (and card number, when given) in the club's records: a typo
    fixed shows in every tournament. Allowed at any time, even once finished; recorded in the
    tournament where it was made. (A different person who played instead is a substitute, not
    a rename: the page that confirms a rename says so.)"""
    player = Player.objects.select_for_update().get(pk=player.pk)
    pair, player, rename = _renamed(tournament, player, first_name, last_name, card_number)
    if not rename.changed:
        return rename
    player.save(update_fields=["first_name", "last_name", "card_number"])
    record(
        tournament,
        Kind.PAIR_RENAMED,
        user=user,
        before={"pair": pair.number, "name": rename.before_name, "card": rename.before_card},
        after={"pair": pair.number, **_person(player)},
    )
    for each in rename.tournaments:
        results_changed(each)
    return rename


@transaction.atomic
def pair_withdraw(*, pair: Pair, seated: str = "", user: User | None = None) -> Withdrawal:
    """The pair leaves the evening: it plays no round seated after now. When the next round is
    seated but not started it leaves that round too, and `seated` says how: BYE (its opponents
    get the bye award at that table) or RESEAT (the round is seated again without it). A
    started round cannot lose a pair: the pair leaves from the round after it. A player of an
    individual evening leaves a seated round by RESEAT only, and four players must stay
    (`rules.individual_changes`)."""
    tournament = Tournament.objects.select_for_update().get(pk=pair.tournament_id)
    pair = Pair.objects.select_for_update().get(pk=pair.pk)
    if tournament.is_finished:
        raise ServiceError(finished_refusal())
    if pair.withdrawn_from is not None:
        raise ServiceError(
            entrant_text(
                tournament, "withdrawn_already", pair=pair.number, round=pair.withdrawn_from
            )
        )
    last = tournament.round_set.order_by("-number").first()
    if last is None:
        raise ServiceError(entrant_text(tournament, "withdraw_unseated", pair=pair.number))
    waiting = last.status == Round.Status.SEATING
    from_round = last.number if waiting else last.number + 1
    seat = last.seats.select_related("table").filter(pair=pair).first() if waiting else None
    individual = tournament.is_individual
    if individual and seat is not None and not seat.table.is_bye:
        refusal = seated_withdrawal_refusal(seated, reseat=RESEAT)
        if refusal:
            raise ServiceError(refusal)
        seated = RESEAT  # a table of three cannot play: the round is seated again
    if seat is not None and seat.table.is_bye:
        seated = BYE  # it sat out: its bye simply goes
    elif seat is not None and seated not in (BYE, RESEAT, TOGETHER):
        raise ServiceError(
            _(
                "Round %(round)s is seated with pair %(pair)s at table %(table)s: choose whether "
                "its opponents get the bye award or the round is seated again without it."
            )
            % {"round": last.number, "pair": pair.number, "table": seat.table.number}
        )
    staying = [
        other
        for other in tournament.pairs.all()
        if other.pk != pair.pk and other.plays_in(from_round)
    ]
    if individual:
        refusal = withdrawal_refusal(number=pair.number, staying=len(staying))
        if refusal:
            raise ServiceError(refusal)
    elif len(staying) < 2:
        raise ServiceError(
            _("Pair %(pair)s cannot withdraw: fewer than two pairs would be left to play.")
            % {"pair": pair.number}
        )
    table_number = seat.table.number if seat is not None and not seat.table.is_bye else None
    place = withdrawal_seat(pair, last) if seated == TOGETHER else None
    if seated == TOGETHER and (place is None or not place.together):
        raise ServiceError(
            _("No pair sits out round %(round)s that could play pair %(pair)s's opponents.")
            % {"round": last.number, "pair": pair.number}
        )
    pair.withdrawn_from = from_round
    pair.save(update_fields=["withdrawn_from"])
    warnings: tuple[str, ...] = ()
    if seat is None:
        seated = ""
    elif seated == RESEAT:
        # the field changed: the movement chooses its step again (a step found for the old
        # field may now bring back a meeting another seating avoids)
        movement = reseat_movement(tournament, last) if individual else last.movement
        reseated = round_reseat(round=last, movement=movement, user=user, why="pair_withdrawn")
        warnings = tuple(reseated.warnings)
    elif seated == TOGETHER and place is not None and place.sitting_out is not None:
        _seat_together(seat, place.sitting_out)
    else:
        _leave_to_bye(seat)
    extra: dict[str, Any] = {"seated": seated} if seated else {}
    record(
        tournament,
        Kind.PAIR_WITHDRAWN,
        user=user,
        round_number=from_round,
        table_number=table_number,
        before={"pair": pair.number, "names": pair.names},
        after={"from_round": from_round},
        **extra,
    )
    results_changed(tournament)
    return Withdrawal(pair, from_round, seated, warnings)


def _seat_together(seat: Seat, sitting_out: Pair) -> None:
    """The pair that sat out takes the withdrawn pair's seat: its bye table goes."""
    Seat.objects.filter(round=seat.round_id, pair=sitting_out).delete()
    seat.round.tables.filter(is_bye=True, seats__isnull=True).delete()
    seat.pair = sitting_out
    seat.save(update_fields=["pair"])


def _leave_to_bye(seat: Seat) -> None:
    """The withdrawn pair's seat goes; its table becomes a bye for the opponents, who sit
    North-South there (a bye's one seat) and get the bye award when the round starts."""
    table = seat.table
    seat.delete()
    if table.is_bye:
        table.delete()
        return
    table.seats.update(direction=Seat.Direction.NS)
    table.is_bye = True
    table.save(update_fields=["is_bye"])


@transaction.atomic
def pair_substitute(
    *,
    pair: Pair,
    player: Player,
    first_name: str,
    last_name: str,
    card_number: str = "",
    from_round: int,
    user: User | None = None,
) -> Substitution:
    """`player` is replaced in `pair` by a substitute from round `from_round` on: the pair keeps
    its number and results and shows the substitute's name from now on. The substitute is a
    club player found by card number or name, or a new one."""
    tournament = Tournament.objects.select_for_update().get(pk=pair.tournament_id)
    Pair.objects.select_for_update().filter(pk=pair.pk).first()  # one change of a pair at once
    pair = Pair.objects.select_related("player_one", "player_two").get(pk=pair.pk)
    if tournament.is_finished:
        raise ServiceError(finished_refusal())
    position = "player_one" if pair.player_one_id == player.pk else "player_two"
    if getattr(pair, f"{position}_id") != player.pk:
        raise ServiceError(
            entrant_text(tournament, "not_in_entrant", name=player.full_name, pair=pair.number)
        )
    last = tournament.round_set.order_by("-number").first()
    latest = (last.number + 1) if last is not None else 1
    earliest = max([pair.joined_from, *pair.substitutions.values_list("from_round", flat=True)])
    if not earliest <= from_round <= min(latest, tournament.rounds):
        high = min(latest, tournament.rounds)
        raise ServiceError(
            entrant_text(tournament, "substitute_rounds", pair=pair.number, low=earliest, high=high)
        )
    first, last_name, card = _check_names(first_name, last_name, card_number)
    substitute = _club_player(tournament, first, last_name, card)
    in_pairs = {
        pid
        for other in tournament.pairs.all()
        for pid in (other.player_one_id, other.player_two_id)
        if pid
    }
    if substitute.pk in in_pairs:
        raise ServiceError(entrant_text(tournament, "already_entered", name=substitute.full_name))
    change = Substitution.objects.create(
        pair=pair, player_out=player, player_in=substitute, from_round=from_round
    )
    setattr(pair, position, substitute)
    pair.save(update_fields=[position])
    record(
        tournament,
        Kind.SUBSTITUTED,
        user=user,
        round_number=from_round,
        before={"pair": pair.number, "player": player.full_name},
        after={"pair": pair.number, "player": substitute.full_name, "from_round": from_round},
    )
    results_changed(tournament)
    return change


def _club_player(tournament: Tournament, first: str, last: str, card: str) -> Player:
    """The club's player with this card number, else with this name, else a new one."""
    players = Player.objects.filter(club=tournament.club)
    if card:
        holder = players.filter(card_number=card).first()
        if holder is not None:
            if (holder.first_name.casefold(), holder.last_name.casefold()) != (
                first.casefold(),
                last.casefold(),
            ):
                raise ServiceError(
                    _("Card number %(card)s belongs to %(holder)s in the club's records.")
                    % {"card": card, "holder": holder.full_name}
                )
            return holder
    named = players.filter(first_name__iexact=first, last_name__iexact=last).order_by("pk")
    found = named.first()
    if found is not None and (not card or not found.card_number):
        if card:
            found.card_number = card
            found.save(update_fields=["card_number"])
        return found
    return Player.objects.create(
        club=tournament.club, first_name=first, last_name=last, card_number=card
    )
