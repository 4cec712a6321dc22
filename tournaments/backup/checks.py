"""The backup's check of the numbers: a file edited by hand cannot bring in scores the engine
would not give. Every check calls what the services call, never a copy: each deal is scored by
`services.score_at_table` and stored as `rules.sides` says, each table's totals are what
`services.table_recompute` (or the format's bye award) gives, each pair's standing what
`services.standings_recompute` gives.

And nothing imported can make a page fail: the settings are in the ranges the services keep
(`services.settings_ranges_check`, a VP table the engine can use), every entry kept in a record
(a deal the players wrote, a deal in the audit record) is one the engine can read, the records
hold the totals the pages show, and once written the change log, each written deal and the
settings form are made of the copy as their pages make them (`check_pages`)."""

from collections import defaultdict
from typing import Any

from django.db import models

from scoring import InvalidDeal, InvalidMatch, RuleSet, deal_from_json
from tournaments import services
from tournaments.backup.fields import EW, NS, SIDE_NAMES, TABLE_LABELS, TABLE_TOTALS, Row
from tournaments.backup.reading import Backup, ChangeIn, DealIn
from tournaments.backup.values import bad
from tournaments.models import (
    CUSTOM_SCALE,
    Deal,
    DealSide,
    Decision,
    Pair,
    ResultChange,
    Round,
    Table,
    Tournament,
)
from tournaments.rules.decisions import RESULT_KINDS
from tournaments.rules.formats import PlayFormat
from tournaments.rules.sides import SIDE_NUMBERS, MeldValues, meld_values, side_values
from tournaments.rules.standings import STANDING_FIELDS
from tournaments.selectors.decisions import standing
from tournaments.selectors.results import totals_by_deal
from tournaments.services import ServiceError

ENGINE = "the scoring engine gives for its entry"


def _rules_of(tournament: Tournament) -> RuleSet:
    if not isinstance(tournament.house_rules, dict):
        raise bad("the tournament", 'should have its house rules as a JSON object in "house_rules"')
    plan, movements = tournament.movement_plan, set(Round.Movement.values)
    if not isinstance(plan, list) or not all(
        isinstance(step, str) and step in movements for step in plan
    ):
        raise bad("the tournament", 'should list movements in "movement_plan"')
    bands = tournament.custom_vp_bands
    if not isinstance(bands, list) or not all(
        isinstance(band, list)
        and len(band) in (3, 4)
        and all(value is None or type(value) is int for value in band)
        for band in bands
    ):
        raise bad(
            "the tournament",
            'should list bands in "custom_vp_bands", each [lower, upper or null, winner VP, '
            "loser VP] in whole numbers",
        )
    try:
        rules = tournament.rules
    except KeyError:
        raise bad("the tournament", f"has the unknown variant {tournament.variant!r}") from None
    except (ValueError, TypeError) as error:
        raise bad("the tournament", f"has house rules this site cannot use ({error})") from None
    if tournament.vp_scale == CUSTOM_SCALE or bands:  # the settings page shows them either way
        # as it was accepted: a table set before the sense checks still imports
        services.vp_scale_from_rows(bands, strict=False)
    services.settings_ranges_check(
        target_score=tournament.target_score,
        bye_vp=tournament.bye_vp,
        bye_mp=tournament.bye_mp,
        house_rules=tournament.house_rules,
        late_penalty_mp=tournament.late_penalty_mp,
        walkover_vp=tournament.walkover_vp,
        walkover_mp=tournament.walkover_mp,
        walkover_absent_vp=tournament.walkover_absent_vp,
    )
    return rules


def _label(model: type[models.Model], name: str) -> str:
    return str(getattr(model._meta.get_field(name), "verbose_name", name))


def _refused(where: str, what: str, stored: object, wanted: object, source: str) -> ServiceError:
    return ServiceError(
        f"{where[0].upper()}{where[1:]}: the stored {what} ({stored}) is not what {source} "
        f"({wanted}). The file was changed by hand or is damaged; nothing was imported."
    )


def check_deals(backup: Backup) -> None:
    """Score every deal's entry again, as `services.deal_record` did, and compare."""
    _rules_of(backup.tournament)
    play_format = backup.tournament.play_format
    for round_ in backup.rounds:
        for table in round_.tables:
            totals: dict[int, tuple[int, int]] = {}
            for deal in table.deals:
                where = f"{table.where}, deal {deal.row.number}"
                _check_deal(play_format, deal, totals, where)
                by_direction = {side.row.direction: side.row.total for side in deal.sides}
                totals[deal.row.number] = (by_direction["ns"], by_direction["ew"])


