"""The real command-line tools, run as a club organiser runs them (`python manage.py …`):
`score_deal` (SCORING.md's contract on the command line) and `vp`.

Starting Django takes most of a second, so every run below is started at once, in parallel, by
one module fixture; each test then reads the outcome of the runs it is about."""

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]

SCORING_MD_DEAL = """\
{
  "variant": "classico",
  "sides": [
    {
      "melds": [["3C","4C","5C","6C","7C","8C","9C","JK"], ["2H","3H","4H"]],
      "hand": [],
      "pot": "taken",
      "closed": true
    },
    {
      "melds": [],
      "hand": ["KD","KD"],
      "pot": "not_taken"
    }
  ]
}
"""

SCORING_MD_OUTPUT = """\
{
  "variant": "classico",
  "sides": [
    {
      "melded_points": 105,
      "hand_points": 0,
      "burracos": ["semi-clean"],
      "bonuses": {"burracos": 150, "closing": 100},
      "penalties": {"hand": 0, "pot": 0},
      "total": 355
    },
    {
      "melded_points": 0,
      "hand_points": 20,
      "burracos": [],
      "bonuses": {"burracos": 0, "closing": 0},
      "penalties": {"hand": 20, "pot": 100},
      "total": -120
    }
  ]
}
"""


def _deal_with(**changes: object) -> str:
    """SCORING.md's deal with the second side's fields changed."""
    deal = json.loads(SCORING_MD_DEAL)
    deal["sides"][1].update(changes)
    return json.dumps(deal, ensure_ascii=False)


REALE_WITH_THREE_PROBLEMS = json.dumps(
    {
        "variant": "reale",
        "sides": [
            {"melds": [["7C", "7H", "7S"]], "hand": ["JK"], "pot": "taken", "closed": True},
            {"melds": [], "hand": [], "pot": "not_taken"},
        ],
    }
)


EIGHT_AND_EIGHT_CLEAN = json.dumps(
    {
        "variant": "classico",
        "sides": [
            {"melded_points": 280, "hand_points": 0, "burracos": {"clean": 8}, "pot": "taken"},
            {"melded_points": 280, "hand_points": 0, "burracos": {"clean": 8}, "pot": "taken"},
        ],
    }
)
"""A score sheet no deck produces: 16 clean burracos of at least 7 cards from 108 cards."""


@dataclass(frozen=True)
class Run:
    args: tuple[str, ...]
    stdin: bytes = b""
    file: str | None = None
    """Written to a file whose path stands for "FILE" in `args`."""


def _nested_985() -> bytes:
    deep = "[" * 985 + "]" * 985
    return ('{"variant": "classico", "sides": [{"pot": "taken", "players": ' + deep + "}, "
            '{"pot": "taken"}]}').encode()  # fmt: skip


def _total_too_long() -> bytes:
    # melded points are bounded by the deck's worth; an untaken traditional pot's points are not
    side = '{"melded_points": 0, "hand_points": 5, "pot": "not_taken", "pot_points": '
    side += "9" * 4300 + "}"
    return ('{"variant": "traditional", "sides": [{"melded_points": 0, "hand_points": 0, '
            '"pot": "taken"}, ' + side + ']}').encode()  # fmt: skip


RUNS = {
    "example-file": Run(("score_deal", "FILE"), file=SCORING_MD_DEAL),
    "example-stdin": Run(("score_deal", "-"), stdin=SCORING_MD_DEAL.encode()),
    "one-problem": Run(("score_deal", "FILE"), file=_deal_with(melds=[["5H", "2S", "7H", "2D"]])),
    "three-problems": Run(("score_deal", "-"), stdin=REALE_WITH_THREE_PROBLEMS.encode()),
    "past-the-deck": Run(("score_deal", "FILE"), file=EIGHT_AND_EIGHT_CLEAN),
    "broken-json": Run(("score_deal", "-"), stdin=b"{not json"),
    "not-utf8": Run(("score_deal", "-"), stdin=b"\xff\xfe\x00"),
    "too-deep": Run(("score_deal", "-"), stdin=b"[" * 100_000),
    "number-too-long": Run(
        ("score_deal", "-"), stdin=b'{"variant": "classico", "score_before": ' + b"9" * 5000 + b"}"
    ),
    "missing-file": Run(("score_deal", "no-such-dir/no-such-deal.json")),
    # JSON the reader takes, nested 985 deep where a number or a word belongs
    "nested-985": Run(("score_deal", "-"), stdin=_nested_985()),
    # a total past Python's 4,300-digit limit: a pot of 4,300 nines and 5 points in hand
    "total-too-long": Run(("score_deal", "-"), stdin=_total_too_long()),
    "vp": Run(("vp", "fibur-3", "1240", "610")),
    "vp-between-bands": Run(("vp", "fibur-3", "852", "800")),
    "vp-more-than-2000": Run(("vp", "fibur-4", "2003", "0")),
    "vp-refused": Run(("vp", "fibur-5", "12.5", "lots")),
}


