"""What a pair's link token looks like (/p/<token>/): 22 URL-safe characters, the 128 random bits
of `secrets.token_urlsafe(16)` (tournaments.models.play.new_link_token). Whatever looks a link
up asks this first, so that a malformed token (a NUL, a word, a truncated copy) costs no query."""

import re

LINK_TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")


def is_link_token(token: str) -> bool:
    """Whether `token` has the shape of a link's token (it may still open nothing)."""
    return LINK_TOKEN.fullmatch(token) is not None
