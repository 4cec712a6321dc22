"""Language tags as HTML writes them (BCP 47): {{ LANGUAGE_CODE|bcp47 }} gives "pt-BR" for
Django's "pt-br", "it" for "it".

    {% load languages %}
    <html lang="{{ LANGUAGE_CODE|bcp47 }}">
"""

from django import template

register = template.Library()


@register.filter
def bcp47(code: str | None) -> str:
    """A Django language code in BCP 47's usual case: the language in lower case, a region in
    upper case ("pt-br" → "pt-BR", "de-ch" → "de-CH"); the site's default when empty."""
    language, _, region = (code or "it").partition("-")
    if not region:
        return language.lower()
    return f"{language.lower()}-{region.upper() if len(region) == 2 else region.title()}"
