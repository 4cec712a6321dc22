"""What is wrong with an entry, as data: where it is (side, meld, field, card), a stable code and
its parameters; and the one place that says it in English (`render`).

A `Problem` holds no sentence. `MESSAGES` (in `problem_messages`) maps each code to its English
template, marked for the translation catalogues; `render`
fills it in, saying where the problem is ("side 2", "side 2, meld 1 (5H 2S 7H 2D)",
`side 1: "hand"`) before a template that does not place the side itself. A reader that names
sides otherwise (the web form's N-S and E-W) passes `side_name`; one that words a code
otherwise (a form's field names, another language) passes `templates`, a mapping from code to
its own template with the same placeholders; words that depend on the variant (its name, its
word for burraco and for the pot) come in the parameters (`variant`, `variant_name`,
`burraco_word`, `pot_word`), so a translation can choose its own by the variant's slug.

A template is a `str.format` string, or a (singular, plural, count) triple chosen by the
parameter named `count`. Besides the parameters, a template may use the fragments of `_FRAGMENTS`
(the opening's need, the burracos a closing needs, places of a card, …), also worded here.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from dataclasses import field as dataclass_field
from typing import Any

from scoring.problem_messages import KIND_NAMES, MESSAGES, PHRASES, SUIT_NAMES, Template

SideName = Callable[[int], str]


@dataclass(frozen=True, slots=True)
class Problem:
    code: str
    side: int | None = None
    """The side (from 1) the problem is about; None for the whole deal."""
    meld: int | None = None
    """The meld (from 1) of that side, when it is about one meld."""
    field: str | None = None
    """The contract's field it is about ("pot", "hand", "melded_points", …), if one."""
    card: str | None = None
    """The card it is about ("JK", "5H"), if one."""
    params: Mapping[str, Any] = dataclass_field(default_factory=dict, hash=False)

    @property
    def message(self) -> str:
        return render(self)

    def __str__(self) -> str:
        return render(self)

    def at(self, **where: Any) -> "Problem":
        """The same problem placed: `side=`, `meld=`, `field=`, and parameters to add."""
        params = {key: where.pop(key) for key in list(where) if key not in _PLACES}
        return replace(self, **where, params={**self.params, **params})


_PLACES = {"side", "meld", "field", "card"}


def rule_words(rules: Any) -> dict[str, str]:
    """The parameters that name a variant's things: its slug, name, burraco and pot."""
    return {
        "variant": rules.slug,
        "variant_name": rules.name,
        "burraco_word": rules.word("burraco"),
        "pot_word": rules.word("pot"),
    }


KIND_ORDER_OF_CLOSING = ("clean", "dirty", "semi-clean", "wild", "noble", "royal")
DEFAULT_TEXTS: dict[str, Template] = {**MESSAGES, **PHRASES, **KIND_NAMES, **SUIT_NAMES}
"""Every template key and its English: the problems' codes, then the pieces fragments use."""


@dataclass(frozen=True)
class _Words:
    """What a fragment needs to say its piece: the reader's side names and templates."""

    side_name: SideName
    templates: Mapping[str, Template]
    params: Mapping[str, Any]

    def text(self, key: str, **values: object) -> str:
        template = self.templates.get(key) or DEFAULT_TEXTS[key]
        if isinstance(template, tuple):
            singular, plural, count = template
            template = singular if str(values[count]) == "1" else plural
        return template.format(**values)

    def join(self, items: Sequence[object], word: str) -> str:
        return self.text(f"phrase.{word}").join(str(item) for item in items)

    def kind(self, kind: str) -> str:
        return self.text(f"kind.{kind}")

    def kind_burraco(self, kind: str, burraco: str) -> str:
        """The whole name of a kind of burraco: the reader's own ('burraco pulito'), else
        the kind's word before the variant's ('clean canasta')."""
        return str(self.templates.get(f"kind_burraco.{kind}") or f"{self.kind(kind)} {burraco}")


def _default_side(number: int) -> str:
    return f"side {number}"


