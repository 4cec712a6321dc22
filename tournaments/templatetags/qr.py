"""`{% load qr %}` then `{% qr_code url label %}` (or `{{ url|qr_code }}`): the QR code of an
address as inline SVG (tournaments/qr.py). Give the page's absolute address
(`request.build_absolute_uri`): a phone's camera cannot follow a path alone."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from tournaments.qr import qr_svg

register = template.Library()


@register.simple_tag(name="qr_code")
def qr_code_tag(url: str, label: str = "") -> SafeString:
    """{% qr_code phone_url label %}: the QR code, with `label` as what a screen reader says."""
    return qr_svg(str(url), str(label))


@register.filter(name="qr_code")
def qr_code_filter(url: str) -> SafeString:
    """{{ phone_url|qr_code }}: the QR code, named by its address."""
    return qr_svg(str(url))
