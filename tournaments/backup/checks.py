"""The backup's check of the numbers: a file edited by hand cannot bring in scores the engine
would not give. Every check calls what the services call, never a copy: each deal is scored by
`services.score_at_table` and stored as `rules.sides` says, each table's totals are what
`services.table_recompute` (or the format's bye award) gives, each pair's standing what
`services.standings_recompute` gives."""

from django.db import models

from scoring import InvalidDeal, InvalidMatch, RuleSet
from tournaments import services
from tournaments.backup.fields import SIDE_NAMES, TABLE_LABELS, TABLE_TOTALS, Row
from tournaments.backup.reading import Backup, DealIn, bad
from tournaments.models import CUSTOM_SCALE, DealSide, Pair, Round, Table, Tournament
from tournaments.rules.formats import PlayFormat
from tournaments.rules.sides import SIDE_NUMBERS, MeldValues, meld_values, side_values
from tournaments.rules.standings import STANDING_FIELDS
from tournaments.services import ServiceError

ENGINE = "the scoring engine gives for its entry"


def _rules_of(tournament: Tournament) -> RuleSet:
    if not isinstance(tournament.house_rules, dict):
        raise bad("the tournament", 'should have its house rules as a JSON object in "house_rules"')
    plan, movements = tournament.movement_plan, set(Round.Movement.values)
    if not isinstance(plan, list) or not all(step in movements for step in plan):
        raise bad("the tournament", 'should list movements in "movement_plan"')
    if not isinstance(tournament.custom_vp_bands, list):
        raise bad("the tournament", 'should list bands in "custom_vp_bands"')
    try:
        rules = tournament.rules
    except KeyError:
        raise bad("the tournament", f"has the unknown variant {tournament.variant!r}") from None
    except (ValueError, TypeError) as error:
        raise bad("the tournament", f"has house rules this site cannot use ({error})") from None
    if tournament.vp_scale == CUSTOM_SCALE:
        # as it was accepted: a table set before the sense checks still imports
        services.vp_scale_from_rows(tournament.custom_vp_bands, strict=False)
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
    """Every table's stored totals, against `services.table_recompute` over its saved deals
    (or the format's bye award)."""
    play_format = backup.tournament.play_format
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
                    services.table_recompute(table=fresh)
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
