"""The federation page of a tournament (/organise/tournaments/<id>/federation/): the submissions
made (number, kind, when, by whom), a button for the next one (a session's once its rounds are
done, the final once the tournament is finished), each one's files (the signed JSON, its CSV
and Excel twins: the same rows) and what changed since the one before of its kind; and the
event's officials (the arbiter and the sala conti), which the submissions name."""

import json
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from tournaments import selectors, services
from tournaments.exports import export_filename, rows_csv_response
from tournaments.models import FederationSubmission, Tournament
from tournaments.selectors.sessions import sessions_of
from tournaments.selectors.submissions import rows_of, submissions_of
from tournaments.services import ServiceError
from tournaments.spreadsheets import Sheet, xlsx_response

PAGE = "tournaments/federation.html"


class OfficialsForm(forms.Form):
    arbiter = forms.CharField(label=gettext_lazy("Arbiter"), max_length=120, required=False)
    scorer = forms.CharField(
        label=gettext_lazy("Scorer (sala conti)"),
        max_length=120,
        required=False,
        help_text=gettext_lazy("Who keeps the scores; both names go on every submission."),
    )


def _context(tournament: Tournament, form: OfficialsForm | None = None) -> dict[str, Any]:
    plan = sessions_of(tournament)
    initial = {"arbiter": tournament.arbiter, "scorer": tournament.scorer}
    return {
        "tournament": tournament,
        "lines": submissions_of(tournament),
        # the last session ends with the tournament: its submission is the final one
        "sessions": [session.number for session in plan[:-1]],
        "form": form or OfficialsForm(initial=initial),
    }


@login_required
@require_GET
def federation_submissions(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    return render(request, PAGE, _context(tournament))


@login_required
@require_POST
def federation_submission_make(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    chosen = request.POST.get("session", "").strip()
    if chosen and not chosen.isdigit():
        messages.error(request, _("Choose the session whose submission to make."))
        return redirect("federation_submissions", tournament.pk)
    try:
        made = services.submission_make(
            tournament, session=int(chosen) if chosen else None, user=request.user
        )
    except ServiceError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(
            request,
            _("Submission %(number)s is made: download its files below and send them.")
            % {"number": made.number},
        )
    return redirect("federation_submissions", tournament.pk)


@login_required
@require_POST
def tournament_officials(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    form = OfficialsForm(request.POST)
    if form.is_valid():
        try:
            services.tournament_officials_set(tournament=tournament, **form.cleaned_data)
        except ServiceError as error:
            for message in error.messages:
                form.add_error(None, message)
        else:
            messages.success(request, _("The arbiter and the sala conti are saved."))
            return redirect("federation_submissions", tournament.pk)
    return render(request, PAGE, _context(tournament, form))


@login_required
@require_GET
def federation_submission_file(
    request: HttpRequest, tournament_id: int, number: int, extension: str
) -> HttpResponse:
    """Submission `number` as it was made: the signed JSON, or its rows as CSV or Excel."""
    tournament = selectors.for_organiser(request.user, Tournament, pk=tournament_id)
    submission = FederationSubmission.objects.filter(tournament=tournament, number=number).first()
    if submission is None:
        raise Http404
    slugs = (tournament.club.slug, tournament.slug)
    what = f"federation-{number}"
    filename = export_filename(*slugs, what=what, extension=extension)
    if extension == "json":
        text = json.dumps(submission.payload, ensure_ascii=False, indent=2)
        response = HttpResponse(text, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
    fields, rows = rows_of(tournament, submission.payload)
    if extension == "xlsx":
        event = submission.payload.get("event", {})
        details = [[name, _cell(value)] for name, value in event.items()]
        sheets = [
            Sheet(_("Submission %(number)s") % {"number": number}, fields, rows),
            Sheet(_("Event"), [_("Detail"), _("Value")], details),
        ]
        return xlsx_response(sheets, filename)
    return rows_csv_response(fields, rows, filename)


def _cell(value: Any) -> Any:
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return value
