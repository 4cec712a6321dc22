"""The states a tournament, its rounds (turni) and its tables pass through, and the two sides of
a table, named once: the models' fields take their choices from here and the rules read them
from here, so the rules never import the models.

- A tournament is set up, runs once its first round starts, and is finished (final) until it is
  reopened.
- A round is seated (its seating shown, still changeable), then played, then done once every
  table is. A round is *closed* once a later round has started (`rules.progress`): its tables
  can still be corrected, but they never lose a deal nor go back to being played.
- A table is not started, in progress, or done (all its deals in, or its match won).
"""

from django.db.models import TextChoices
from django.utils.translation import gettext_lazy as _


class TournamentStatus(TextChoices):
    SETUP = "setup", _("Setting up")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


class RoundStatus(TextChoices):
    SEATING = "seating", _("Seating shown, not started")
    PLAYING = "playing", _("Playing")
    DONE = "done", _("Done")


class TableStatus(TextChoices):
    NOT_STARTED = "not_started", _("Not started")
    IN_PROGRESS = "in_progress", _("In progress")
    DONE = "done", _("Done")


class Direction(TextChoices):
    NS = "ns", _("North-South")
    EW = "ew", _("East-West")


class Position(TextChoices):
    """A player's seat at an individual table: North and South partner, East and West partner
    (a pairs event leaves it empty)."""

    NORTH = "N", _("North")
    SOUTH = "S", _("South")
    EAST = "E", _("East")
    WEST = "W", _("West")


NS, EW = Direction.NS.value, Direction.EW.value
POSITION_DIRECTION = {"N": NS, "S": NS, "E": EW, "W": EW}
"""The side each individual seat plays for."""
