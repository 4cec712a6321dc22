"""How the pages write numbers: grouped as the reader's language writes them (1.520 in Italian,
Spanish, German and Brazilian Portuguese, 1,520 in English) with a real minus sign, never "−0".

The CSV exports do not use this: they keep plain machine numbers (README)."""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils import formats
from django.utils.translation import get_language

register = template.Library()

MINUS = "\u2212"


def points_text(value: int | float | Decimal | str | None, decimals: int | None = None) -> str:
    """A score, a VP or a difference as the reader writes it: '1.520', '−305', '14,5'."""
    if value is None or value == "":
        return ""
    # a page writes thousands of numbers, most of them many times: each is worked out once
    # per language (and per way of writing it: 1.5 and Decimal("1.50") are not written alike)
    return _points_text(type(value).__name__, str(value), decimals, get_language())


@lru_cache(maxsize=8192)
def _points_text(kind: str, value: str, decimals: int | None, language: str | None) -> str:
    try:
        number = Decimal(str(value))
    except ArithmeticError:
        return str(value)
    if decimals is not None:
        number = round(number, decimals)
    if number == 0:
        number = abs(number)
    text = formats.number_format(
        abs(number), decimal_pos=decimals, use_l10n=True, force_grouping=True
    )
    return f"{MINUS}{text}" if number < 0 else text


@receiver(setting_changed)
def _forget_written_numbers(**kwargs: object) -> None:
    """A test that changes the settings (the formats, the languages) writes numbers afresh."""
    _points_text.cache_clear()


@register.filter
def points(value: int | float | Decimal | str | None) -> str:
    """{{ side.total|points }}: grouped digits in the reader's language, a real minus sign."""
    return points_text(value)


@register.filter
def points_signed(value: int | float | Decimal | str | None) -> str:
    """{{ difference|points_signed }}: like points, with '+' before a positive number (never
    before a zero, whichever way it is written: 0, 0.0, -0)."""
    text = points_text(value)
    try:
        positive = Decimal(str(value)) > 0
    except ArithmeticError:
        positive = False
    return f"+{text}" if positive else text
