"""The public reads' cache (tournaments.selectors.public): a second read is served from the shared
cache, and a save, in this process or in any other, is seen by the very next read, because
every key carries the tournament's results_version."""

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments import services
from tournaments.models import Club, Pair, Round, Table, Tournament
from tournaments.selectors import public as leaderboard
from tournaments.tests.conftest import make_tournament

NS_WINS = [
    {"melded_points": 300, "hand_points": 0, "burracos": {"clean": 1}, "pot": "taken",
     "closed": True},
    {"melded_points": 100, "hand_points": 30, "burracos": {}, "pot": "taken"},
]  # fmt: skip
"""North-South 600, East-West 70 a deal: three of them make 20 VP to 0."""


@pytest.fixture(autouse=True)
def empty_cache(db: None) -> Iterator[None]:
    """A Redis cache outlives the test run: every test starts from an empty one."""
    cache.clear()
    yield
    cache.clear()


def record(table: Table, number: int, user: User) -> None:
    table.refresh_from_db()
    services.deal_record(
        table=table, number=number, sides=NS_WINS, mode="summary", user=user,
        version=table.version,
    )  # fmt: skip


def started(tournament: Tournament) -> Round:
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=3)
    return services.round_start(round=prepared.round)


def fresh(tournament: Tournament) -> Tournament:
    """The tournament as the next request loads it."""
    return Tournament.objects.get(pk=tournament.pk)


def vp_of(tournament: Tournament, number: int) -> int:
    return next(row.vp for row in leaderboard.standings(tournament) if row.number == number)


def queries(read: object) -> tuple[object, int]:
    with CaptureQueriesContext(connection) as captured:
        value = read() if callable(read) else read
    return value, len(captured.captured_queries)


# --- in one process ---------------------------------------------------------------------------


def test_a_second_read_comes_from_the_cache(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=6, published=True)
    round_ = started(tournament)
    record(round_.tables.get(number=1), 1, organiser)
    tournament = fresh(tournament)
    first, cold = queries(lambda: leaderboard.board(tournament))
    second, warm = queries(lambda: leaderboard.board(tournament))
    assert second == first
    assert warm < cold
    assert warm <= 1  # the cache read itself, on the database cache; none on Redis
    page, cold = queries(lambda: leaderboard.pair_page(tournament, 1))
    again, warm = queries(lambda: leaderboard.pair_page(tournament, 1))
    assert again == page and warm < cold and warm <= 1


def test_a_save_changes_what_the_next_read_returns(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=4, published=True)
    round_ = started(tournament)
    table = round_.tables.get(number=1)
    ns = table.seats.get(direction="ns").pair
    record(table, 1, organiser)
    record(table, 2, organiser)
    before = fresh(tournament)
    assert vp_of(before, ns.number) == 0  # the table is not finished: no VP yet
    assert leaderboard.pair_page(before, ns.number).history.rounds[0].mp == 1200  # type: ignore[union-attr]
    record(table, 3, organiser)
    after = fresh(tournament)
    assert after.results_version > before.results_version
    assert vp_of(after, ns.number) == 20
    page = leaderboard.pair_page(after, ns.number)
    assert page is not None and page.history.rounds[0].mp == 1800 and page.history.vp == 20
    # a reader still holding the old version reads the old, consistent snapshot: nothing was
    # deleted, the new version simply has new keys
    assert vp_of(before, ns.number) == 0


def test_seating_and_pairs_changes_reach_the_next_read(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=4, published=True)
    assert leaderboard.current_seating(fresh(tournament)) is None
    assert len(leaderboard.standings(fresh(tournament))) == 4
    services.pairs_add(tournament=tournament, text="Maria Rossi / Giuseppe Russo")
    assert len(leaderboard.standings(fresh(tournament))) == 5
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    seating = leaderboard.current_seating(fresh(tournament))
    assert seating is not None and seating.is_seating and seating.bye is not None
    pair_a, pair_b = (
        table.seats.get(direction="ns").pair for table in prepared.round.tables.filter(is_bye=False)
    )
    services.round_swap(round=prepared.round, pair_a=pair_a, pair_b=pair_b)
    swapped = leaderboard.current_seating(fresh(tournament))
    assert swapped is not None
    first = swapped.tables[0]
    assert first.ns is not None and first.ns.number == pair_b.number
    services.round_start(round=prepared.round)
    playing = leaderboard.current_seating(fresh(tournament))
    assert playing is not None and playing.is_playing


def test_keys_carry_the_tournament_its_creation_and_its_results_version(club: Club) -> None:
    tournament = make_tournament(club, pairs=2)
    key = leaderboard.cache_key(tournament, "board")
    assert key == (
        f"public:{leaderboard.KEY_FORMAT}:{tournament.pk}:"
        f"{tournament.created_at.timestamp():.6f}:{tournament.results_version}:board"
    )
    services.tournament_publish(tournament=tournament, published=True)
    assert leaderboard.cache_key(tournament, "board") != key
    # a database made again from scratch gives the same pk and version to another tournament:
    # its creation time keeps it from reading this one's entries in a shared Redis
    other = Tournament.objects.get(pk=tournament.pk)
    other.created_at = other.created_at.replace(year=2030)
    assert leaderboard.cache_key(other, "board") != leaderboard.cache_key(tournament, "board")


