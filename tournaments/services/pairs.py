"""Writes of a tournament's pairs (coppie): added from pasted lines of names, or removed."""

import re

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.models import Pair, Player, Tournament
from tournaments.rules import limits
from tournaments.rules.names import split_name
from tournaments.services.errors import ServiceError
from tournaments.services.versions import results_changed

_SEPARATORS = re.compile(r"\s*(?:/|&|\t|;|,|\s-\s|\s–\s|\+)\s*")


def parse_pair_lines(text: str, *, players_per_pair: int) -> list[list[tuple[str, str]]]:
    """Lines of 'First Last / First Last' into (first, last) names; ServiceError otherwise.
    A surname keeps its particle: 'Luciano De Luca' is ('Luciano', 'De Luca')."""
    pairs, problems = [], []
    lines = text.splitlines()
    filled = sum(1 for line in lines if line.strip())
    if filled > limits.PAIR_LINES:
        raise ServiceError(
            _(
                "Add at most %(most)s pairs at a time: this has %(lines)s lines. "
                "Paste them in parts."
            )
            % {"most": limits.PAIR_LINES, "lines": filled}
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
        split = [split_name(name) for name in names]
        too_long = [part for first, last in split for part in (first, last)]
        too_long = [part for part in too_long if len(part) > limits.NAME_LENGTH]
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


@transaction.atomic
def pairs_add(*, tournament: Tournament, text: str) -> list[Pair]:
    """Add pairs, two names a line; players already known to the club are reused."""
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError(_("The tournament is finished: no pairs can be added."))
    if tournament.round_set.exists():
        raise ServiceError(_("Pairs can only be added before the first round is seated."))
    per_pair = 1 if tournament.rules.one_player_sides_only else 2
    lines = parse_pair_lines(text, players_per_pair=per_pair)
    if not lines:
        raise ServiceError(_("Write at least one pair, one a line."))
    known = {
        (p.first_name.casefold(), p.last_name.casefold()): p
        for p in Player.objects.filter(club=tournament.club)
    }
    entered = {
        pid
        for pair in tournament.pairs.all()
        for pid in (pair.player_one_id, pair.player_two_id)
        if pid
    }
    next_number = (tournament.pairs.aggregate(n=Max("number"))["n"] or 0) + 1
    created = []
    problems = []
    for names in lines:
        players = []
        for first, last in names:
            player = known.get((first.casefold(), last.casefold()))
            if player is None:
                player = Player.objects.create(
                    club=tournament.club, first_name=first, last_name=last
                )
                known[(first.casefold(), last.casefold())] = player
            if player.pk in entered:
                problems.append(
                    _("%(name)s is already in a pair of this tournament.")
                    % {"name": player.full_name}
                )
            entered.add(player.pk)
            players.append(player)
        if len(players) == 2 and players[0].pk == players[1].pk:
            problems.append(
                _("A pair needs two different players (%(name)s).") % {"name": players[0].full_name}
            )
            continue
        created.append(
            Pair(
                tournament=tournament,
                number=next_number,
                player_one=players[0],
                player_two=players[1] if len(players) > 1 else None,
            )
        )
        next_number += 1
    if problems:
        raise ServiceError(*problems)
    pairs = Pair.objects.bulk_create(created)
    results_changed(tournament)
    return pairs


@transaction.atomic
def pair_remove(*, pair: Pair) -> None:
    if pair.tournament.round_set.exists():
        raise ServiceError(_("A pair can only be removed before the first round is seated."))
    pair.delete()
    results_changed(pair.tournament)
