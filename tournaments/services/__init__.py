"""Writes: everything that changes a club's records goes through here, in one transaction, by
subject: `tournaments` (settings, publish, finish), `pairs`, `rounds` (seating and starting),
`deals` (scoring and saving results), `standings` and `seasons`. User errors are
`ServiceError` (or the engine's `InvalidDeal`), with messages ready to show; nothing is saved
when one is raised."""

from tournaments.selectors.access import User
from tournaments.services.audit import deal_restore
from tournaments.services.circuits import (
    circuit_club_add,
    circuit_create,
    circuit_evening_add,
    circuit_evening_remove,
    points_award,
)
from tournaments.services.deal_scores import DealPreview, deal_preview, score_at_table
from tournaments.services.deals import (
    deal_record,
    deal_remove,
    table_recompute,
    table_result_set,
)
from tournaments.services.entrants import entrants_import
from tournaments.services.errors import ServiceError, StaleTable
from tournaments.services.evening import (
    absent_pairs,
    absent_withdraw,
    clock_add,
    clock_pause,
    clock_resume,
    clock_start,
    pair_check_in,
    round_minutes,
    seating_publish,
)
from tournaments.services.links import codes_issued, link_reissue
from tournaments.services.members import MembersImported, members_import
from tournaments.services.pair_changes import (
    BYE,
    RESEAT,
    TOGETHER,
    Rename,
    Withdrawal,
    pair_substitute,
    pair_withdraw,
    player_rename,
    player_rename_preview,
)
from tournaments.services.pairs import (
    Entrant,
    Person,
    entrants_add,
    pair_remove,
    pairs_add,
    parse_pair_lines,
)
from tournaments.services.phases import (
    girone_move,
    pair_categories_set,
    phase_plan_set,
    preset_plan,
    split_commit,
    split_preview,
    split_undo,
)
from tournaments.services.player_mail import player_email_remove, player_email_set
from tournaments.services.prizes import prize_plan_set, prizes_publish
from tournaments.services.records import club_records_set, player_record_set
from tournaments.services.rounds import (
    Planned,
    Prepared,
    round_prepare,
    round_preview,
    round_reseat,
    round_start,
    round_swap,
)
from tournaments.services.seasons import season_create, season_tournaments_set, season_update
from tournaments.services.sessions import sessions_set
from tournaments.services.standings import (
    danese_flags_refresh,
    danese_standings,
    standings_recompute,
)
from tournaments.services.submissions import (
    club_federation_code_set,
    submission_make,
    tournament_officials_set,
)
from tournaments.services.tournaments import (
    default_movement_plan,
    settings_ranges_check,
    tournament_create,
    tournament_finish,
    tournament_publish,
    tournament_reopen,
    tournament_update,
    vp_scale_from_rows,
)
from tournaments.services.versions import results_changed

__all__ = [
    "BYE",
    "RESEAT",
    "TOGETHER",
    "DealPreview",
    "Entrant",
    "MembersImported",
    "Person",
    "Planned",
    "Prepared",
    "Rename",
    "ServiceError",
    "StaleTable",
    "User",
    "Withdrawal",
    "absent_pairs",
    "absent_withdraw",
    "circuit_club_add",
    "circuit_create",
    "circuit_evening_add",
    "circuit_evening_remove",
    "clock_add",
    "clock_pause",
    "clock_resume",
    "clock_start",
    "club_federation_code_set",
    "club_records_set",
    "codes_issued",
    "danese_flags_refresh",
    "danese_standings",
    "deal_preview",
    "deal_record",
    "deal_remove",
    "deal_restore",
    "default_movement_plan",
    "entrants_add",
    "entrants_import",
    "girone_move",
    "link_reissue",
    "members_import",
    "pair_categories_set",
    "pair_check_in",
    "pair_remove",
    "pair_substitute",
    "pair_withdraw",
    "pairs_add",
    "parse_pair_lines",
    "phase_plan_set",
    "player_email_remove",
    "player_email_set",
    "player_record_set",
    "player_rename",
    "player_rename_preview",
    "points_award",
    "preset_plan",
    "prize_plan_set",
    "prizes_publish",
    "results_changed",
    "round_minutes",
    "round_prepare",
    "round_preview",
    "round_reseat",
    "round_start",
    "round_swap",
    "score_at_table",
    "season_create",
    "season_tournaments_set",
    "season_update",
    "seating_publish",
    "sessions_set",
    "settings_ranges_check",
    "split_commit",
    "split_preview",
    "split_undo",
    "standings_recompute",
    "submission_make",
    "table_recompute",
    "table_result_set",
    "tournament_create",
    "tournament_finish",
    "tournament_officials_set",
    "tournament_publish",
    "tournament_reopen",
    "tournament_update",
    "vp_scale_from_rows",
]