def _check_deal(
    play_format: PlayFormat, deal: DealIn, totals: dict[int, tuple[int, int]], where: str
) -> None:
    entry = deal.row.entry
    entered = entry.get("sides") if isinstance(entry, dict) else None
    if (
        not isinstance(entered, list)
        or len(entered) != 2
        or not all(isinstance(s, dict) for s in entered)
    ):
        raise ServiceError(
            f"{where[0].upper()}{where[1:]}: the stored entry is not a deal's two sides, so the "
            "scoring engine cannot check its scores; nothing was imported."
        )
    try:
        scored = services.score_at_table(play_format, deal.row.number, entered, totals)
    except InvalidDeal as error:
        raise ServiceError(
            f"{where[0].upper()}{where[1:]}: the scoring engine refuses the stored entry ("
            + "; ".join(error.messages)
            + "), so its scores cannot be checked; nothing was imported."
        ) from None
    except ServiceError:
        return  # deals after a won match: the table check says so, with the match's words
    for side, data, result in zip(deal.sides, scored.sides, scored.result.sides, strict=True):
        name = SIDE_NAMES[side.row.direction]
        wanted = side_values(data, result)
        for key in SIDE_NUMBERS:
            if getattr(side.row, key) != wanted[key]:
                what = f"{name} {_label(DealSide, key)}"
                raise _refused(where, what, getattr(side.row, key), wanted[key], ENGINE)
        melds = [MeldValues(m.number, m.cards, m.burraco, m.points) for m in side.melds]
        wanted_melds = meld_values(result)
        if len(melds) != len(wanted_melds):
            what = f"number of {name} melds"
            raise _refused(where, what, len(melds), len(wanted_melds), ENGINE)
        for meld, meld_wanted in zip(melds, wanted_melds, strict=True):
            if meld != meld_wanted:
                what = f"{name} meld {meld_wanted.number}"
                raise _refused(where, what, _meld_text(meld), _meld_text(meld_wanted), ENGINE)


def _meld_text(meld: MeldValues) -> str:
    burraco = f"{meld.burraco} burraco, " if meld.burraco else ""
    return f"{meld.cards}: {burraco}{meld.points} points"


UNTOUCHED: Row = {
    "status": Table.Status.NOT_STARTED, "ns_mp": 0, "ew_mp": 0, "ns_vp": None, "ew_vp": None,
    "winner": "",
}  # fmt: skip
"""A table as it is made, before anything is scored at it."""


def check_tables(backup: Backup) -> None:
    """Every table's stored totals, against `services.table_result_set` (what
    `services.table_recompute` does) over its saved deals and decisions, all read at once (or
    the format's bye award)."""
    tournament = backup.tournament
    play_format = tournament.play_format
    rows = DealSide.objects.filter(deal__table__round__tournament=tournament).values_list(
        "deal__table_id", "deal__number", "direction", "total"
    )
    sides_of: dict[int, list[tuple[int, str, int]]] = defaultdict(list)
    for table_id, *side in rows:
        sides_of[table_id].append(tuple(side))  # type: ignore[arg-type]
    decided: dict[tuple[int, int | None], Decision] = {}
    for decision in standing(tournament).filter(kind__in=RESULT_KINDS).order_by("id"):
        decided[(decision.round_number, decision.table_number)] = decision  # the latest
    for round_ in backup.rounds:
        for table in round_.tables:
            stored = {key: getattr(table.row, key) for key in TABLE_TOTALS}
            if table.row.is_bye and round_.row.status != Round.Status.SEATING:
                award = play_format.bye_result()
                wanted = UNTOUCHED | {key: getattr(award, key) for key in TABLE_TOTALS}
            elif table.row.is_bye or (not table.deals and stored == UNTOUCHED):
                wanted = UNTOUCHED  # never scored: the table keeps the values it was made with
            else:
                fresh = Table(pk=table.row.pk, round=round_.row, number=table.row.number)
                try:
                    services.table_result_set(
                        table=fresh,
                        decided=decided.get((round_.row.number, table.row.number)),
                        totals=totals_by_deal(sides_of[table.row.pk]),
                    )
                except InvalidMatch as error:
                    raise ServiceError(
                        f"{table.where[0].upper()}{table.where[1:]}: its deals do not make a "
                        f"match ({'; '.join(error.messages)}); nothing was imported."
                    ) from None
                wanted = {key: getattr(fresh, key) for key in TABLE_TOTALS}
            for key, value in wanted.items():
                if stored[key] != value:
                    what = TABLE_LABELS[key]
                    raise _refused(table.where, what, stored[key], value, "its deals give")


