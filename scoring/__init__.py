"""The rules of Burraco and Buraco, as pure Python: cards, rule sets, melds, deals, matches, VP.

Nothing here imports Django (only `scoring/management/` does). The public API:

    rules = rule_set("classico")                     # or house_rules(rule_set(...), {...})
    deal = deal_from_json(data)                      # the SCORING.md contract -> dataclasses
    result = score_deal(deal)                        # -> DealResult, or raises InvalidDeal
    result.as_json()                                 # -> the contract's result dict

`InvalidDeal.problems` holds one message per problem, in a club organiser's words.
"""

from scoring.cards import Card, parse_card
from scoring.contract import deal_from_json, format_result, score_deal_json
from scoring.deals import (
    CardSheet,
    Deal,
    DealResult,
    Pot,
    Side,
    SideResult,
    SummarySheet,
    score_deal,
)
from scoring.errors import InvalidDeal, InvalidMatch, ScoringError
from scoring.matches import MatchState, match_state, opening_minimum
from scoring.melds import Meld, analyse_meld
from scoring.rules import RULE_SETS, RuleSet, house_rules, rule_set
from scoring.vp import VP_SCALES, VpBand, VpScale, vp_scale

__all__ = [
    "RULE_SETS",
    "VP_SCALES",
    "Card",
    "CardSheet",
    "Deal",
    "DealResult",
    "InvalidDeal",
    "InvalidMatch",
    "MatchState",
    "Meld",
    "Pot",
    "RuleSet",
    "ScoringError",
    "Side",
    "SideResult",
    "SummarySheet",
    "VpBand",
    "VpScale",
    "analyse_meld",
    "deal_from_json",
    "format_result",
    "house_rules",
    "match_state",
    "opening_minimum",
    "parse_card",
    "rule_set",
    "score_deal",
    "score_deal_json",
    "vp_scale",
]