# --- across processes -------------------------------------------------------------------------

READER = """
import sys
import django
django.setup()
from django.db import connection
from django.test.utils import CaptureQueriesContext
from tournaments.selectors import public as leaderboard
from tournaments.models import Tournament
tournament = Tournament.objects.get(pk=int(sys.argv[1]))
with CaptureQueriesContext(connection) as captured:
    rows = leaderboard.standings(tournament)
vp = next(row.vp for row in rows if row.number == int(sys.argv[2]))
print(vp, len(captured.captured_queries))
"""
"""Another process, as another web worker would be: it loads the tournament, reads the public
standings through the shared cache and prints a pair's VP and the queries the read took."""


def _database_url() -> str:
    """The TEST database this process uses, as a URL for the other process."""
    db = connection.settings_dict
    user = quote(db.get("USER") or "")
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{db['NAME']}"


def read_in_another_process(tournament: Tournament, number: int) -> tuple[int, int]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "burraco_club.settings",
        "DATABASE_URL": _database_url(),
    }
    if os.environ.get("REDIS_URL"):
        env["REDIS_URL"] = os.environ["REDIS_URL"]
    done = subprocess.run(
        [sys.executable, "-c", READER, str(tournament.pk), str(number)],
        env=env,
        cwd=Path(settings.BASE_DIR),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    vp, count = done.stdout.split()
    return int(vp), int(count)


@pytest.mark.postgres
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="another process needs a shared database server"
)
@pytest.mark.django_db(transaction=True)
def test_a_save_in_one_process_is_seen_by_the_next_read_in_another(
    club: Club, organiser: User
) -> None:
    tournament = make_tournament(club, pairs=4, published=True)
    round_ = started(tournament)
    table = round_.tables.get(number=1)
    ns: Pair = table.seats.get(direction="ns").pair
    record(table, 1, organiser)
    record(table, 2, organiser)
    before = fresh(tournament)

    vp, cold = read_in_another_process(before, ns.number)
    assert vp == 0  # two deals of three: the table is not finished
    # that process filled the shared cache: this one, and a third one, read its entry
    assert cache.get(leaderboard.cache_key(before, "board")) is not None
    vp, warm = read_in_another_process(before, ns.number)
    assert vp == 0 and warm < cold

    record(table, 3, organiser)  # the save, here: the table is finished, 20 VP to 0

    vp, _ = read_in_another_process(fresh(tournament), ns.number)
    assert vp == 20
    # nothing was deleted: the old version's entry is still there, simply never asked for
    assert cache.get(leaderboard.cache_key(before, "board")) is not None


def test_a_rendered_page_is_shared_by_readers_until_the_next_save(
    club: Club, organiser: User, organiser_client: object
) -> None:
    from django.test import Client

    tournament = make_tournament(club, pairs=4, published=True)
    round_ = started(tournament)
    table = round_.tables.get(number=1)
    ns = table.seats.get(direction="ns").pair
    address = f"/t/{club.slug}/{tournament.slug}/pairs/{ns.number}/"
    first, second = Client(), Client()
    for number in (1, 2):
        record(table, number, organiser)
    page = first.get(address).content.decode()
    assert "1,200" in page and "1,800" not in page
    with CaptureQueriesContext(connection) as captured:
        assert second.get(address).content.decode() == page  # the same rendering, shared
    read = {t for q in captured.captured_queries for t in re.findall(r'FROM "(\w+)"', q["sql"])}
    assert read <= {"tournaments_tournament", "burraco_cache"}
    record(table, 3, organiser)
    page = second.get(address).content.decode()
    assert "1,800" in page  # the save made a new version: the next reader gets a new rendering
    # an organiser is rendered afresh, never served the readers' copy
    organiser_page = organiser_client.get(address).content.decode()  # type: ignore[attr-defined]
    assert "1,800" in organiser_page


