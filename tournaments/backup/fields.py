"""What a backup file holds of each row: the field names, shared by writing and reading."""

from typing import Any

from tournaments.models import Seat
from tournaments.rules.sides import SIDE_NUMBERS
from tournaments.rules.standings import STANDING_FIELDS

FORMAT = "burraco_club.tournament"
VERSION = 1

NS, EW = Seat.Direction.NS.value, Seat.Direction.EW.value
SIDE_NAMES = {NS: "N-S", EW: "E-W"}

TOURNAMENT_FIELDS = (
    "name", "slug", "date", "variant", "house_rules", "format", "rounds", "deals_per_round",
    "movement_plan", "vp_scale", "custom_vp_bands", "target_score", "bye_vp", "bye_mp",
    "status", "published", "results_version", "created_at",
)  # fmt: skip
TOURNAMENT_LATER_FIELDS = (
    "tie_break_order", "late_penalty_mp", "walkover_vp", "walkover_mp", "walkover_absent_vp",
)  # fmt: skip
"""Settings added after the first files were written: optional when read (a file without them
gets the field's default: MP before head-to-head, the codes' numbers for decisions)."""
TOURNAMENT_EVENING_FIELDS = ("minutes_per_deal", "seating_at_once", "arbiter", "scorer")
"""The round clock's minutes per deal, whether seatings are published at once, and the event's
arbiter and sala conti; each optional when read (a file written before has none: 15 minutes, at
once, no names)."""
TOURNAMENT_ENTRY_FIELDS = ("result_entry",)
"""Who enters the results, the organiser or the players; optional when read (a file written
before the players could enter them has none: the organiser)."""
TOURNAMENT_PRIZE_FIELDS = (
    "prize_plan", "prize_level", "prizes_published", "entry_fee_cents", "fee_per",
)  # fmt: skip
"""The prize plan (its `plans.plan_data` JSON), the tournament's level, whether the prizes are
public, and the entry fee; optional when read (a file written before has none: no plan, no
fee)."""
TOURNAMENT_SHAPE_FIELDS = ("entrants", "danese_table_order")
"""Pairs, or players ranked alone (an individual tournament), and its Danese's table setting;
optional when read (a file written before individual tournaments has neither: pairs). An
individual tournament's seats carry their "position" (N, S, E, W) too."""
PLAYER_FIELDS = ("first_name", "last_name", "card_number")
PAIR_FIELDS = ("number", *STANDING_FIELDS)
PAIR_PLAY_FIELDS = ("joined_from", "withdrawn_from")
"""A late pair's first round and a withdrawn pair's first round out; optional when read (files
written before pairs could change during an evening have neither)."""
PAIR_CHECK_IN_FIELDS = ("checked_in_at", "fee_paid_at")
"""When the pair checked in before round 1, and when it paid its entry fee; optional when
read."""
SUBSTITUTION_FIELDS = ("from_round",)
"""A substitution of a pair's player, with the players out and in: optional when read (files
written before substitutes were kept have none; their pairs name only the players of now)."""
ROUND_FIELDS = ("number", "movement", "step", "seed", "status", "pairing_outdated")
ROUND_EVENING_FIELDS = (
    "seating_published_at", "clock_started_at", "clock_ends_at", "clock_paused_seconds",
)  # fmt: skip
"""When the round's seating was published and its clock; optional when read (a file written
before seatings waited to be published has none: its rounds are public, as they were)."""
TABLE_TOTALS = ("status", "ns_mp", "ew_mp", "ns_vp", "ew_vp", "winner")
TABLE_LABELS = {
    "status": "state", "ns_mp": "N-S MP", "ew_mp": "E-W MP", "ns_vp": "N-S VP",
    "ew_vp": "E-W VP", "winner": "winner",
}  # fmt: skip
TABLE_FIELDS = ("number", "is_bye", "version", *TABLE_TOTALS)
TABLE_ENTRY_FIELDS = ("organiser_enters", "wrong_codes")
"""A table the organiser took over from the players' links, and the pair codes typed wrong
there this round; optional when read."""
DEAL_FIELDS = ("number", "mode", "entry", "updated_at")
SIDE_FIELDS = ("direction", *SIDE_NUMBERS)
MELD_FIELDS = ("number", "cards", "burraco", "points")
CHANGE_FIELDS = ("deal_number", "action", "at", "before", "after")
PROPOSAL_FIELDS = (
    "number", "direction", "mode", "entry", "totals", "status", "created_at", "decided_at",
)  # fmt: skip
"""A deal as a pair wrote it on its phone (DealProposal), with "pair" (its number) and
"answers" (the place in its table's list of the version it answers, or null). Its sending key
is the phone's, not the file's: an import gives each a new one, as it gives new links."""
PROPOSAL_LATER_FIELDS = ("accepted_with_code", "reason")
"""Whether the opponents accepted it on the writer's phone with their pair code, and why an
accepted deal that waited for an earlier one went to the organiser; optional when read."""
EVENT_FIELDS = ("kind", "at", "round_number", "table_number", "before", "after", "details")
"""A change of the tournament as a whole (TournamentEvent), with "user" (a username)."""

DECISION_FIELDS = (
    "kind", "round_number", "table_number", "deal_number", "mp", "vp", "ns_mp", "ew_mp",
    "ns_vp", "ew_vp", "winner", "reason", "at",
)  # fmt: skip
"""An arbiter's decision, with "pair" (its number or null), "user" (a username) and
"supersedes" (the place in the file's list of the decision it cancels or replaces, or null);
the list is optional when read (files written before decisions were kept have none). An
individual evening's decision on a partnership adds "partnership": true (absent: false)."""

Row = dict[str, Any]
