"""QR codes of 500 private links: segno choosing the data mask itself, against
tournaments/qr_masks.py choosing the same mask faster, in the same run.

    .venv/bin/python bench/qr_codes.py [--codes 500] [--repeat 5] [--slips 100]

The addresses are like the app's (`https://club.example/p/<token>/`, a random 22-character
url-safe token, seeded): version 4 symbols at level M. Timed, the median of `--repeat` runs each,
the two interleaved:
- symbols: `segno.make_qr(address, error="m", boost_error=False)` against `qr_masks.qr_code`;
- drawn: `qr_svg` (symbol and SVG path, its cache emptied first) with `qr_masks.SEGNO_MASKS`
  on, then off;
- the slips page (`--slips PAIRS`, 0 to skip): a tournament of that many pairs built through the
  services (the tests' `make_tournament`) in a throw-away test database (SQLite in memory unless
  DATABASE_URL says otherwise; production settings, so collectstatic fills staticfiles/), its
  `print/slips/` asked through Django's test client by its organiser, the QR cache emptied
  before each request, with segno's masks and then with ours.
Each answer is checked to be the same symbol first. The last line:

    qr 500 codes: segno S ms, ours O ms, ratio R
"""

import argparse
import os
import random
import statistics
import string
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "burraco_club.settings")

import segno

from tournaments import qr_masks
from tournaments.qr import qr_svg

URL_SAFE = string.ascii_letters + string.digits + "-_"


def addresses(count: int) -> list[str]:
    rng = random.Random(500)
    return [f"https://club.example/p/{''.join(rng.choices(URL_SAFE, k=22))}/" for _ in range(count)]


def median_ms(runs: list[float]) -> float:
    return statistics.median(runs) * 1000


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def with_masks(segno_masks: bool, work: Callable[[], object]) -> Callable[[], object]:
    """`work` with segno's own mask choice (True) or ours (False), the QR cache emptied."""

    def run() -> object:
        qr_masks.SEGNO_MASKS = segno_masks
        qr_svg.cache_clear()
        try:
            return work()
        finally:
            qr_masks.SEGNO_MASKS = False

    return run


def symbols(codes: list[str], repeat: int) -> tuple[float, float]:
    for address in codes[:50]:
        theirs = segno.make_qr(address, error="m", boost_error=False)
        ours, mask = qr_masks.qr_code(address)
        assert (ours, mask) == (theirs.matrix, theirs.mask), address
    segno_runs, our_runs = [], []
    for _ in range(repeat):
        segno_runs.append(
            timed(lambda: [segno.make_qr(a, error="m", boost_error=False) for a in codes])
        )
        our_runs.append(timed(lambda: [qr_masks.qr_code(a) for a in codes]))
    return median_ms(segno_runs), median_ms(our_runs)


def drawn(codes: list[str], repeat: int) -> tuple[float, float]:
    draw = lambda: [qr_svg(a, "Pair") for a in codes]  # noqa: E731
    assert with_masks(True, draw)() == with_masks(False, draw)()
    segno_runs = [timed(with_masks(True, draw)) for _ in range(repeat)]
    our_runs = [timed(with_masks(False, draw)) for _ in range(repeat)]
    return median_ms(segno_runs), median_ms(our_runs)


def slips_page(pairs: int, repeat: int) -> tuple[float, float, int]:
    """The organiser's slips page of a `pairs`-pair tournament: (segno ms, ours ms, codes)."""
    import logging

    import django

    django.setup()
    logging.disable(logging.INFO)  # no line per request
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse

    from tournaments.models import Club
    from tournaments.tests.conftest import make_tournament

    setup_test_environment()
    call_command("collectstatic", "--noinput", verbosity=0)  # the pages' stylesheet manifest
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0)
    try:
        club = Club.objects.create(name="Circolo del Burraco Roma", slug="roma")
        user = User.objects.create_user("anna", "anna@example.com", "a-long-bench-password-9")
        club.organisers.add(user)
        tournament = make_tournament(club, pairs=pairs)
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(user)
        url = reverse("print_slips", args=[tournament.pk])

        def page() -> bytes:
            response = client.get(url, secure=True)
            assert response.status_code == 200, (response.status_code, response.get("Location"))
            return response.content

        codes = page().count(b'<svg class="qr"')
        assert with_masks(True, page)() == with_masks(False, page)()
        segno_runs, our_runs = [], []
        for _ in range(repeat):
            segno_runs.append(timed(with_masks(True, page)))
            our_runs.append(timed(with_masks(False, page)))
        return median_ms(segno_runs), median_ms(our_runs), codes
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--codes", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--slips", type=int, default=100, help="pairs (0: no page timing)")
    options = parser.parse_args()
    codes = addresses(options.codes)
    if options.slips:
        theirs, ours, count = slips_page(options.slips, options.repeat)
        print(
            f"slips page, {options.slips} pairs ({count} codes): segno {theirs:.0f} ms, "
            f"ours {ours:.0f} ms, ratio {theirs / ours:.1f}"
        )
    theirs, ours = drawn(codes, options.repeat)
    print(f"qr_svg {len(codes)} codes drawn: segno {theirs:.0f} ms, ours {ours:.0f} ms")
    theirs, ours = symbols(codes, options.repeat)
    print(
        f"qr {len(codes)} codes: segno {theirs:.0f} ms, ours {ours:.0f} ms, "
        f"ratio {theirs / ours:.1f}"
    )


if __name__ == "__main__":
    main()
