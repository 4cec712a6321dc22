"""Writes of a tournament's pairs (coppie): entered from pasted lines of names or from a file
(`services.entrants`), late pairs joining, and pairs removed."""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.models import Pair, Player, Round, Tournament, TournamentEvent
from tournaments.rules import limits
from tournaments.rules.entrant_texts import entrant_text, shape_text
from tournaments.rules.entry import finished_refusal
from tournaments.rules.individual_changes import late_player_round
from tournaments.rules.names import split_name
from tournaments.rules.progress import RoundState
from tournaments.rules.shapes import players_per_entrant
from tournaments.selectors.access import User
from tournaments.selectors.progress import progress_of
from tournaments.services.errors import ServiceError
from tournaments.services.events import record
from tournaments.services.individual_rounds import reseat_movement
from tournaments.services.links import codes_issued
from tournaments.services.phases import category_check, late_pairs_place
from tournaments.services.rounds import round_reseat
from tournaments.services.standings import standings_recompute
from tournaments.services.versions import results_changed

Kind = TournamentEvent.Kind

_SEPARATORS = re.compile(r"\s*(?:/|&|\t|;|,|\s-\s|\s–\s|\+)\s*")
_CARD = re.compile(r"(.*?)\s*\(\s*([\w.-]*\d[\w.-]*)\s*\)")
"""A name followed by its card number in brackets: "Maria Rossi (12345)"."""


def _name_and_card(name: str) -> tuple[str, str, str]:
    """A typed player as (first, last, card): "Maria Rossi (12345)" -> ("Maria", "Rossi",
    "12345"); a bracket without a digit is part of the name."""
    found = _CARD.fullmatch(name.strip())
    if found is None:
        return (*split_name(name), "")
    return (*split_name(found.group(1)), found.group(2))


def parse_pair_lines(
    text: str, *, players_per_pair: int, individual: bool = False
) -> list[list[tuple[str, str, str]]]:
    """Lines of 'First Last / First Last' into (first, last, card) names, each maybe followed
    by its card number in brackets; ServiceError otherwise (in an individual tournament's
    words if `individual`). A surname keeps its particle: 'Luciano De Luca' is ('Luciano',
    'De Luca', '')."""
    pairs, problems = [], []
    lines = text.splitlines()
    filled = sum(1 for line in lines if line.strip())
    if filled > limits.PAIR_LINES:
        raise ServiceError(
            shape_text(individual, "paste_too_many", most=limits.PAIR_LINES, lines=filled)
        )
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line:
            continue
        shown = line if len(line) <= 80 else line[:80] + "…"
        names = [name for name in _SEPARATORS.split(line) if name.strip()]
        if len(names) != players_per_pair:
            text = (
                _("Line %(line)s (%(shown)s): write one player.")
                if players_per_pair == 1
                else _("Line %(line)s (%(shown)s): write two players separated by /.")
            )
            problems.append(text % {"line": number, "shown": shown})
            continue
        split = [_name_and_card(name) for name in names]
        too_long = [part for first, last, _card in split for part in (first, last)]
        too_long = [part for part in too_long if len(part) > limits.NAME_LENGTH]
        long_card = next((card for *_names, card in split if len(card) > limits.CARD_LENGTH), "")
        if long_card:
            problems.append(
                _("Line %(line)s: a card number has at most %(most)s characters.")
                % {"line": number, "most": limits.CARD_LENGTH}
            )
            continue
        if too_long:
            problems.append(
                _(
                    "Line %(line)s: a first name or surname has at most %(most)s letters, and "
                    "“%(name)s…” has %(length)s."
                )
                % {
                    "line": number,
                    "most": limits.NAME_LENGTH,
                    "name": too_long[0][:20],
                    "length": len(too_long[0]),
                }
            )
            continue
        pairs.append(split)
    if problems:
        raise ServiceError(*problems)
    return pairs


@dataclass(frozen=True)
class Person:
    """A player as an entry names them: names, and the federation card number if given."""

    first_name: str
    last_name: str
    card_number: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


