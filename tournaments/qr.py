"""QR codes drawn in Python as inline SVG: a phone's camera opens the address, and the page needs
no image file, no script and nothing from another site (the CSP allows only the app's own).

`qr_svg(url, label=…)` gives the `<svg>` element to put in a page or a printed sheet; templates
use `{% load qr %}{% qr_code url label %}` (tournaments/templatetags/qr.py). Segno makes the
symbol (error correction level M: a smudged or creased print still scans) and
tournaments/qr_masks.py chooses its data mask as segno would, faster; this module only
draws its dark modules, one filled rectangle per run along a row, inside the four-module quiet
zone the standard asks for. The SVG has no size of its own: the page's CSS gives it one
(`svg.qr`), and `shape-rendering="crispEdges"` keeps the modules sharp at any size.
"""

import re
from functools import lru_cache

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tournaments.qr_masks import qr_code

QUIET_ZONE = 4
"""Light modules around the symbol, as ISO/IEC 18004 asks: cameras need them to find it."""
_DARK_RUN = re.compile(rb"\x01+")


def qr_matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    """The symbol's modules, row by row, True for dark (without the quiet zone)."""
    matrix, _mask = qr_code(data)
    return tuple(tuple(bool(module) for module in row) for row in matrix)


@lru_cache(maxsize=2048)
def qr_svg(data: str, label: str = "") -> SafeString:
    """An inline `<svg class="qr">` of the QR code of `data` (an address), with `label` as its
    accessible name (what a screen reader says; the page should print the address too)."""
    matrix, _mask = qr_code(data)
    size = len(matrix) + 2 * QUIET_ZONE
    # one rectangle per run of dark modules along a row
    path = "".join(
        f"M{QUIET_ZONE + run.start()} {QUIET_ZONE + y}h{len(run[0])}v1h-{len(run[0])}z"
        for y, row in enumerate(matrix)
        for run in _DARK_RUN.finditer(row)
    )
    name = escape(label or data)
    # every value in it is a number or escaped above
    return mark_safe(
        f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'role="img" aria-label="{name}" shape-rendering="crispEdges">'
        f"<title>{name}</title>"
        f'<rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path fill="#000" d="{path}"/></svg>'
    )
