"""The club's records: clubs and their organisers, players, tournaments, pairs, rounds (turni),
tables, deals (smazzate) with one result row per side and, in card mode, their melds; and the
audit record of every result change.

Models hold fields, constraints and `__str__`; the workflows live in services.py. Scores are
never computed here: DealSide rows hold what the scoring engine produced, and Table and Pair
rows hold totals the services derive from them, so pages read numbers and never recompute.
"""

from tournaments.models.changes import ResultChange
from tournaments.models.circuits import Circuit, CircuitEvening, PlayerPoints
from tournaments.models.clubs import Club, Player, Season
from tournaments.models.decisions import Decision
from tournaments.models.events import TournamentEvent
from tournaments.models.federation import FederationSubmission
from tournaments.models.members import FederationMember
from tournaments.models.phases import Girone, GironeEntry, Phase
from tournaments.models.play import (
    Deal,
    DealProposal,
    DealSide,
    Meld,
    Round,
    Seat,
    Table,
)
from tournaments.models.sessions import Session
from tournaments.models.substitutions import Substitution
from tournaments.models.tournaments import (
    CUSTOM_SCALE,
    VARIANT_CHOICES,
    VP_SCALE_CHOICES,
    Pair,
    Tournament,
)

__all__ = [
    "CUSTOM_SCALE",
    "VARIANT_CHOICES",
    "VP_SCALE_CHOICES",
    "Circuit",
    "CircuitEvening",
    "Club",
    "Deal",
    "DealProposal",
    "DealSide",
    "Decision",
    "FederationMember",
    "FederationSubmission",
    "Girone",
    "GironeEntry",
    "Meld",
    "Pair",
    "Phase",
    "Player",
    "PlayerPoints",
    "ResultChange",
    "Round",
    "Season",
    "Seat",
    "Session",
    "Substitution",
    "Table",
    "Tournament",
    "TournamentEvent",
]