@dataclass(frozen=True)
class Outcome:
    returncode: int
    stdout: str
    stderr: str


def _manage(run: Run, folder: Path) -> Outcome:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DJANGO_DEBUG", "DJANGO_SECRET_KEY", "DJANGO_SETTINGS_MODULE"}
    }
    env["DJANGO_SETTINGS_MODULE"] = "burraco_club.settings"
    args = list(run.args)
    if run.file is not None:
        path = folder / f"deal-{id(run)}.json"
        path.write_text(run.file, encoding="utf-8")
        args = [str(path) if arg == "FILE" else arg for arg in args]
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPO_ROOT,
        env=env,
        input=run.stdin,
        capture_output=True,
        timeout=120,
    )
    return Outcome(done.returncode, done.stdout.decode(), done.stderr.decode())


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    folder = tmp_path_factory.mktemp("deals")
    with ThreadPoolExecutor(max_workers=8) as pool:
        outcomes = pool.map(lambda run: _manage(run, folder), RUNS.values())
        return dict(zip(RUNS, outcomes, strict=True))


@pytest.mark.parametrize("name", ["example-file", "example-stdin"])
def test_score_deal_prints_the_scoring_md_result_exactly(
    ran: dict[str, Outcome], name: str
) -> None:
    # from a file, and from standard input ('-')
    assert ran[name] == Outcome(0, SCORING_MD_OUTPUT, "")


def test_an_invalid_deal_exits_1_with_one_line_per_problem_on_stderr(
    ran: dict[str, Outcome],
) -> None:
    assert ran["one-problem"] == Outcome(
        1, "", "side 2, meld 1 (5H 2S 7H 2D): a meld may hold only one wild card\n"
    )


def test_a_score_sheet_no_deck_could_produce_exits_1_saying_which_bound(
    ran: dict[str, Outcome],
) -> None:
    assert ran["past-the-deck"] == Outcome(
        1,
        "",
        "the sides declare 16 clean burracos in all, at least 112 cards: the deck's 108 cards "
        "make at most 15 burracos of 7 cards\n",
    )


def test_several_problems_are_several_lines(ran: dict[str, Outcome]) -> None:
    outcome = ran["three-problems"]
    assert (outcome.returncode, outcome.stdout) == (1, "")
    lines = outcome.stderr.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith(
        "side 1, meld 1 (7C 7H 7S): Burraco Reale has no sets of the same rank"
    )
    assert lines[1].startswith("side 1 closed without a clean burraco")
    assert lines[2] == "JK (side 1 hand): Burraco Reale is played without jokers"


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("broken-json", "the input is not valid JSON"),
        ("not-utf8", "the input is not UTF-8 text"),
        ("too-deep", "the input is nested too deeply to be a deal"),
        ("number-too-long", "the input cannot be read as a deal: Exceeds the limit (4300 digits)"),
        ("missing-file", "cannot read no-such-dir/no-such-deal.json"),
        ("nested-985", 'side 1: "players" must be a whole number, not […]'),
        ("total-too-long", "the input gives a total of more than 4,300 digits: no deal can"),
    ],
)
def test_input_that_is_not_a_deal_exits_1_without_a_traceback(
    ran: dict[str, Outcome], name: str, words: str
) -> None:
    outcome = ran[name]
    assert (outcome.returncode, outcome.stdout) == (1, "")
    assert "Traceback" not in outcome.stderr
    assert words in outcome.stderr
    assert len(outcome.stderr.splitlines()) == 1


def test_vp_prints_the_two_victory_points(ran: dict[str, Outcome]) -> None:
    assert ran["vp"] == Outcome(0, "15 5\n", "")
    # RULES.md: 52 falls between 0-50 and 55-150 and stays in the lower band
    assert ran["vp-between-bands"] == Outcome(0, "10 10\n", "")
    # the 4-deal table's last band is "more than 2000"
    assert ran["vp-more-than-2000"] == Outcome(0, "20 0\n", "")


def test_vp_refuses_an_unknown_scale_and_match_points_that_are_not_numbers(
    ran: dict[str, Outcome],
) -> None:
    outcome = ran["vp-refused"]
    assert (outcome.returncode, outcome.stdout) == (1, "")
    assert outcome.stderr.splitlines() == [
        "unknown VP scale 'fibur-5': choose one of fibur-3, fibur-4",
        "the match points of the first pair must be a whole number, not '12.5'",
        "the match points of the second pair must be a whole number, not 'lots'",
    ]
