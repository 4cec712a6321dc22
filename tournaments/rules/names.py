"""Players' names: where a typed name splits into first name and surname, and how surnames sort.

A surname keeps its particle: "Luciano De Luca" is Luciano, of the De Luca family, and sorts
under D, as Italian clubs (and phone books) file him; so do "Di Stefano", "Da Silva",
"dos Santos", "van der Berg", "von Stein", "de la Cruz", "Lo Presti", "La Rosa", "D'Amico".
Names are shown exactly as typed; only the sort key folds them: no case, no accents, no spaces
or apostrophes ("De Luca", "de luca" and "Deluca" sort together, after "Del Bianco").

Pure Python, no Django: the model, the services, the selectors and the backup all call this.
"""

import unicodedata

PARTICLES = frozenset(
    {
        # Italian: De Luca, Di Stefano, Da Ponte, Del Piero, Della Valle, Lo Presti, La Rosa…
        "d'", "da", "dal", "dall'", "dalla", "dalle", "de", "de'", "dei", "degli", "del",
        "dell'", "della", "delle", "dello", "di", "la", "le", "li", "lo",
        # Spanish and Portuguese: de la Cruz, de los Ríos, dos Santos, da Silva, das Neves
        "das", "do", "dos", "las", "los",
        # French: du Pont, des Jardins
        "du", "des",
        # Dutch and German: van der Berg, van den Heuvel, ter Horst, von Stein, zu Guttenberg
        "den", "der", "op", "te", "ten", "ter", "van", "vom", "von", "zu", "zum", "zur",
    }
)  # fmt: skip
"""Words that belong to the surname that follows them (lower case, straight apostrophe)."""

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u02bc": "'", "`": "'", "\u00b4": "'"})
_DROPPED = str.maketrans("", "", " '\u2019\u02bc`\u00b4\t")


def is_particle(word: str) -> bool:
    return word.translate(_APOSTROPHES).casefold() in PARTICLES


def split_name(name: str) -> tuple[str, str]:
    """A typed name as (first name, surname): the last word is the surname, with every
    particle just before it. "Luciano De Luca" -> ("Luciano", "De Luca"); "Jan van der Berg"
    -> ("Jan", "van der Berg"); "Rossi" -> ("", "Rossi"); "De Luca" -> ("", "De Luca")."""
    words = name.split()
    if not words:
        return "", ""
    start = len(words) - 1
    while start > 0 and is_particle(words[start - 1]):
        start -= 1
    return " ".join(words[:start]), " ".join(words[start:])


def move_particles(first_name: str, last_name: str) -> tuple[str, str]:
    """A name split the old way (every word but the last in the first name: "Luciano De",
    "Luca") split as `split_name` does: the particles that end the first name move to the
    surname. A name already split right is returned as it is."""
    words = first_name.split()
    start = len(words)
    while start > 0 and is_particle(words[start - 1]):
        start -= 1
    if start == len(words) or not last_name.strip():
        return first_name, last_name
    return " ".join(words[:start]), " ".join([*words[start:], last_name.strip()])


def fold(text: str) -> str:
    """A name as it sorts: lower case, no accents, no spaces or apostrophes."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return bare.translate(_DROPPED)


def sort_key(last_name: str, first_name: str = "") -> tuple[str, str]:
    """How players sort: by surname, then first name, each folded ("De Luca" under D)."""
    return fold(last_name), fold(first_name)


SORT_NAME_LENGTH = 130
"""Room for a 60-letter surname and first name, folded (a ligature may fold to two letters)."""


def sort_name(last_name: str, first_name: str = "") -> str:
    """`sort_key` as one text, for the database to order by (Player.sort_name)."""
    return " ".join(sort_key(last_name, first_name)).strip()[:SORT_NAME_LENGTH]


def initial(last_name: str) -> str:
    """The letter a surname is filed under: "De Luca" and "D'Amico" under D, "Òrsola" under
    O; "?" for a player with no surname."""
    folded = fold(last_name)
    return folded[:1].upper() if folded else "?"
