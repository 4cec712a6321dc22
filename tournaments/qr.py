"""QR codes drawn in Python as inline SVG: a phone's camera opens the address, and the page needs
no image file, no script and nothing from another site (the CSP allows only the app's own).

`qr_svg(url, label=…)` gives the `<svg>` element to put in a page or a printed sheet; templates
use `{% load qr %}{% qr_code url label %}` (tournaments/templatetags/qr.py). Segno makes the
symbol (error correction level M: a smudged or creased print still scans); this module only
draws its dark modules, one filled rectangle per run along a row, inside the four-module quiet
zone the standard asks for. The SVG has no size of its own: the page's CSS gives it one
(`svg.qr`), and `shape-rendering="crispEdges"` keeps the modules sharp at any size.
"""

from functools import lru_cache

import segno
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

QUIET_ZONE = 4
"""Light modules around the symbol, as ISO/IEC 18004 asks: cameras need them to find it."""
ERROR_CORRECTION = "m"
"""About 15 % of the symbol may be unreadable and it still scans."""


def qr_matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    """The symbol's modules, row by row, True for dark (without the quiet zone)."""
    code = segno.make_qr(data, error=ERROR_CORRECTION, boost_error=False)
    return tuple(tuple(bool(module) for module in row) for row in code.matrix)


def _runs(row: tuple[bool, ...]) -> list[tuple[int, int]]:
    """(start, length) of each run of dark modules in a row."""
    runs, start = [], None
    for x, dark in enumerate((*row, False)):
        if dark and start is None:
            start = x
        elif not dark and start is not None:
            runs.append((start, x - start))
            start = None
    return runs


@lru_cache(maxsize=256)
def qr_svg(data: str, label: str = "") -> SafeString:
    """An inline `<svg class="qr">` of the QR code of `data` (an address), with `label` as its
    accessible name (what a screen reader says; the page should print the address too)."""
    matrix = qr_matrix(data)
    size = len(matrix) + 2 * QUIET_ZONE
    path = "".join(
        f"M{QUIET_ZONE + x} {QUIET_ZONE + y}h{length}v1h-{length}z"
        for y, row in enumerate(matrix)
        for x, length in _runs(row)
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
