"""The shape of a tournament: who its entrants are (pairs, or players alone in an individual
tournament, RULES.md "Individual tournaments"), which movements seat its rounds, and the plan
of movements an evening follows when the organiser chose none. Services and pages ask here
rather than testing the tournament's fields themselves; what a page says of the entrants
(pairs, or players) is in `rules.entrant_texts`.

In an individual tournament each player is entered as a pair row with one player: its number
is the player number, its link and code the player's own, its standing the player's. A round
seats four players a table (North and South partner East and West); one to three players sit
out at bye tables of their own.
"""

from dataclasses import dataclass
from typing import Protocol

from django.utils.translation import ngettext

PAIRS, PLAYERS = "pairs", "players"
"""The values of `Tournament.entrants`."""

RANDOM, DANESE = "random", "danese"
SCHEDULE8, ROTATION12 = "schedule8", "rotation12"
INDIVIDUAL_MOVEMENTS = (RANDOM, SCHEDULE8, ROTATION12, DANESE)
"""The movements that seat an individual round (`movements.individual_registry`)."""
FIXED_SCHEDULES = {SCHEDULE8: (8, 7), ROTATION12: (12, 11)}
"""A fixed schedule's field size and number of rounds (RULES.md)."""
PAIR_MOVEMENTS = ("random", "mitchell", "danese", "round_robin")
"""The movements that seat a pairs round (`movements.registry`)."""

POSITIONS = ("N", "S", "E", "W")
"""An individual table's seats: North and South partner East and West."""


class Shaped(Protocol):
    entrants: str


@dataclass(frozen=True)
class Shape:
    """A tournament's shape alone, for a reader without the tournament (a Shaped)."""

    entrants: str


def is_individual(tournament: Shaped) -> bool:
    """Whether the entrants are players ranked alone (an individual tournament)."""
    return tournament.entrants == PLAYERS


def movements_offered(tournament: Shaped) -> tuple[str, ...]:
    """The movements a round of this tournament may be seated by."""
    return INDIVIDUAL_MOVEMENTS if is_individual(tournament) else PAIR_MOVEMENTS


def individual_plan(players: int, rounds: int) -> list[str]:
    """The movements of an individual evening the organiser left to the field's size: 8
    players the complete schedule (7 rounds), 12 players the rotation (11 rounds), any other
    size a random first round and then the Danese. Rounds past a schedule's end are Danese."""
    for movement, (size, length) in FIXED_SCHEDULES.items():
        if players == size:
            return [movement] * min(rounds, length) + [DANESE] * max(rounds - length, 0)
    return ([RANDOM] + [DANESE] * (rounds - 1))[:rounds]


def planned_individual_movement(
    plan: list[str], number: int, players: int, rounds: int, *, changed: bool = False
) -> str:
    """Round `number`'s movement in an individual tournament: the organiser's plan where it
    names an individual movement, else the plan by the field's size. A fixed schedule that no
    longer fits the field (`changed`: a player joined late or withdrew) gives way to the
    Danese (`rules.individual_changes`)."""
    chosen = plan[number - 1] if number <= len(plan) else ""
    if chosen not in INDIVIDUAL_MOVEMENTS:
        chosen = individual_plan(players, max(rounds, number))[number - 1]
    if chosen in FIXED_SCHEDULES and changed:
        return DANESE
    return chosen


def scheduled_individual_movement(plan: list[str], number: int, players: int, rounds: int) -> str:
    """Round `number`'s movement as planned before the field changed: the organiser's plan,
    else the plan by the size of round 1's field (`players`)."""
    chosen = plan[number - 1] if number <= len(plan) else ""
    if chosen in INDIVIDUAL_MOVEMENTS:
        return chosen
    return individual_plan(players, max(rounds, number))[number - 1]


def field_movement(tournament: Shaped) -> str:
    """What seats a ready plan's rounds for the whole field after the first (drawn at random):
    the Mitchell for pairs; the Danese for players, who change partners every round."""
    return DANESE if is_individual(tournament) else "mitchell"


def field_danese_offered(tournament: Shaped) -> bool:
    """Whether the ready plan offers Danese rounds for the whole field apart from the first
    rounds (the referees' exam: Mitchell, then the Danese girone unico): players' rounds for
    the whole field are all Danese already, so theirs would only repeat it."""
    return not is_individual(tournament)


def girone_unit(tournament: Shaped) -> int:
    """What a field is split into gironi by: whole tables of four players in an individual
    event (`rules.phases.block_sizes`), single pairs otherwise."""
    return 4 if is_individual(tournament) else 1


def girone_minimum(tournament: Shaped) -> int:
    """The fewest entrants a girone can play a round with: one table (two pairs, four
    players)."""
    return 4 if is_individual(tournament) else 2


def players_per_entrant(tournament: Shaped, *, one_player_sides: bool) -> int:
    """Names a line of entry holds: one for an individual tournament or a two-player game."""
    return 1 if is_individual(tournament) or one_player_sides else 2


def field_text(tournament: Shaped, playing: int) -> str:
    """The field of a round about to be seated: who plays and how many sit out (one pair in
    an odd field; up to three players, a table being four)."""
    if not is_individual(tournament):
        if playing % 2 == 0:
            text = ngettext(
                "%(counter)s pair plays, none sits out",
                "%(counter)s pairs play, none sits out",
                playing,
            )
        else:
            text = ngettext(
                "%(counter)s pair plays: it sits out",
                "%(counter)s pairs play: one sits out",
                playing,
            )
        return text % {"counter": playing}
    out = playing % len(POSITIONS)
    if not out:
        text = ngettext(
            "%(counter)s player plays, none sits out",
            "%(counter)s players play, none sits out",
            playing,
        )
        return text % {"counter": playing}
    text = ngettext(
        "%(counter)s players play: %(out)s sits out",
        "%(counter)s players play: %(out)s sit out",
        out,
    )
    return text % {"counter": playing, "out": out}
