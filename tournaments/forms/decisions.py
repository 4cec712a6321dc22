"""The arbiter's decision form (table page, round board) and the cancel form. They check the
shape of what is typed; `services.decisions` (asking `rules.decisions`) says whether it may be
taken, and every refusal shows in the form, nothing saved."""

from collections.abc import Sequence
from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.fields import whole
from tournaments.models import Decision, Pair, Tournament
from tournaments.rules import decisions as rules
from tournaments.rules import limits
from tournaments.services.tournaments import DECISION_SETTINGS

LATE_PENALTY_MP = 100
"""The codes' late arrival penalty (RULES.md, "Director's decisions"), the model's default."""

KIND_HELP = {
    rules.LATE: _("The pair came 5 to 10 minutes late: it loses the late penalty's MP."),
    rules.WALKOVER: _(
        "The pair was absent past 10 minutes: its opponents score the walk-over award."
    ),
    rules.ABANDONMENT: _(
        "The pair left: it scores 0 and plays no more; its opponents, and every later one, "
        "score the bye award."
    ),
    rules.PENALTY: _("MP or VP taken from one pair in this round; its opponents keep theirs."),
    rules.ASSIGNED: _("The count was lost or cannot be agreed: you give each side its MP."),
    rules.TIMEOUT: _(
        "A deal unfinished when time was called: enter it as it stands, with nobody closing."
    ),
}


PLUS = "+"
"""Between the two players' numbers of a partnership's choice ("5+7")."""


def _individual_choice(
    players: Sequence[Pair], partnerships: Sequence[tuple[Pair, Pair]], round_number: int | None
) -> forms.ChoiceField:
    """The four players, then the two partnerships of that round, to choose one from."""
    choices = [
        (
            str(p.number),
            _("Player %(number)s: %(name)s") % {"number": p.number, "name": p.names},
        )
        for p in players
    ]
    for one, two in partnerships:
        text = _(
            "The partnership %(one)s + %(two)s in round %(round)s: %(one_name)s and %(two_name)s"
        ) % {
            "one": one.number,
            "two": two.number,
            "round": round_number,
            "one_name": one.names,
            "two_name": two.names,
        }
        choices.append((f"{one.number}{PLUS}{two.number}", text))
    return forms.ChoiceField(
        label=_("On which player or partnership?"),
        required=False,
        choices=choices,
        widget=forms.RadioSelect,
        help_text=_(
            "Late arrival, walk-over, abandonment and penalty fall on one player, or on the "
            "two partners together: each of them then takes all of it."
        ),
    )


PLAYER_KIND_HELP = {
    **KIND_HELP,
    rules.LATE: _("The player came 5 to 10 minutes late: they lose the late penalty's MP."),
    rules.WALKOVER: _(
        "The player was absent past 10 minutes: their opponents score the walk-over award."
    ),
    rules.ABANDONMENT: _(
        "The player left: they score 0 and play no more; their opponents, and every later one, "
        "score the bye award."
    ),
    rules.PENALTY: _(
        "MP or VP taken from one player in this round; the others at the table keep theirs."
    ),
}
"""KIND_HELP as an individual tournament says it: a decision falls on one player."""
PLAYER_KIND_LABELS = {
    rules.WALKOVER: _("Walk-over (a player absent)"),
    rules.ABANDONMENT: _("Abandonment (a player left)"),
}


def kind_help_for(tournament: Tournament) -> dict[str, Any]:
    """What each kind of decision does, in the words of the tournament's shape."""
    return PLAYER_KIND_HELP if tournament.is_individual else KIND_HELP


