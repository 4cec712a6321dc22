"""The layout keeps its promises (docs/architecture.md): no import cycle between our modules, no
module far past 400 lines, layers that import only downwards, and no question of format asked
outside the format objects."""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scoring", "tournaments")
VIEWS = "tournaments.views"
MAX_LINES = 420
"""STYLE.md: split a module into a package when it passes about 400 lines."""


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "tests" in parts or "migrations" in parts:
                continue
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


MODULES = _modules()


def _imports(path: Path) -> set[str]:
    """What a module imports when it is loaded: module-level statements only (a lazy import
    inside a function, or one under `if TYPE_CHECKING:`, loads nothing then)."""
    imported = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
            imported.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    return {name for name in imported if name in MODULES}


def test_no_import_cycle() -> None:
    graph = {name: _imports(path) - {name} for name, path in MODULES.items()}
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        stack.append(name)
        for other in sorted(graph[name]):
            if state.get(other) == 1:
                cycles.append(" -> ".join([*stack[stack.index(other) :], other]))
            elif other not in state:
                visit(other)
        stack.pop()
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)
    assert cycles == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_is_far_past_400_lines(name: str) -> None:
    lines = len(MODULES[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{name} has {lines} lines: split it by subject"


@pytest.mark.parametrize(
    ("layer", "forbidden"),
    [
        # the engine knows nothing of the club
        ("scoring", ("tournaments",)),
        # the club's rules are the leaf: plain values and the engine, never a model (the states
        # they read are in rules.states, which the models import), a service, a read or a page
        ("tournaments.rules", (
            "tournaments.models", "tournaments.services", "tournaments.selectors", VIEWS,
        )),
        # the prize and points engines are pure: plain values in, plain values out
        ("tournaments.prizes", (
            "tournaments.models", "tournaments.services", "tournaments.selectors", VIEWS,
        )),
        # reads never write, and never render
        ("tournaments.selectors", ("tournaments.services", "tournaments.views")),
        # writes never render
        ("tournaments.services", ("tournaments.views",)),
        # the public pages, the players' pages and the organiser's pages stand apart
        ("tournaments.views.public", ("tournaments.views.organiser",)),
        ("tournaments.views.players", ("tournaments.views.organiser",)),
    ],
)  # fmt: skip
def test_layers_import_downwards(layer: str, forbidden: tuple[str, ...]) -> None:
    wrong = {
        f"{name} imports {target}"
        for name, path in MODULES.items()
        if name == layer or name.startswith(layer + ".")
        for target in _imports(path)
        if target.startswith(forbidden)
    }
    assert wrong == set()


FINISHED_BY_HAND = re.compile(
    r"status\s*[!=]=\s*(?:Tournament\.Status\.FINISHED|TournamentStatus\.FINISHED|\"finished\")"
)
"""A tournament's status compared with "finished" by hand, in Python or in a template."""


def test_finished_means_final_is_asked_in_one_place() -> None:
    """`Tournament.is_finished` (and a public line's) is the one answer; the refusals it
    brings are `rules.progress`'s."""
    places = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for folder in ("tournaments", "templates")
        for path in (ROOT / folder).rglob("*")
        if path.suffix in {".py", ".html"} and "tests" not in path.parts
        for match in FINISHED_BY_HAND.finditer(path.read_text(encoding="utf-8"))
    ]
    assert places == [
        # a public page's cached line of a tournament answers it as the model does
        "tournaments/selectors/public/front.py: status == Tournament.Status.FINISHED"
    ]


def test_no_page_or_module_asks_which_format_outside_the_format_objects() -> None:
    places = [
        str(path.relative_to(ROOT))
        for folder in ("tournaments", "templates")
        for path in (ROOT / folder).rglob("*")
        if path.suffix in {".py", ".html"}
        and "tests" not in path.parts
        and ("is_target" in path.read_text(encoding="utf-8"))
    ]
    assert places == []


def test_every_format_a_tournament_can_choose_has_its_format_object() -> None:
    """`FORMATS` is the one answer to "which format": a choice without its object (or an
    object nobody can choose) is a mistake."""
    from tournaments.models import Tournament
    from tournaments.rules.formats import FORMATS

    assert list(FORMATS) == Tournament.Format.values
