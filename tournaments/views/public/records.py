"""A player's record (/r/<club>/<player>/): every finished evening they played, in this club and
in the clubs where the same card number plays, with their partners and two charts. Public where
the club and the player allow it (`rules.records`), otherwise for the club's organisers only
(404 to anyone else). Not stored per results version: who may see it depends on the reader,
and its few queries do not grow with the evenings."""

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from tournaments.forms.records import RecordChoiceForm
from tournaments.models import Player
from tournaments.selectors import records
from tournaments.views.public.record_charts import record_charts


@dataclass(frozen=True)
class RecordLink:
    name: str
    url: str


def record_url(player: Player) -> str:
    return reverse("player_record", args=[player.club.slug, player.pk])


def record_links(players: Iterable[Player | None], organised: Collection[int]) -> list[RecordLink]:
    """Links to the records of `players` (their club read with them) the reader may see."""
    return [
        RecordLink(player.full_name, record_url(player))
        for player in players
        if player is not None and records.is_visible(player, organised)
    ]


@require_safe
def player_record(request: HttpRequest, club_slug: str, player_id: int) -> HttpResponse:
    player = records.record_player(club_slug=club_slug, player_id=player_id)
    organised = records.reader_club_ids(request.user)
    if player is None or not records.is_visible(player, organised):
        raise Http404("No such player.")
    record = records.player_record(player=player, organised=organised)
    organises = player.club_id in organised
    context = {
        "club": player.club,
        "player": player,
        "record": record,
        "evenings": list(reversed(record.evenings)),
        "with_points": any(evening.points for evening in record.evenings),
        "charts": record_charts(player.pk, record.evenings),
        "public": records.is_visible(player, ()),
        "organises": organises,
        "choice_form": RecordChoiceForm(initial={"record": player.record}) if organises else None,
        "share_url": request.build_absolute_uri(record_url(player)),
        "share_title": player.full_name,
    }
    return render(request, "tournaments/public/record.html", context)
