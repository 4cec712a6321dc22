"""May the field of an individual evening change now, and what follows when it does (RULES.md
"Individual tournaments"; README "Pairs that change"): a late player, a player who withdraws,
a substitute. Each question is one function the service raises and the page asks.

- **A late player** may join until the last round has started: while a round is seated but not
  started they join it (it is seated again); once it has started they play from the next one.
  The rounds they missed score nothing and count as rounds out (as a late pair's).
- **A player who withdraws** plays no round seated after now, so at least four players must
  stay; a round seated but not started is seated again without them (a table of three cannot
  play, so the pairs' "bye award at its table" has no meaning here).
- **A fixed schedule** (the 8-player schedule, the 12-player rotation) is drawn for one field
  from round 1 on: once a player has joined late or withdrawn, the rounds left are seated by
  the individual Danese, and the page that seats a round says so before anything is seated.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.rules import shapes
from tournaments.rules.progress import SEATING, RoundState, finished_refusal

TABLE_PLAYERS = 4
"""The players an individual round needs at least: one table."""


@dataclass(frozen=True, slots=True)
class FieldChange:
    """When one player's part of the evening began and ended (`Pair.joined_from`,
    `Pair.withdrawn_from`)."""

    joined_from: int
    withdrawn_from: int | None


def field_changed(players: Iterable[FieldChange], number: int) -> bool:
    """Whether round `number`'s field differs from round 1's: someone joined after round 1 or
    withdrew after playing it (a player withdrawn from round 1 on was never in the field)."""
    return any(
        1 < player.joined_from <= number
        or (player.withdrawn_from is not None and 1 < player.withdrawn_from <= number)
        for player in players
    )


def in_first_field(player: FieldChange) -> bool:
    """Whether the player is one of round 1's field."""
    return player.joined_from == 1 and player.withdrawn_from != 1


def schedule_fallback_text(movement: str, number: int, players: int) -> str:
    """What the organiser reads before seating a round that a fixed schedule would have seated:
    the rounds left go to the Danese."""
    names = {
        shapes.SCHEDULE8: _("The 8-player schedule"),
        shapes.ROTATION12: _("The 12-player rotation"),
    }
    return _(
        "%(schedule)s is drawn for the players of round 1, and the players have changed "
        "(%(players)s play now): round %(round)s and the rounds after it are seated by the "
        "individual Danese, never with a partner a player has had."
    ) % {"schedule": names.get(movement, movement), "players": players, "round": number}


def late_player_refusal(*, finished: bool, rounds: Sequence[RoundState], planned: int) -> str:
    """Why no player can join an individual evening now ("" when one can): a late player joins
    the round seated but not started, else the next one, so there must be one left."""
    if finished:
        return finished_refusal()
    last = rounds[-1] if rounds else None
    if last is not None and last.status != SEATING and last.number >= planned:
        return _(
            "Round %(round)s has started and it is the last round: a late player would play "
            "nothing."
        ) % {"round": last.number}
    return ""


def late_player_round(rounds: Sequence[RoundState]) -> int:
    """The first round a player entered now plays: the round seated but not started, else
    the next one (1 before any round is seated)."""
    last = rounds[-1] if rounds else None
    if last is None:
        return 1
    return last.number if last.status == SEATING else last.number + 1


def withdrawal_refusal(*, number: int, staying: int) -> str:
    """Why player `number` cannot withdraw ("" when they can): a round needs four players."""
    if staying < TABLE_PLAYERS:
        return _(
            "Player %(player)s cannot withdraw: fewer than four players would be left to play "
            "a table."
        ) % {"player": number}
    return ""


def seated_withdrawal_refusal(seated: str, *, reseat: str) -> str:
    """Why a withdrawal from a round seated but not started cannot be done the way chosen: an
    individual round is seated again without the player, never left with a table of three."""
    if seated and seated != reseat:
        return _(
            "A table of three players cannot play: in an individual evening the round already "
            "seated is seated again without the player."
        )
    return ""