def check_standings(backup: Backup) -> None:
    """Every pair's stored standing, against `services.standings_recompute` over the tables.
    Once a round has started the rank is not compared but written as today's rules give it: it
    is no score, and a file written before a change of the tie-breaks (issue 20: the
    mini-league applied again to the pairs still level) may hold the old one."""
    tournament = backup.tournament
    stored = {number: pair.row for number, pair in backup.pairs.items()}
    compared = STANDING_FIELDS
    if any(round_.row.status != Round.Status.SEATING for round_ in backup.rounds):
        compared = tuple(key for key in STANDING_FIELDS if key != "rank")
        services.standings_recompute(tournament=tournament)
        fresh = {pair.number: pair for pair in tournament.pairs.all()}
        wanted = {
            number: {key: getattr(fresh[number], key) for key in STANDING_FIELDS}
            for number in stored
        }
    else:
        # no round started yet: no standing was ever computed
        blank = dict.fromkeys(STANDING_FIELDS, 0) | {"rank": None}
        wanted = dict.fromkeys(stored, blank)
    for number, pair in sorted(stored.items()):
        for key in compared:
            value = wanted[number][key]
            if getattr(pair, key) != value:
                what = _label(Pair, key)
                raise _refused(f"pair {number}", what, getattr(pair, key), value, "its tables give")


# --- records the pages read ---------------------------------------------------------------------


def _unreadable_entry(entry: object, rules: RuleSet) -> str:
    """Why a kept entry is not a deal's two sides the engine can read ("" when it is)."""
    sides = entry.get("sides") if isinstance(entry, dict) else None
    if (
        not isinstance(sides, list)
        or len(sides) != 2
        or not all(isinstance(s, dict) for s in sides)
    ):
        return "it is not a deal's two sides"
    try:
        deal_from_json({"variant": rules.slug, "sides": sides}, rules)
    except InvalidDeal as error:
        return "; ".join(error.messages)
    return ""


def check_records(backup: Backup) -> None:
    """Every deal the players wrote and every deal an audit record keeps is one the engine can
    read, so that its page can show it, accept it, settle it or restore it."""
    rules = _rules_of(backup.tournament)
    for proposal in backup.proposals():
        why = _unreadable_entry(proposal.row.entry, rules)
        if why:
            raise bad(proposal.where, f"keeps an entry the scoring engine cannot read ({why})")
        if proposal.row.mode not in Deal.Mode.values:
            raise bad(proposal.where, f"has the unknown mode {proposal.row.mode!r}")
    for change in backup.changes:
        for key in ("before", "after"):
            kept = getattr(change.row, key)
            if kept is not None:
                _check_kept_deal(change, key, kept, rules)
        if change.row.action == ResultChange.Action.REMOVED and change.row.before is None:
            raise bad(change.where, 'removes a deal without keeping it in "before"')


def _check_kept_deal(change: ChangeIn, key: str, kept: dict[str, Any], rules: RuleSet) -> None:
    """A deal as an audit record keeps it: its number, mode and entry as saved, the two sides'
    totals (both, for the deal after the change)."""
    where = f'{change.where}, "{key}"'
    if kept.get("number", change.row.deal_number) != change.row.deal_number:
        raise bad(where, f"keeps deal {kept.get('number')!r}, not {change.row.deal_number}")
    if "mode" in kept and kept["mode"] not in Deal.Mode.values:
        raise bad(where, f"keeps the unknown mode {kept['mode']!r}")
    if "entry" in kept:
        why = _unreadable_entry(kept["entry"], rules)
        if why:
            raise bad(where, f"keeps an entry the scoring engine cannot read ({why})")
    elif change.row.action == ResultChange.Action.REMOVED and key == "before":
        raise bad(where, "keeps no entry of the deal removed, so it cannot be restored")
    totals = kept.get("totals", {})
    if (
        not isinstance(totals, dict)
        or not set(totals) <= {NS, EW}
        or (key == "after" and set(totals) != {NS, EW})
        or not all(type(total) is int for total in totals.values())
    ):
        raise bad(where, 'should keep the sides\' totals as whole numbers in "totals"')


def check_pages(backup: Backup) -> None:
    """Once written (in the import's transaction), the copy's change log (its result changes
    as written, each with its user, pair and table, the events read back), each deal the players
    wrote and its settings form are made as their pages make them: anything that fails there
    fails here instead, and nothing is imported."""
    from tournaments.forms.entry import initial_from_entry
    from tournaments.forms.settings import TournamentForm
    from tournaments.selectors.audit_log import lines_of
    from tournaments.selectors.versions import version_of

    tournament = backup.tournament
    try:  # the result changes as just written (7,500 at 500 pairs), not read back
        lines_of(
            tournament,
            (change.row for change in backup.changes),
            tournament.events.select_related("user"),
        )
    except Exception as error:  # whatever would fail on the change log's page
        raise bad("an audit record", f"cannot be shown on the change log ({error!r})") from None
    for proposal in backup.proposals():
        try:
            version_of(proposal.row, tournament.variant)
            initial_from_entry(proposal.row.entry)
        except Exception as error:  # whatever would fail on the players' pages
            raise bad(proposal.where, f"cannot be shown ({error!r})") from None
    try:
        TournamentForm(clubs=[tournament.club], tournament=tournament)
    except Exception as error:  # whatever would fail on the settings page
        raise bad("the tournament", f"has settings its page cannot show ({error!r})") from None