@dataclass(frozen=True)
class Entrant:
    """One pair to enter: its players, and where it was written ("Row 4" of a file; "" when
    typed), for the messages."""

    players: tuple[Person, ...]
    where: str = ""


@transaction.atomic
def pairs_add(
    *, tournament: Tournament, text: str, user: User | None = None, category: str = ""
) -> list[Pair]:
    """Add pairs, two names a line; players already known to the club are reused. Before
    round 1 is seated they enter the whole evening; once round 1 is seated (and round 2 is
    not) they are late pairs (`entrants_add`). `category`, one of the club's, is given to each
    of them (nothing is added when it is not one)."""
    per_pair = players_per_entrant(
        tournament, one_player_sides=tournament.rules.one_player_sides_only
    )
    lines = parse_pair_lines(text, players_per_pair=per_pair, individual=tournament.is_individual)
    if not lines:
        raise ServiceError(entrant_text(tournament, "write_one"))
    entrants = [Entrant(tuple(Person(*person) for person in names)) for names in lines]
    if category:
        category_check(tournament, [category])
    # a late pair after a split by category joins its category's girone: it has it on entry
    return entrants_add(tournament=tournament, entrants=entrants, user=user, category=category)


@transaction.atomic
def entrants_add(
    *,
    tournament: Tournament,
    entrants: Sequence[Entrant],
    user: User | None = None,
    source: str = "",
    category: str = "",
) -> list[Pair]:
    """Enter pairs, typed or read from a file (`source`: its name), each given `category` (one
    of the club's, checked by the caller) when one is: the club's players are
    reused (by card number when one is given, else by name) and a card number given fills an
    empty one. Before round 1 is seated the pairs play the whole evening. Until round 2 is
    seated they are late pairs: while round 1 is only seated they join it and it is seated
    again; once it has started they play from round 2 and score nothing for round 1 (their
    rounds played say so). A late player of an individual evening may join until the last
    round starts, the same way (`rules.individual_changes`). Nothing is saved when any pair
    is wrong."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()  # one entry at a time
    tournament.refresh_from_db()
    rounds = list(tournament.round_set.order_by("number"))
    refusal = progress_of(tournament, rounds).pairs_entry_refusal()
    if refusal:
        raise ServiceError(refusal)
    # a pair joins while round 1 is only seated, else from round 2; a late player of an
    # individual evening joins the round seated but not started, else the next one
    states = [RoundState(round_.number, round_.status) for round_ in rounds]
    joined_from = late_player_round(states)
    first = rounds[joined_from - 1] if joined_from <= len(rounds) else None
    if first is None and rounds:
        first = rounds[-1]
    known = {
        (p.first_name.casefold(), p.last_name.casefold()): p
        for p in Player.objects.filter(club=tournament.club).order_by("pk")
    }
    by_card = {
        p.card_number: p
        for p in Player.objects.filter(club=tournament.club).exclude(card_number="")
    }
    entered = {
        pid
        for pair in tournament.pairs.all()
        for pid in (pair.player_one_id, pair.player_two_id)
        if pid
    }
    next_number = (tournament.pairs.aggregate(n=Max("number"))["n"] or 0) + 1
    created = []
    problems: list[str] = []
    cards_given: dict[str, str] = {}
    for entrant in entrants:
        players = []
        for person in entrant.players:
            try:
                player = _player_for(tournament, person, known, by_card, cards_given, entrant.where)
            except ServiceError as error:
                problems.extend(error.messages)
                continue
            if player.pk in entered:
                problems.append(
                    _where(
                        entrant.where,
                        entrant_text(tournament, "already_entered", name=player.full_name),
                    )
                )
            entered.add(player.pk)
            players.append(player)
        if len(players) != len(entrant.players):
            continue
        if len(players) == 2 and players[0].pk == players[1].pk:
            problems.append(
                _where(
                    entrant.where,
                    _("A pair needs two different players (%(name)s).")
                    % {"name": players[0].full_name},
                )
            )
            continue
        created.append(
            Pair(
                tournament=tournament,
                number=next_number,
                player_one=players[0],
                player_two=players[1] if len(players) > 1 else None,
                joined_from=joined_from,
                category=category,
            )
        )
        next_number += 1
    if problems:
        raise ServiceError(*problems)
    codes_issued(tournament, created)
    pairs = Pair.objects.bulk_create(created)
    late_pairs_place(tournament, pairs)
    _record_entry(tournament, pairs, first, user=user, source=source)
    if first is not None and first.status == Round.Status.SEATING:
        # the field changed: the movement chooses its step again, as for a withdrawal
        movement = first.movement
        if tournament.is_individual:
            movement = reseat_movement(tournament, first)
        round_reseat(round=first, movement=movement, user=user, why="pair_joined")
    elif first is not None:
        standings_recompute(tournament=tournament)  # the late pair takes its place, at 0
    results_changed(tournament)
    return pairs


def _where(where: str, message: str) -> str:
    return f"{where}: {message}" if where else message


def _player_for(
    tournament: Tournament,
    person: Person,
    known: dict[tuple[str, str], Player],
    by_card: dict[str, Player],
    cards_given: dict[str, str],
    where: str,
) -> Player:
    """The club's player an entry names, made when new; a card number reuses its player."""
    key = (person.first_name.casefold(), person.last_name.casefold())
    card = person.card_number
    if card:
        if card in cards_given and cards_given[card] != person.full_name:
            raise ServiceError(
                _where(
                    where,
                    _("card number %(card)s is given to %(one)s and to %(other)s.")
                    % {"card": card, "one": cards_given[card], "other": person.full_name},
                )
            )
        cards_given[card] = person.full_name
        holder = by_card.get(card)
        if holder is not None:
            if (holder.first_name.casefold(), holder.last_name.casefold()) != key:
                raise ServiceError(
                    _where(
                        where,
                        _(
                            "card number %(card)s belongs to %(holder)s in the club's records, "
                            "not to %(name)s."
                        )
                        % {"card": card, "holder": holder.full_name, "name": person.full_name},
                    )
                )
            return holder
    player = known.get(key)
    if player is not None and card and player.card_number and player.card_number != card:
        player = None  # a namesake with another card: another person
    if player is None:
        player = Player.objects.create(
            club=tournament.club,
            first_name=person.first_name,
            last_name=person.last_name,
            card_number=card,
        )
        known.setdefault(key, player)
    elif card and not player.card_number:
        player.card_number = card
        player.save(update_fields=["card_number"])
    if card:
        by_card[card] = player
    return player


