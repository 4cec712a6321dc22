"""What a page says of a tournament's entrants, pairs or players alone
(`rules.entrant_texts`), so that a template never branches on the tournament's shape itself.

    {% load entrant_texts %}
    {% entrant_text tournament "entrants_count" count=pairs|length %}
    {% entrant_text tournament "add" as add_label %}
"""

from collections.abc import Iterable

from django import template

from tournaments.rules.entrant_texts import entrant_text as text_of
from tournaments.rules.entrant_texts import entrants_heading as heading_of
from tournaments.rules.entrant_texts import shape_text
from tournaments.rules.shapes import Shaped

register = template.Library()


@register.simple_tag
def entrant_text(tournament: Shaped | str, key: str, **values: object) -> str:
    """The sentence `key` as this tournament says it, with `values` put in (escaped as any
    variable is); a pairs evening's where the template was given no tournament."""
    if isinstance(tournament, str):
        return shape_text(False, key, **values)
    return text_of(tournament, key, **values)


@register.simple_tag
def entrants_heading(tournaments: Iterable[Shaped]) -> str:
    """The heading over a list of tournaments' entrant counts (`rules.entrant_texts`)."""
    return heading_of(tournaments)
