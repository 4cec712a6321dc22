"""Forms of a pair's changes during an evening (a name corrected, a substitute, a withdrawal),
of the entrants' file, of reopening a finished tournament and of the changes page's filters.
They check the shape of what is typed; the services decide whether it can be done."""

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import Pair, Player
from tournaments.rules import limits
from tournaments.selectors.audit import kind_choices
from tournaments.selectors.pairs import WithdrawalSeat
from tournaments.services import BYE, RESEAT, TOGETHER
from tournaments.services.entrants import FILE_BYTES
from tournaments.services.tournaments import REASON_LENGTH


def _players_of(pair: Pair) -> list[tuple[int, str]]:
    players = [pair.player_one, pair.player_two]
    return [(player.pk, player.full_name) for player in players if player is not None]


class _PlayerForm(forms.Form):
    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    first_name = forms.CharField(
        label=_("First name"), max_length=limits.NAME_LENGTH, required=False
    )
    last_name = forms.CharField(label=_("Surname"), max_length=limits.NAME_LENGTH)
    card_number = forms.CharField(
        label=_("Federation card number"),
        max_length=limits.CARD_LENGTH,
        required=False,
        help_text=_("Tessera, if any."),
    )

    def __init__(self, *args: Any, pair: Pair, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pair = pair
        self.fields["player"].choices = _players_of(pair)  # type: ignore[attr-defined]

    def chosen_player(self) -> Player:
        wanted = self.cleaned_data["player"]
        return next(p for p in (self.pair.player_one, self.pair.player_two) if p and p.pk == wanted)


class RenameForm(_PlayerForm):
    """A player's name corrected (a typo): the club's record of that player changes; an empty
    card number leaves the player's card number as it is. The page has one such form per
    player of the pair, its fields filled with that player's record (`player` is hidden): the
    fields are always the player's whose name changes. `confirmed` is set by the page that
    says whose name changes, from what to what and where; without it nothing is saved."""

    confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, pair: Pair, player: Player, **kwargs: Any) -> None:
        kwargs.setdefault(
            "initial",
            {
                "player": player.pk,
                "first_name": player.first_name,
                "last_name": player.last_name,
                "card_number": player.card_number,
            },
        )
        kwargs.setdefault("auto_id", f"id_rename_{player.pk}_%s")
        super().__init__(*args, pair=pair, **kwargs)
        self.player_record = player
        self.fields["player"].widget = forms.HiddenInput()
        self.fields["card_number"].help_text = _("Empty: the card number stays as it is.")


class SubstituteForm(_PlayerForm):
    from_round = forms.IntegerField(label=_("From round"), min_value=1, max_value=99)

    def __init__(self, *args: Any, pair: Pair, **kwargs: Any) -> None:
        super().__init__(*args, pair=pair, **kwargs)
        self.fields["player"].label = _("Player replaced")
        self.fields["last_name"].label = _("Substitute's surname")
        self.fields["first_name"].label = _("Substitute's first name")


class WithdrawForm(forms.Form):
    seated = forms.ChoiceField(
        label=_("The round already seated"),
        choices=[
            (BYE, _("its opponents get the bye award at its table")),
            (RESEAT, _("seat the round again without it")),
        ],
        widget=forms.RadioSelect,
        required=False,
        error_messages={"required": _("Choose one of the ways above.")},
    )

    def __init__(
        self, *args: Any, place: WithdrawalSeat | None = None, award: str = "", **kwargs: Any
    ) -> None:
        """`place`: where the pair sits in the round seated but not started, when it plays
        there: the choices then say who its opponents are and what each way gives them, and
        one must be chosen."""
        super().__init__(*args, **kwargs)
        field = self.fields["seated"]
        if place is None or place.opponents is None:
            return
        assert isinstance(field, forms.ChoiceField)
        field.required = True
        field.widget.attrs["required"] = True
        them = {"number": place.opponents.number, "names": place.opponents.names}
        bye = gettext(
            "Its opponents, pair %(number)s (%(names)s), get the bye award: %(award)s."
        ) % {**them, "award": award}
        if place.sitting_out is not None:
            bye += " " + gettext(
                "Pair %(number)s already sits out this round: two pairs would sit idle."
            ) % {"number": place.sitting_out.number}
        choices = [(BYE, bye), (RESEAT, gettext("Seat the round again without it."))]
        if place.together and place.sitting_out is not None:
            choices.append(
                (
                    TOGETHER,
                    gettext(
                        "Pair %(sitting)s, who sits out this round, plays pair %(number)s at "
                        "table %(table)s instead: nobody sits idle."
                    )
                    % {**them, "sitting": place.sitting_out.number, "table": place.table_number},
                )
            )
        field.choices = choices


class EntrantsFileForm(forms.Form):
    file = forms.FileField(
        label=_("A file of pairs (CSV or Excel .xlsx)"),
        help_text=_(
            "One pair a row: first name and surname of each player, and their federation card "
            "numbers if you have them. A first row such as “Nome 1; Cognome 1; Tessera 1; "
            "Nome 2; Cognome 2; Tessera 2” says which column is which."
        ),
    )

    def __init__(self, *args: Any, individual: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if individual:  # an individual tournament's file holds players, one a row
            field = self.fields["file"]
            field.label = _("A file of players (CSV or Excel .xlsx)")
            field.help_text = _(
                "One player a row: first name and surname, and the federation card number if "
                "you have it. A first row such as “Nome; Cognome; Tessera” says which column "
                "is which."
            )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > FILE_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(most)s kB: is it the right one?"),
                params={"most": FILE_BYTES // 1000},
            )
        return upload


class ReopenForm(forms.Form):
    reason = forms.CharField(
        label=_("Why reopen it?"),
        max_length=REASON_LENGTH,
        help_text=_("Kept in the change log, e.g. “table 4, round 2: deal 3 was entered twice”."),
        error_messages={
            "required": _(
                "Say why the tournament is reopened (for example, which result is wrong)."
            )
        },
    )


class ChangesFilter(forms.Form):
    kind = forms.ChoiceField(label=_("What"), required=False)
    round = forms.IntegerField(label=_("Round"), min_value=1, max_value=999, required=False)
    table = forms.IntegerField(label=_("Table"), min_value=1, max_value=999, required=False)

    def __init__(self, *args: Any, individual: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        kinds = kind_choices(individual=individual)
        self.fields["kind"].choices = [("", _("everything")), *kinds]  # type: ignore[attr-defined]
