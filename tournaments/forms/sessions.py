"""The sessions form: two sessions (session 1's last round, each session's date and start
time), the rounds after session 1 making session 2. Whether the plan is sound and may change
now is `rules.sessions`'s to say, through the service."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.rules.sessions import SessionPlan

DATE_ERRORS = {
    "required": _("Give the session's date."),
    "invalid": _("Write the date as day, month and year."),
}
TIME_ERRORS = {"invalid": _("Write the start time as hours and minutes, e.g. 15:00.")}


def _date(label: Any) -> forms.DateField:
    return forms.DateField(
        label=label,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages=DATE_ERRORS,
    )


def _time(label: Any) -> forms.TimeField:
    return forms.TimeField(
        label=label,
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        error_messages=TIME_ERRORS,
    )


class SessionsForm(forms.Form):
    """Session 1: rounds 1 to `last_round`; session 2: the rounds after it."""

    last_round = forms.IntegerField(
        label=_("Session 1 ends after round"),
        min_value=1,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages={
            "required": _("Give the last round of session 1."),
            "invalid": _("Give the last round of session 1 as a number."),
            "min_value": _("Session 1 has at least one round."),
        },
    )
    first_date = _date(_("Session 1: date"))
    first_time = _time(_("Session 1: start time (optional)"))
    second_date = _date(_("Session 2: date"))
    second_time = _time(_("Session 2: start time (optional)"))

    def __init__(self, *args: Any, rounds: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rounds = rounds

    def clean_last_round(self) -> int:
        last: int = self.cleaned_data["last_round"]
        if last >= self.rounds:
            raise forms.ValidationError(
                _("Session 2 needs at least one round: session 1 must end before round %(rounds)s.")
                % {"rounds": self.rounds}
            )
        return last

    def plan(self) -> list[SessionPlan]:
        data = self.cleaned_data
        return [
            SessionPlan(1, 1, data["last_round"], data["first_date"], data["first_time"]),
            SessionPlan(
                2, data["last_round"] + 1, self.rounds, data["second_date"], data["second_time"]
            ),
        ]
