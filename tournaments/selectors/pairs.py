"""Reads of a pair's story during an evening: who played which rounds for it (after a
substitution) — for the organiser's pair page and the public one."""

from dataclasses import dataclass

from tournaments.models import Pair


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
