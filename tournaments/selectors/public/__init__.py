"""The public pages' reads, cached: a published tournament's standings, the seating of its
current round (turno), a pair's history round by round, and each pair's VP and rank after every
finished round. `models` holds what pages show, `cache` the keys and versions, `reads` the
reads themselves."""

from tournaments.selectors.public.cache import (
    CACHE_SECONDS,
    KEY_FORMAT,
    VERSION_SECONDS,
    Version,
    cache_key,
    current_version,
    forget_version,
    page_key,
    public_tournament,
    version_key,
)
from tournaments.selectors.public.models import (
    Board,
    DealLine,
    PairHistory,
    PairPage,
    PairRef,
    PlayerPlace,
    Progress,
    RoundLine,
    RoundPoint,
    SeatedTable,
    Seating,
    StandingRow,
)
from tournaments.selectors.public.reads import (
    board,
    current_seating,
    pair_history,
    pair_page,
    player_places,
    public_club,
    round_seating,
    standings,
)

__all__ = [
    "CACHE_SECONDS",
    "KEY_FORMAT",
    "VERSION_SECONDS",
    "Board",
    "DealLine",
    "PairHistory",
    "PairPage",
    "PairRef",
    "PlayerPlace",
    "Progress",
    "RoundLine",
    "RoundPoint",
    "SeatedTable",
    "Seating",
    "StandingRow",
    "Version",
    "board",
    "cache_key",
    "current_seating",
    "current_version",
    "forget_version",
    "page_key",
    "pair_history",
    "pair_page",
    "player_places",
    "public_club",
    "public_tournament",
    "round_seating",
    "standings",
    "version_key",
]