class DecisionForm(forms.Form):
    kind = forms.ChoiceField(
        label=_("What do you decide?"),
        choices=[(k, label) for k, label in Decision.Kind.choices if k != rules.CANCEL],
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose what the arbiter decides.")},
    )
    pair = whole(
        _("the pair's number"),
        label=_("On which pair?"),
        required=False,
        help_text=_("Late arrival, walk-over, abandonment and penalty fall on one pair."),
    )
    mp = whole(
        _("the MP taken"), label=_("Penalty: MP taken"), required=False, example=100,
        min_value=0, max_value=rules.MAX_POINTS,
    )  # fmt: skip
    vp = whole(
        _("the VP taken"), label=_("Penalty: VP taken"), required=False, example=1,
        min_value=0, max_value=rules.MAX_POINTS,
    )  # fmt: skip
    ns_mp = whole(
        _("the MP assigned"), label=_("Assigned result: N-S MP"), required=False, example=400,
        min_value=-rules.MAX_POINTS, max_value=rules.MAX_POINTS,
    )  # fmt: skip
    ew_mp = whole(
        _("the MP assigned"), label=_("Assigned result: E-W MP"), required=False, example=100,
        min_value=-rules.MAX_POINTS, max_value=rules.MAX_POINTS,
    )  # fmt: skip
    deal_number = whole(
        _("the deal's number"), label=_("Time-out: which deal?"), required=False, example=3,
        min_value=1, max_value=99,
    )  # fmt: skip
    reason = forms.CharField(
        label=_("Reason"),
        required=False,
        max_length=rules.REASON_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Required: every player can read it with the decision."),
    )

    def __init__(
        self,
        data: Any = None,
        *,
        pairs: list[Pair],
        words: Any = None,
        partnerships: Sequence[tuple[Pair, Pair]] = (),
        round_number: int | None = None,
        individual: bool = False,
        **kwargs: Any,
    ) -> None:
        """`pairs`: the entrants a decision may fall on (at an individual table, its four
        players, each alone, N, S, E, W); `partnerships`: that table's two, when the decision
        may fall on a player or on a partnership in round `round_number`."""
        super().__init__(data, **kwargs)
        if individual:
            chosen = self.fields["pair"]
            chosen.label = _("On which player?")
            chosen.help_text = _(
                "Late arrival, walk-over, abandonment and penalty fall on one player."
            )
            kind = cast("forms.ChoiceField", self.fields["kind"])
            kind.choices = [
                (k, PLAYER_KIND_LABELS.get(k, label))
                for k, label in Decision.Kind.choices
                if k != rules.CANCEL
            ]
        self.fields["pair"].widget = forms.RadioSelect(
            choices=[(p.number, f"{p.number}. {p.names}") for p in pairs]
        )
        if partnerships:
            self.fields["pair"] = _individual_choice(pairs, partnerships, round_number)
        if words is not None:
            self.fields["ns_mp"].label = _("Assigned result: %(side)s MP") % {"side": words["ns"]}
            self.fields["ew_mp"].label = _("Assigned result: %(side)s MP") % {"side": words["ew"]}

    def clean(self) -> dict[str, Any]:
        """An individual table's choice, "7" or "5+7", read as the player's number and whether
        the decision falls on their partnership."""
        data: dict[str, Any] = super().clean() or {}
        chosen = data.get("pair")
        data["partnership"] = False
        if isinstance(chosen, str):
            number, plus, _partner = chosen.partition(PLUS)
            data["pair"] = int(number) if number else None
            data["partnership"] = bool(plus)
        return data

    def clean_reason(self) -> str:
        reason: str = self.cleaned_data.get("reason", "")
        refusal = rules.reason_refusal(reason)
        if refusal:
            raise forms.ValidationError(refusal)
        return reason.strip()


class DecisionNumbersForm(forms.Form):
    """The numbers of the decisions among a tournament's settings (the settings form has them);
    left empty, the codes' (RULES.md, "Director's decisions")."""

    late_penalty_mp = whole(
        _("the MP a late pair loses"),
        label=_("Late arrival: MP lost"),
        required=False,
        initial=LATE_PENALTY_MP,
        example=100,
        min_value=limits.BYE_MP[0],
        max_value=limits.BYE_MP[1],
        help_text=_(
            "A pair 5 to 10 minutes late loses these MP in that round. Empty: the codes' 100."
        ),
    )
    walkover_vp = whole(
        _("the walk-over's VP"),
        label=_("Walk-over: VP of the present pair"),
        required=False,
        example=14,
        min_value=limits.BYE_VP[0],
        max_value=limits.BYE_VP[1],
        help_text=_("Empty: as the bye award of the VP scale (FIBUR 3: 14, FIBUR 4: 12)."),
    )
    walkover_mp = whole(
        _("the walk-over's MP"),
        label=_("Walk-over: MP of the present pair"),
        required=False,
        example=355,
        min_value=limits.BYE_MP[0],
        max_value=limits.BYE_MP[1],
        help_text=_("Empty: as the bye award of the VP scale (FIBUR 3: 355, FIBUR 4: 305)."),
    )
    walkover_absent_vp = whole(
        _("the absent pair's VP"),
        label=_("Walk-over: VP of the absent pair"),
        required=False,
        example=6,
        min_value=limits.BYE_VP[0],
        max_value=limits.BYE_VP[1],
        help_text=_(
            "Empty: the other side of that band (FIBUR 3: 6, FIBUR 4: 8). A pair whose average "
            "so far is less scores its average."
        ),
    )

    @staticmethod
    def numbers_of(tournament: Tournament) -> dict[str, int | None]:
        """A tournament's numbers, as the form shows them."""
        return {name: getattr(tournament, name) for name in DECISION_SETTINGS}

    def decision_numbers(self) -> dict[str, int | None]:
        """The numbers as the tournament services take them (an empty late penalty: 100)."""
        data = self.cleaned_data
        late = data.get("late_penalty_mp")
        return {
            "late_penalty_mp": LATE_PENALTY_MP if late is None else late,
            "walkover_vp": data.get("walkover_vp"),
            "walkover_mp": data.get("walkover_mp"),
            "walkover_absent_vp": data.get("walkover_absent_vp"),
        }


class CancelForm(forms.Form):
    reason = forms.CharField(
        label=_("Why cancel it?"),
        required=False,
        max_length=rules.REASON_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def clean_reason(self) -> str:
        reason: str = self.cleaned_data.get("reason", "")
        refusal = rules.reason_refusal(reason)
        if refusal:
            raise forms.ValidationError(refusal)
        return reason.strip()