def test_stored_pages_go_out_gzipped_to_browsers_that_accept_it(
    club: Club, organiser: User
) -> None:
    import gzip

    from django.test import Client

    tournament = make_tournament(club, pairs=4, published=True)
    started(tournament)
    address = f"/t/{club.slug}/{tournament.slug}/"
    plain = Client().get(address).content  # rendered, and stored compressed
    zipped = Client().get(address, headers={"Accept-Encoding": "gzip, br"})
    assert zipped["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped["Vary"]
    assert gzip.decompress(zipped.content) == plain
    again = Client().get(address)  # a client that does not accept gzip
    assert "Content-Encoding" not in again and again.content == plain


def test_under_a_stream_of_saves_a_page_is_rendered_once_a_pause(
    club: Club, organiser: User, settings: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With PUBLIC_RENDER_PAUSE, a save right after a rendering is served the last rendering
    until the pause is over; then the next reader gets the new version."""
    from types import SimpleNamespace

    from django.test import Client

    from tournaments.views.public import page_cache

    settings.PUBLIC_RENDER_PAUSE = 1.0  # type: ignore[attr-defined]
    now = [1_000_000.0]  # the page cache's clock, and only its own
    monkeypatch.setattr(page_cache, "time", SimpleNamespace(time=lambda: now[0]))
    tournament = make_tournament(club, pairs=4, published=True)
    round_ = started(tournament)
    table = round_.tables.get(number=1)
    ns = table.seats.get(direction="ns").pair
    address = f"/t/{club.slug}/{tournament.slug}/pairs/{ns.number}/"
    for number in (1, 2):
        record(table, number, organiser)
    assert "1,200" in Client().get(address).content.decode()  # rendered at 1,000,000.0
    record(table, 3, organiser)
    now[0] += 0.5
    page = Client().get(address).content.decode()
    assert "1,200" in page and "1,800" not in page  # within the pause: the last rendering
    now[0] += 0.6
    assert "1,800" in Client().get(address).content.decode()  # 1.1 s later: rendered again
    record(table, 3, organiser)  # a correction long after the last rendering
    now[0] += 60
    with CaptureQueriesContext(connection) as captured:
        Client().get(address)
    assert any("tournaments_pair" in q["sql"] for q in captured.captured_queries)  # rendered


def test_a_slow_page_waits_five_times_its_rendering_before_the_next(
    settings: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 500-pair field's standings take half a second to render: they are rendered again at
    most every 2.5 s, not every second, while saves stream in."""
    from types import SimpleNamespace

    from tournaments.views.public import page_cache

    settings.PUBLIC_RENDER_PAUSE = 1.0  # type: ignore[attr-defined]
    monkeypatch.setattr(page_cache, "time", SimpleNamespace(time=lambda: 1_000.0))
    quick = (7, b"", "text/html", 1_000.0 - 1.2, 0.05)  # rendered 1.2 s ago in 50 ms
    slow = (7, b"", "text/html", 1_000.0 - 1.2, 0.5)  # rendered 1.2 s ago in 500 ms
    assert page_cache._fresh_enough(quick, 8) is False  # the pause (1 s) is over
    assert page_cache._fresh_enough(slow, 8) is True  # 2.5 s for this one
    assert page_cache._fresh_enough((7, b"", "text/html", 1_000.0 - 2.6, 0.5), 8) is False
    assert page_cache._fresh_enough(quick, 7) is True  # the current version, whatever its age
    settings.PUBLIC_RENDER_PAUSE = 0  # type: ignore[attr-defined]
    assert page_cache._fresh_enough(slow, 8) is False  # no pause: every new version at once


# --- a new release ----------------------------------------------------------------------------


MANIFEST_STORAGE = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
}


def a_release(root: Path, app_css: str | None = None) -> Path:
    """The static files as `collectstatic` writes them in production (hashed names and their
    manifest), under `root`; `app_css`: the release's stylesheet under another hashed name."""
    import json
    import shutil

    from django.core.management import call_command
    from django.test import override_settings

    with override_settings(STATIC_ROOT=root, STORAGES=MANIFEST_STORAGE):
        call_command("collectstatic", interactive=False, verbosity=0)
    if app_css is not None:
        manifest = json.loads((root / "staticfiles.json").read_text())
        shutil.copy(root / manifest["paths"]["css/app.css"], root / app_css)
        manifest["paths"]["css/app.css"] = app_css
        (root / "staticfiles.json").write_text(json.dumps(manifest))
    return root


def test_a_new_release_never_serves_a_page_stored_by_the_previous_one(
    club: Club, organiser: User, tmp_path: Path
) -> None:
    """A finished tournament's page is stored for hours: the release after it links its own
    stylesheet, not the one the previous release named, which is gone (a 404, no style)."""
    from django.test import Client, override_settings

    tournament = make_tournament(club, pairs=4, published=True, rounds=1)
    round_ = started(tournament)
    for table in round_.tables.filter(is_bye=False):
        for number in (1, 2, 3):
            record(table, number, organiser)
    services.tournament_finish(tournament=tournament)
    address = f"/t/{club.slug}/{tournament.slug}/"
    first = a_release(tmp_path / "first")
    second = a_release(tmp_path / "second", app_css="css/app.0123456789ab.css")
    stylesheet = re.compile(r"/static/css/app\.\w+\.css")
    try:
        with override_settings(STATIC_ROOT=first, STORAGES=MANIFEST_STORAGE):
            leaderboard.release.cache_clear()  # a process of the first release
            old = stylesheet.findall(Client().get(address).content.decode())
            assert old and old[0] != "/static/css/app.0123456789ab.css"
            assert stylesheet.findall(Client().get(address).content.decode()) == old  # stored
        with override_settings(STATIC_ROOT=second, STORAGES=MANIFEST_STORAGE):
            leaderboard.release.cache_clear()  # a process of the next release
            new = stylesheet.findall(Client().get(address).content.decode())
            assert new == ["/static/css/app.0123456789ab.css"]
    finally:
        leaderboard.release.cache_clear()


def test_a_pairs_stored_evening_is_of_this_release_too() -> None:
    from tournaments.views.players_evening import _evening_key

    assert _evening_key("T0k3n", "it").startswith(f"link-evening:{leaderboard.release()}:T0k3n:")
