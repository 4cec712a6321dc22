"""Whether a player's record (every evening they played) is public: the club says what its
players' records are by default, each player may say otherwise. Pure: plain values in."""

FOLLOW_CLUB = "club"
PUBLIC = "public"
PRIVATE = "private"
RECORD_CHOICES = (FOLLOW_CLUB, PUBLIC, PRIVATE)


def record_public(*, club_public: bool, choice: str) -> bool:
    """The player's own choice if they made one, otherwise the club's."""
    if choice == PUBLIC:
        return True
    if choice == PRIVATE:
        return False
    return club_public


def record_visible(*, club_public: bool, choice: str, organises: bool) -> bool:
    """A record not public is still the club's organisers' to read (anyone else: 404)."""
    return organises or record_public(club_public=club_public, choice=choice)
