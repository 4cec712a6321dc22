"""The opening minimum (spanish): a side's first exposure must reach the rule set's minimum once
its running score is above the threshold. Checked card by card (the melds laid down first, named
by number) or from the first exposure's points (`opening_points`, `opening_canasta`), which a
score sheet always gives and card mode may give too: a meld grows after it is laid down, so
the final melds do not always show what the first exposure was worth."""

from scoring.entries import CardSheet, Side
from scoring.melds import Meld
from scoring.problems import Problem, rule_words
from scoring.rules import RuleSet


def _opening_applies(side: Side, melded_something: bool, rules: RuleSet) -> bool:
    return (
        rules.opening is not None and melded_something and side.score_before > rules.opening.above
    )


def _opening_need(side: Side, rules: RuleSet) -> dict[str, object]:
    """The parameters of the opening's need: the score before the deal and the minimum."""
    assert rules.opening is not None
    return {
        **rule_words(rules),
        "score_before": side.score_before,
        "points": rules.opening.points,
        "canasta_suffices": rules.opening.canasta_suffices,
    }


def check_opening_cards(
    where: int, side: Side, melds: tuple[Meld, ...], rules: RuleSet, problems: list[Problem]
) -> None:
    sheet = side.sheet
    assert isinstance(sheet, CardSheet)
    if side.opening_points is not None or side.opening_canasta:
        if side.opening is not None:
            problems.append(Problem("opening.melds_and_points", side=where, field="opening"))
        elif rules.opening is None or len(melds) == len(sheet.melds):
            # with an illegal meld the points are unknown: that meld's problem says enough
            melded = sum(meld.points for meld in melds)
            burraco = any(meld.burraco is not None for meld in melds)
            _check_opening_points(where, side, melded, bool(melds), burraco, rules, problems)
        return
    if side.opening is None:
        if _opening_applies(side, bool(melds) or _has_melds(side), rules):
            params = _opening_need(side, rules)
            problems.append(
                Problem("opening.say_which_melds", side=where, field="opening", params=params)
            )
        return
    if rules.opening is None:
        problems.append(
            Problem("opening.none_cards", side=where, field="opening", params=rule_words(rules))
        )
        return
    count = len(sheet.melds)
    bad = [i for i in side.opening if not 0 <= i < count]
    if count == 0:
        problems.append(Problem("opening.nothing_melded", side=where, field="opening"))
        return
    if bad or not side.opening or len(set(side.opening)) != len(side.opening):
        params = {"last": count - 1, "given": str(list(side.opening))}
        problems.append(Problem("opening.bad_numbers", side=where, field="opening", params=params))
        return
    if not _opening_applies(side, True, rules) or len(melds) != count:
        return
    chosen = [melds[i] for i in side.opening]
    points = sum(meld.points for meld in chosen)
    canasta = any(len(meld.cards) >= rules.burraco_min for meld in chosen)
    opening = rules.opening
    if points < opening.points and not (canasta and opening.canasta_suffices):
        params = {
            **_opening_need(side, rules),
            "numbers": [i + 1 for i in side.opening],
            "count": len(side.opening),
            "made": points,
        }
        problems.append(
            Problem("opening.too_low_cards", side=where, field="opening", params=params)
        )


def _has_melds(side: Side) -> bool:
    return isinstance(side.sheet, CardSheet) and bool(side.sheet.melds)


def check_opening_summary(
    where: int,
    side: Side,
    melded: int,
    kinds: tuple[str, ...],
    rules: RuleSet,
    problems: list[Problem],
) -> None:
    if side.opening is not None:
        problems.append(Problem("opening.numbers_on_sheet", side=where, field="opening"))
    _check_opening_points(where, side, melded, melded > 0, bool(kinds), rules, problems)


def _check_opening_points(
    where: int,
    side: Side,
    melded: int,
    melded_something: bool,
    burraco: bool,
    rules: RuleSet,
    problems: list[Problem],
) -> None:
    """The opening given by its points (and whether it held a canasta), the side having melded
    `melded` points in all and made a burraco or not."""
    given = side.opening_points is not None or side.opening_canasta
    field = "opening_points" if side.opening_points is not None else "opening_canasta"
    if given and rules.opening is None:
        problems.append(
            Problem("opening.none_sheet", side=where, field=field, params=rule_words(rules))
        )
        return
    if side.opening_points is not None and not 0 <= side.opening_points <= max(melded, 0):
        problems.append(
            Problem(
                "opening.more_than_melded",
                side=where,
                field="opening_points",
                params={"opening": side.opening_points, "melded": melded},
            )
        )
        return
    if side.opening_canasta and not burraco:
        problems.append(
            Problem(
                "opening.canasta_without_burraco",
                side=where,
                field="opening_canasta",
                params=rule_words(rules),
            )
        )
        return
    if not _opening_applies(side, melded_something, rules):
        return
    opening = rules.opening
    assert opening is not None
    if not given:
        problems.append(
            Problem(
                "opening.give_points",
                side=where,
                field="opening_points",
                params=_opening_need(side, rules),
            )
        )
    elif not (side.opening_canasta and opening.canasta_suffices) and (
        side.opening_points is None or side.opening_points < opening.points
    ):
        params = {**_opening_need(side, rules), "made": side.opening_points or 0}
        problems.append(
            Problem("opening.too_low_sheet", side=where, field="opening_points", params=params)
        )
