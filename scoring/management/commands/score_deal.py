"""`manage.py score_deal deal.json` (or `-` for standard input): the scoring contract on the
command line. A valid deal prints its result and exits 0; anything else prints one line per
problem on standard error and exits 1, never a traceback."""

import json
import sys
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand

from scoring import InvalidDeal, format_result, score_deal_json


class Command(BaseCommand):
    help = "Score one deal given as JSON (see the scoring contract); '-' reads standard input."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("deal", help="a JSON file with the deal, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        source: str = options["deal"]
        try:
            raw = sys.stdin.buffer.read() if source == "-" else Path(source).read_bytes()
        except OSError as error:
            self._fail([f"cannot read {source}: {error.strerror or error}"])
        try:
            data = json.loads(raw.decode("utf-8-sig"))
        except UnicodeDecodeError:
            self._fail([f"{_name(source)} is not UTF-8 text"])
        except json.JSONDecodeError as error:
            self._fail([f"{_name(source)} is not valid JSON: {error}"])
        except RecursionError:
            self._fail([f"{_name(source)} is nested too deeply to be a deal"])
        except ValueError as error:  # e.g. a number too long to read (over 4300 digits)
            self._fail([f"{_name(source)} cannot be read as a deal: {error}"])
        try:
            result = score_deal_json(data)
        except InvalidDeal as error:
            self._fail(error.messages)
        except RecursionError:
            self._fail([f"{_name(source)} is nested too deeply to be a deal"])
        try:
            text = format_result(result)
        except ValueError:  # a total too long for Python to write (over 4,300 digits)
            self._fail([f"{_name(source)} gives a total of more than 4,300 digits: no deal can"])
        self.stdout.write(text)

    def _fail(self, problems: tuple[str, ...] | list[str]) -> None:
        for problem in problems:
            self.stderr.write(problem, style_func=lambda text: text)
        sys.exit(1)


def _name(source: str) -> str:
    return "the input" if source == "-" else source
