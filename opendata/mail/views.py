"""The link at the foot of every message to a player: it removes their address. Opened, it asks
once (a mail program's link checker must not remove anyone); a POST removes it, also straight
from a mail program's one-click unsubscribe (RFC 8058), which carries no CSRF token: the signed
token is the key."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from tournaments import services
from tournaments.services.player_mail import player_for_removal

PAGE = "opendata/email_removal.html"


@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
def email_removal(request: HttpRequest, token: str) -> HttpResponse:
    player = player_for_removal(token)
    if player is None:
        return render(request, PAGE, {"gone": True}, status=404)
    if request.method != "POST":
        return render(request, PAGE, {"player": player, "club": player.club, "token": token})
    services.player_email_remove(player=player)
    return render(request, PAGE, {"removed": True, "club": player.club})
