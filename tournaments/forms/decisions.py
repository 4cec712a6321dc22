"""The arbiter's decision form (table page, round board) and the cancel form. They check the
shape of what is typed; `services.decisions` (asking `rules.decisions`) says whether it may be
taken, and every refusal shows in the form, nothing saved."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.fields import whole
from tournaments.models import Decision, Pair
from tournaments.rules import decisions as rules

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
        self, data: Any = None, *, pairs: list[Pair], words: Any = None, **kwargs: Any
    ) -> None:
        super().__init__(data, **kwargs)
        self.fields["pair"].widget = forms.RadioSelect(
            choices=[(p.number, f"{p.number}. {p.names}") for p in pairs]
        )
        if words is not None:
            self.fields["ns_mp"].label = _("Assigned result: %(side)s MP") % {"side": words["ns"]}
            self.fields["ew_mp"].label = _("Assigned result: %(side)s MP") % {"side": words["ew"]}

    def clean_reason(self) -> str:
        reason: str = self.cleaned_data.get("reason", "")
        refusal = rules.reason_refusal(reason)
        if refusal:
            raise forms.ValidationError(refusal)
        return reason.strip()


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