def _number(value: object) -> object:
    """An int as text, or words for one too long for Python to write (over 4,300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            return str(value)
        except ValueError:
            return "a number of more than 4,300 digits"
    return value


def _opening_need(p: Mapping[str, Any], w: _Words) -> str:
    need = w.text("phrase.at_least_points", points=_number(p["points"]))
    if p.get("canasta_suffices"):
        need = w.text("phrase.or_a_burraco", need=need, burraco_word=p["burraco_word"])
    return w.text("phrase.opening_need", score_before=_number(p["score_before"]), need=need)


def _closing_kinds(p: Mapping[str, Any], w: _Words) -> str:
    burraco = p["burraco_word"]
    kinds = list(p["kinds"])
    if p.get("any_kind"):
        return w.text("phrase.any_kind", burraco=burraco)
    main, *others = [k for k in KIND_ORDER_OF_CLOSING if k in kinds]
    text = w.text(
        "phrase.a_kind_burraco",
        kind=w.kind(main),
        burraco=burraco,
        kind_burraco=w.kind_burraco(main, burraco),
    )
    if others:
        others_text = w.join([w.kind(k) for k in others], "or")
        text = w.text("phrase.or_other_kinds", text=text, others=others_text)
    return text


def _burraco_list(p: Mapping[str, Any], w: _Words) -> str:
    word = p["burraco_word"]
    parts = [
        w.text(
            "phrase.count_kind_burraco",
            count=_number(count),
            kind=w.kind(kind),
            burraco=word,
            kind_burraco=w.kind_burraco(kind, word),
        )
        for kind, count in p["burracos"]
        if count > 0
    ]
    return w.join(parts, "and") if parts else w.text("phrase.no_burraco", burraco=word)


def _places(p: Mapping[str, Any], w: _Words) -> str:
    """Where a card lies: (side, "meld", number) / (side, "hand") / (side, "pot") / (side,
    "closing discard")."""
    words = []
    for place in p["places"]:
        side, what, *number = place
        words.append(" ".join([w.side_name(side), w.text(f"place.{what}"), *map(str, number)]))
    return ", ".join(dict.fromkeys(words))


def _closers(p: Mapping[str, Any], w: _Words) -> str:
    if w.side_name is _default_side:
        return w.text("phrase.sides_numbers", numbers=w.join(p["closers"], "and"))
    return w.join([w.side_name(n) for n in p["closers"]], "and")


_FRAGMENTS: dict[str, Callable[[Mapping[str, Any], _Words], str]] = {
    "opening_need": _opening_need,
    "closing_kinds_text": _closing_kinds,
    "burraco_list": _burraco_list,
    "places_text": _places,
    "closers_text": _closers,
    "counts_text": lambda p, w: w.join(p["counts"], "or"),
    "numbers_text": lambda p, w: w.join(p["numbers"], "and"),
    "missing_text": lambda p, _: ", ".join(p["missing"]) + ("…" if p.get("more") else ""),
    "suits_text": lambda p, w: w.join([w.text(f"suit.{s}") for s in p["suits"]], "and"),
    "winner_side": lambda p, w: w.side_name(p["winner"]),
    "wild_cards_text": lambda p, w: w.text(
        "phrase.jokers_and_twos" if p["jokers"] else "phrase.twos"
    ),
    "kind": lambda p, w: w.kind(p["kind"]) if f"kind.{p['kind']}" in KIND_NAMES else p["kind"],
    "kinds": lambda p, w: ", ".join(w.kind(k) for k in p["kinds"]),
    "fields": lambda p, _: ", ".join(p["field_names"]),
    "variants": lambda p, _: ", ".join(p["variant_slugs"]),
}


def render(
    problem: Problem,
    *,
    side_name: SideName | None = None,
    templates: Mapping[str, Template] | None = None,
    field_names: Mapping[str, str] | None = None,
    words: Mapping[str, str] | None = None,
) -> str:
    """The problem in words: the template of its code (from `templates`, else English) with its
    parameters, after where it is unless the template places the side itself. `templates` may
    also word the pieces (`PHRASES`, `KIND_NAMES`, `SUIT_NAMES`, and `kind_burraco.<kind>` for
    a kind's whole name); `field_names` names fields in a reader's words in that place (else
    `"hand"`, as the contract); `words` replaces the variant's own words in the parameters
    (`variant_name`, `burraco_word`, `pot_word`) with the reader's."""
    name = side_name or _default_side
    texts = templates or {}
    template = texts.get(problem.code) or MESSAGES[problem.code]
    params = {**problem.params, **(words or {})} if words else problem.params
    if isinstance(template, tuple):
        singular, plural, count = template
        template = singular if params[count] == 1 else plural
    values: dict[str, object] = {key: _number(value) for key, value in params.items()}
    piece = _Words(name, texts, params)
    for key, fragment in _FRAGMENTS.items():
        if "{" + key + "}" in template:
            values[key] = fragment(params, piece)
    if "{errors}" in template:
        values["errors"] = "; ".join(
            render(
                inner,
                side_name=side_name,
                templates=templates,
                field_names=field_names,
                words=words,
            )
            for inner in params["errors"]
        )
    side = name(problem.side) if problem.side is not None else ""
    text = template.format(side=side, field=problem.field, card=problem.card, **values)
    if "{side}" in template or "{places_text}" in template:
        return text  # the template says where itself
    return _where(problem, side, params, field_names or {}, piece) + text


def _where(
    problem: Problem,
    side: str,
    params: Mapping[str, Any],
    field_names: Mapping[str, str],
    piece: _Words,
) -> str:
    """Where a problem whose template does not say it lies: `side 2, meld 1 (5H 2S): `,
    `side 1: "hand" `, `side 1: `, or nothing."""
    if problem.side is None:
        return ""
    if problem.meld is not None:
        cards = params.get("cards")
        where = piece.text("phrase.where_meld", side=side, meld=problem.meld)
        return where + (f" ({cards})" if cards is not None else "") + ": "
    if problem.field is not None:
        return f"{side}: " + field_names.get(problem.field, f'"{problem.field}"') + " "
    return f"{side}: "


def messages(problems: Sequence[Problem]) -> tuple[str, ...]:
    return tuple(render(problem) for problem in problems)
