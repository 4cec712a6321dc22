"""The forms of the club's member list page: the federation's list uploaded, a member looked
for. They check the shape; services/members.py reads the file."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.services.member_file import MEMBER_FILE_BYTES


class MemberListForm(forms.Form):
    file = forms.FileField(
        label=_("The federation's member list (CSV or Excel .xlsx)"),
        help_text=_(
            "One member a row, under a first row that names the columns: “tessera; cognome; "
            "nome; anno_nascita; circolo; scadenza” (or card_number; last_name; first_name; "
            "birth_year; club; valid_until). Dates as 31/12/2025 or 2025-12-31. The new list "
            "replaces the old one."
        ),
        error_messages={"required": _("Choose the file of the member list.")},
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MEMBER_FILE_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(most)s MB: is it the right one?"),
                params={"most": MEMBER_FILE_BYTES // 1_000_000},
            )
        return upload


class MemberSearchForm(forms.Form):
    q = forms.CharField(
        label=_("Find a member by name or card number"), max_length=60, required=False
    )
