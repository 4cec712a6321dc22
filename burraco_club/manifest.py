"""The web app manifest (/manifest.webmanifest): a player adds the public pages or a pair's own
pages to a phone's home screen, and they open like an app, with the club's icon.

It names no `start_url`, so the icon opens the very page it was added from (the tournament's
standings, "find your table", a pair's "my evening"), which is what a player wants back; its
scope is the whole site. Its name and description are in the reader's language."""

import json

from django.http import HttpRequest, HttpResponse
from django.templatetags.static import static
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

THEME = "#0b5f3a"
"""The app's accent (static/css/app.css --accent): the phone's bar takes it."""
BACKGROUND = "#f7f8f6"


@require_safe
def web_manifest(request: HttpRequest) -> HttpResponse:
    icons = [
        {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("icons/maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
        {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    manifest = {
        "name": _("Burraco club: standings and tables"),
        "short_name": "Burraco club",
        "description": _(
            "The live standings, your table and your evening at the club's Burraco tournaments."
        ),
        "lang": get_language(),
        "dir": "ltr",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": icons,
    }
    response = HttpResponse(
        json.dumps(manifest, ensure_ascii=False), content_type="application/manifest+json"
    )
    patch_cache_control(response, public=True, max_age=24 * 60 * 60)
    # the language comes from the switch's cookie or the browser's Accept-Language
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response
