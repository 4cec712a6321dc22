"""The ranges the club's settings and names live in: what no real evening goes beyond, and what
the database's columns hold. Forms say them in the organiser's words; the services refuse
anything past them whatever the way in (the admin, a backup)."""

from collections.abc import Iterator, Mapping
from typing import Any

TARGET_SCORE = (100, 100_000)
BYE_MP = (0, 10_000)
BYE_VP = (0, 20)
RULE_VALUE = (0, 10_000)
"""A house rule's number: a bonus, a penalty, a card's value."""
MITCHELL_STEP = (1, 99)
NAME_LENGTH = 60
"""The longest first name or surname the club's records keep (Player's columns)."""
CARD_LENGTH = 30
"""The longest federation card number (Player's column)."""
PAIR_LINES = 500
"""The most pairs one paste may add."""
FILE_COLUMNS = 50
"""The columns a file of pairs is read in (A to AX): six of names and card numbers, with room
for a club's own (a note, a phone number); a value further right is a file of something else."""
LINK_REQUESTS_PER_MINUTE = 120
"""The most requests a pair's link may make in a minute: a phone that follows its table (every
2 seconds: 30 a minute) and checks a deal as it is typed stays below; a script does not."""
PAIR_CODE_DIGITS = 6
"""A pair code's length: the digits a pair types on the opponents' phone to accept a deal."""
WRONG_PAIR_CODES_PER_ROUND = 5
"""The wrong pair codes a table may type in a round: one more and the organiser enters it."""


def outside(value: int, limits: tuple[int, int]) -> bool:
    low, high = limits
    return not low <= value <= high


def house_rule_numbers(overrides: Mapping[str, Any], path: str = "") -> Iterator[tuple[str, int]]:
    """Every number a club's house rules set, with where it is ("burraco_bonuses.clean")."""
    for key, value in overrides.items():
        where = f"{path}{key}"
        if isinstance(value, Mapping):
            yield from house_rule_numbers(value, where + ".")
        elif isinstance(value, int) and not isinstance(value, bool):
            yield where, value
