"""Reads of a pair's story during an evening: who played which rounds for it (after a
substitution) — for the organiser's pair page and the public one; and where a club's player
shows (the tournaments a name correction changes)."""

from dataclasses import dataclass

from django.db.models import Q

from tournaments.models import Pair, Player, Tournament


@dataclass(frozen=True)
class Spell:
    """A player's rounds for a pair: from `first` to `last` (None: to the end)."""

    name: str
    first: int
    last: int | None


def player_spells(pair: Pair) -> tuple[Spell, ...]:
    """Who played which rounds for the pair, in order of their first round; empty when no
    player was replaced (its two players played every round). One query."""
    substitutions = list(
        pair.substitutions.select_related("player_out", "player_in").order_by("from_round", "id")
    )
    if not substitutions:
        return ()
    spells: list[Spell] = []
    start: dict[int, int] = {}
    for change in substitutions:
        first = start.pop(change.player_out_id, pair.joined_from)
        if first <= change.from_round - 1:
            spells.append(Spell(change.player_out.full_name, first, change.from_round - 1))
        start[change.player_in_id] = change.from_round
    for player in (pair.player_one, pair.player_two):
        if player is not None:
            spells.append(Spell(player.full_name, start.get(player.pk, pair.joined_from), None))
    return tuple(sorted(spells, key=lambda spell: (spell.first, spell.name)))


def player_tournaments(player: Player) -> list[Tournament]:
    """Every tournament that shows the player's name: as a player of a pair, or as one who
    played some rounds for it before or after a substitution. The latest first."""
    shown = (
        Q(pairs__player_one=player)
        | Q(pairs__player_two=player)
        | Q(pairs__substitutions__player_out=player)
        | Q(pairs__substitutions__player_in=player)
    )
    ids = Tournament.objects.filter(shown).values("pk")
    return list(Tournament.objects.filter(pk__in=ids).select_related("club"))
