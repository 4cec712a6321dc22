"""The two promises of a round in the organiser's words: which one a seating breaks (a pair
that sits out while another has sat out less, a meeting played already) and for whom, and
whether another seating, or another Mitchell step, would keep it. `movements.promises_of`
decides; this module says it, with pair numbers."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import movements


def promise_warnings(
    seating: movements.Seating,
    numbers: dict[int, int],
    *,
    history: movements.History,
    byes: dict[int, int],
    step: int | None = None,
    steps_without_rematch: tuple[int, ...] = (),
) -> list[str]:
    """Which promise of the round `seating` breaks, and for whom, in the organiser's words:
    a pair that sits out while another has sat out less, and the meetings played already,
    saying whether another seating could avoid them (`step`: a Mitchell step the organiser
    chose). `numbers` gives each pair id its pair number."""
    promises = movements.promises_of(seating, history=history, byes=byes)
    warnings = []
    if promises.sat_out_less and promises.bye is not None:
        warnings.append(_bye_again_text(promises, numbers, byes))
    if not promises.rematches:
        return warnings
    count = len(promises.rematches)
    meetings = "; ".join(
        _("pair %(first)s meets pair %(second)s again") % {"first": first, "second": second}
        for first, second in (sorted(numbers[pair] for pair in m) for m in promises.rematches)
    )
    if not promises.rematch_avoidable:
        warnings.append(
            ngettext(
                "No seating avoids a rematch: %(meetings)s.",
                "No seating avoids these %(count)s rematches: %(meetings)s.",
                count,
            )
            % {"count": count, "meetings": meetings}
        )
        others = [numbers[pair] for pair in promises.byes_without_rematch]
        if others:
            warnings.append(
                ngettext(
                    "A seating without a rematch exists only if pair %(pairs)s sits out "
                    "again while another pair has sat out less.",
                    "A seating without a rematch exists only if one of pairs %(pairs)s sits "
                    "out again while another pair has sat out less.",
                    len(others),
                )
                % {"pairs": numbers_text(others, either=True)}
            )
    elif step is not None:
        warnings.append(
            ngettext(
                "Mitchell step %(step)s brings back a meeting already played: %(meetings)s.",
                "Mitchell step %(step)s brings back %(count)s meetings already played: "
                "%(meetings)s.",
                count,
            )
            % {"step": step, "count": count, "meetings": meetings}
        )
        if steps_without_rematch:
            warnings.append(
                ngettext(
                    "Step %(steps)s brings no rematch.",
                    "Steps %(steps)s bring no rematch.",
                    len(steps_without_rematch),
                )
                % {"steps": numbers_text(list(steps_without_rematch), either=True)}
            )
        else:
            warnings.append(
                _(
                    "No Mitchell step avoids it: leave the step empty and the round is "
                    "seated with as few rematches as possible."
                )
            )
    else:
        warnings.append(
            ngettext(
                "This seating brings back a meeting already played, though a seating "
                "without it exists: %(meetings)s.",
                "This seating brings back %(count)s meetings already played, though a "
                "seating without them exists: %(meetings)s.",
                count,
            )
            % {"count": count, "meetings": meetings}
        )
    return warnings


def _bye_again_text(
    promises: movements.Promises, numbers: dict[int, int], byes: dict[int, int]
) -> str:
    """The bye promise broken: who sits out again, and who has sat out less."""
    assert promises.bye is not None
    others = sorted(numbers[pair] for pair in promises.sat_out_less)
    values = {"pair": numbers[promises.bye], "others": numbers_text(others)}
    if byes.get(promises.bye, 0) == 1 and not any(byes.get(p) for p in promises.sat_out_less):
        return (
            ngettext(
                "Pair %(pair)s sits out a second time while pair %(others)s has not sat out yet.",
                "Pair %(pair)s sits out a second time while pairs %(others)s have not sat out yet.",
                len(others),
            )
            % values
        )
    return (
        ngettext(
            "Pair %(pair)s sits out again while pair %(others)s has sat out fewer times.",
            "Pair %(pair)s sits out again while pairs %(others)s have sat out fewer times.",
            len(others),
        )
        % values
    )


def numbers_text(numbers: list[int], *, either: bool = False) -> str:
    """Numbers as a list in words: "4", "2 and 5", "1, 3 and 6" (`either`: "2 or 5")."""
    if len(numbers) == 1:
        return str(numbers[0])
    values = {"some": ", ".join(str(n) for n in numbers[:-1]), "last": numbers[-1]}
    if either:
        return _("%(some)s or %(last)s") % values
    return _("%(some)s and %(last)s") % values
