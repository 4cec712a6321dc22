"""`manage.py vp SCALE MP_A MP_B`: the two pairs' victory points, e.g. `vp fibur-3 1240 610`
prints `15 5`. Unknown scales and non-numbers exit 1 with a message."""

import sys
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from scoring import VP_SCALES


class Command(BaseCommand):
    help = "Victory points of two pairs from their match points, e.g. `vp fibur-3 1240 610`."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("scale", help="the VP scale: " + ", ".join(VP_SCALES))
        parser.add_argument("mp_a", help="match points of the first pair")
        parser.add_argument("mp_b", help="match points of the second pair")

    def handle(self, *args: Any, **options: Any) -> None:
        problems = []
        scale = VP_SCALES.get(options["scale"])
        if scale is None:
            problems.append(
                f"unknown VP scale {options['scale']!r}: choose one of " + ", ".join(VP_SCALES)
            )
        points = []
        for name, label in (("mp_a", "the first pair"), ("mp_b", "the second pair")):
            text = options[name].strip()
            try:
                points.append(int(text))
            except ValueError:
                problems.append(
                    f"the match points of {label} must be a whole number, not {options[name]!r}"
                )
        if problems or scale is None:
            for problem in problems:
                self.stderr.write(problem, style_func=lambda text: text)
            sys.exit(1)
        vp_a, vp_b = scale.vp(points[0], points[1])
        self.stdout.write(f"{vp_a} {vp_b}")
