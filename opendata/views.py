"""The club's settings page (/organise/clubs/<id>/), for its organisers: whether the players'
records are public, the club's association code at the federation, the websites allowed
to frame the club's embeds (with the snippets to copy), the API tokens of the club's software
(a new one shown once), and the webhooks with their latest deliveries (a new one's signing
secret shown once). Every lookup is scoped to the organiser's clubs (another club's answers
404); every write goes through `opendata.services`."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from opendata import selectors, services
from opendata.forms import EmbedSitesForm, TokenForm, WebhookForm
from opendata.models import ApiToken, Webhook
from tournaments import services as club_services
from tournaments.forms.records import ClubFederationForm, ClubRecordsForm
from tournaments.models import Club
from tournaments.selectors import for_organiser
from tournaments.services import ServiceError

PAGE = "opendata/club_settings.html"


def _club(request: HttpRequest, club_id: int) -> Club:
    return for_organiser(request.user, Club, pk=club_id)


def _page(request: HttpRequest, club: Club, status: int = 200, **forms: Any) -> HttpResponse:
    origins = list(club.embed_sites.values_list("origin", flat=True))
    embed = {
        what: request.build_absolute_uri(reverse(f"embed_club_{what}", args=[club.slug]))
        for what in ("standings", "find")
    }
    snippets = {
        "standings": _snippet(embed["standings"], _("Standings")),
        "find": _snippet(embed["find"], _("Find your table")),
    }
    context = {
        "club": club,
        "records_form": ClubRecordsForm(initial={"records_public": club.records_public}),
        "federation_form": forms.get("federation_form")
        or ClubFederationForm(initial={"federation_code": club.federation_code}),
        "player_messages": [
            {"message": m, "last": _mail_attempt_text(m.log[-1]) if m.log else ""}
            for m in selectors.player_messages_of(club)
        ],
        "sites_form": forms.get("sites_form")
        or EmbedSitesForm(initial={"sites": "\n".join(origins)}),
        "origins": origins,
        "snippets": snippets,
        "api_root": request.build_absolute_uri(reverse("api:api_index")),
        "tokens": selectors.tokens_of(club),
        "token_form": forms.get("token_form") or TokenForm(),
        "new_token": forms.get("new_token"),
        "hooks": _hooks(club),
        "webhook_form": forms.get("webhook_form") or WebhookForm(),
        "new_webhook": forms.get("new_webhook"),
    }
    return render(request, PAGE, context, status=status)


def attempt_text(attempt: dict[str, Any]) -> str:
    """What the last attempt of a delivery got, in words."""
    if attempt.get("status") is not None:
        answer = " ".join(str(attempt.get("answer", "")).split())[:80]
        return f"{attempt['status']} {answer}".strip()
    error, detail = attempt.get("error"), attempt.get("detail", "")
    if error == "timeout":
        return _("no answer within %(seconds)s seconds") % {"seconds": detail}
    if error == "address":
        return _("not sent: %(host)s is an address of the server's own network") % {"host": detail}
    return _("could not connect (%(detail)s)") % {"detail": detail}


def _mail_attempt_text(attempt: dict[str, Any]) -> str:
    """What the mail server said to the last attempt, when it refused or could not be reached."""
    return str(attempt.get("detail", "")) if attempt.get("outcome") == "error" else ""


def _hooks(club: Club) -> list[dict[str, Any]]:
    names = dict(Webhook.Event.choices)
    return [
        {
            "webhook": line.webhook,
            "event_names": [names.get(event, event) for event in line.webhook.events],
            "deliveries": [
                {
                    "delivery": d,
                    "event_name": names.get(d.event, d.event),
                    "last": attempt_text(d.log[-1]) if d.log else "",
                }
                for d in line.deliveries
            ],
        }
        for line in selectors.webhooks_of(club)
    ]


def _snippet(url: str, title: str) -> str:
    """The code a club pastes into its website (shown escaped, to be copied)."""
    return format_html(
        '<iframe src="{}" title="{}" width="100%" height="700" loading="lazy" '
        'style="border:0"></iframe>',
        url,
        title,
    )


def _errors(form: Any, error: ServiceError) -> None:
    for message in error.messages:
        form.add_error(None, message)


@login_required
@require_GET
def club_settings(request: HttpRequest, club_id: int) -> HttpResponse:
    return _page(request, _club(request, club_id))


@login_required
@require_POST
def embed_sites_save(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _club(request, club_id)
    form = EmbedSitesForm(request.POST)
    if form.is_valid():
        try:
            origins = services.embed_sites_set(club=club, text=form.cleaned_data["sites"])
        except ServiceError as error:
            _errors(form, error)
        else:
            if origins:
                messages.success(
                    request,
                    _("Saved: these websites may show the club's standings: %(sites)s.")
                    % {"sites": ", ".join(origins)},
                )
            else:
                messages.success(request, _("Saved: no website may show the club's standings."))
            return redirect("club_settings", club_id=club.pk)
    return _page(request, club, sites_form=form)


@login_required
@require_POST
def club_records_save(request: HttpRequest, club_id: int) -> HttpResponse:
    """Whether the club's players' records are public (a player's own choice still wins)."""
    club = _club(request, club_id)
    form = ClubRecordsForm(request.POST)
    form.is_valid()  # a tick box: anything but a tick is "no"
    public = bool(form.cleaned_data.get("records_public"))
    club_services.club_records_set(club=club, public=public)
    if public:
        messages.success(request, _("Saved: the players' records are public."))
    else:
        messages.success(request, _("Saved: the players' records are for the organisers only."))
    return redirect("club_settings", club_id=club.pk)


@login_required
@require_POST
def club_federation_save(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's association code at the federation, which every submission names."""
    club = _club(request, club_id)
    form = ClubFederationForm(request.POST)
    if form.is_valid():
        try:
            club_services.club_federation_code_set(
                club=club, code=form.cleaned_data["federation_code"]
            )
        except ServiceError as error:
            _errors(form, error)
        else:
            messages.success(request, _("Saved: the club's association code."))
            return redirect("club_settings", club_id=club.pk)
    return _page(request, club, federation_form=form)


@login_required
@require_POST
def token_create(request: HttpRequest, club_id: int) -> HttpResponse:
    """Made and shown at once, never again: the page is answered here, not after a redirect."""
    club = _club(request, club_id)
    form = TokenForm(request.POST)
    if form.is_valid():
        try:
            token, raw = services.token_create(
                club=club, name=form.cleaned_data["name"], user=request.user
            )
        except ServiceError as error:
            _errors(form, error)
        else:
            return _page(request, club, new_token={"token": token, "raw": raw})
    return _page(request, club, token_form=form)


@login_required
@require_POST
def token_revoke(request: HttpRequest, club_id: int, token_id: int) -> HttpResponse:
    club = _club(request, club_id)
    token = get_object_or_404(ApiToken, pk=token_id, club=club)
    services.token_revoke(token=token)
    messages.success(
        request,
        _("The token “%(name)s” is revoked: it reads nothing any more.") % {"name": token.name},
    )
    return redirect("club_settings", club_id=club.pk)


@login_required
@require_POST
def webhook_create(request: HttpRequest, club_id: int) -> HttpResponse:
    """Made, and its signing secret shown at once, never again."""
    club = _club(request, club_id)
    form = WebhookForm(request.POST)
    if form.is_valid():
        try:
            webhook = services.webhook_create(
                club=club,
                url=form.cleaned_data["url"],
                events=form.cleaned_data["events"],
                user=request.user,
            )
        except ServiceError as error:
            _errors(form, error)
        else:
            return _page(request, club, new_webhook=webhook)
    return _page(request, club, webhook_form=form)


@login_required
@require_POST
def webhook_delete(request: HttpRequest, club_id: int, webhook_id: int) -> HttpResponse:
    club = _club(request, club_id)
    webhook = get_object_or_404(Webhook, pk=webhook_id, club=club)
    services.webhook_delete(webhook=webhook)
    messages.success(
        request,
        _("The webhook %(url)s is removed: nothing more is sent to it.") % {"url": webhook.url},
    )
    return redirect("club_settings", club_id=club.pk)