def _record_entry(
    tournament: Tournament,
    pairs: list[Pair],
    first: Round | None,
    *,
    user: User | None,
    source: str,
) -> None:
    details: dict[str, Any] = {"source": source} if source else {}
    if first is None:
        record(
            tournament,
            Kind.PAIR_ADDED,
            user=user,
            after=[{"pair": pair.number, "names": pair.names} for pair in pairs],
            **details,
        )
        return
    for pair in pairs:
        record(
            tournament,
            Kind.PAIR_JOINED,
            user=user,
            round_number=pair.joined_from,
            after={"pair": pair.number, "names": pair.names, "from_round": pair.joined_from},
            **details,
        )


@transaction.atomic
def pair_remove(*, pair: Pair, user: User | None = None) -> None:
    """Remove a pair entered by mistake, before round 1 is seated (later, it withdraws)."""
    tournament = pair.tournament
    if tournament.is_finished:
        raise ServiceError(finished_refusal())
    if tournament.round_set.exists():
        raise ServiceError(
            entrant_text(tournament, "remove_too_late"),
            entrant_text(tournament, "remove_then_withdraw"),
        )
    record(
        tournament, Kind.PAIR_REMOVED, user=user, before={"pair": pair.number, "names": pair.names}
    )
    pair.delete()
    results_changed(tournament)
