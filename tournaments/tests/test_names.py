"""Surnames keep their particle (rules/names.py): "Luciano De Luca" is Luciano of the De Luca
family and is filed under D, in "find your table", the season's pair names, the federation
file and the admin; names show as typed, the sort folds case, accents, spaces and apostrophes.
The migration splits the names typed before it the same way."""

import html
import importlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.federation import federation_rows
from tournaments.models import Club, Player, Round
from tournaments.rules.names import fold, initial, move_particles, sort_key, split_name
from tournaments.selectors.seasons import season_standings
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_public_pages import region, words


@pytest.fixture(autouse=True)
def empty_cache(db: None) -> Iterator[None]:
    """A Redis cache outlives the test run: every test starts from an empty one."""
    cache.clear()
    yield
    cache.clear()


@dataclass(frozen=True)
class Split:
    typed: str
    first: str
    last: str


SPLITS = [
    Split("Luciano De Luca", "Luciano", "De Luca"),  # the issue's own player
    Split("Anna Maria De Luca", "Anna Maria", "De Luca"),  # two first names, then the particle
    Split("Giulia Di Stefano", "Giulia", "Di Stefano"),
    Split("João Da Silva", "João", "Da Silva"),
    Split("Pedro dos Santos", "Pedro", "dos Santos"),  # a particle in lower case
    Split("Jan van der Berg", "Jan", "van der Berg"),  # two particles in a row
    Split("Karl von Stein", "Karl", "von Stein"),
    Split("María de la Cruz", "María", "de la Cruz"),
    Split("Franco Del Piero", "Franco", "Del Piero"),
    Split("Paola Della Valle", "Paola", "Della Valle"),
    Split("Marco Lo Presti", "Marco", "Lo Presti"),
    Split("Rosa La Torre", "Rosa", "La Torre"),
    Split("Niccolò D'Amico", "Niccolò", "D'Amico"),  # one word: nothing to move
    Split("Ugo D’ Amico", "Ugo", "D’ Amico"),  # a particle with a typographic apostrophe
    Split("Mario Rossi", "Mario", "Rossi"),  # no particle: the last word, as before
    Split("Anna Maria Vitale", "Anna Maria", "Vitale"),
    Split("Rossi", "", "Rossi"),  # a surname alone
    Split("De Luca", "", "De Luca"),  # a surname with its particle alone
    Split("  Luciano   De  Luca ", "Luciano", "De Luca"),  # spaces typed twice
]


@pytest.mark.parametrize("case", SPLITS, ids=[case.typed.strip() for case in SPLITS])
def test_a_typed_name_splits_with_the_particle_in_the_surname(case: Split) -> None:
    assert split_name(case.typed) == (case.first, case.last)


@pytest.mark.parametrize(
    ("stored", "split"),
    [
        (("Luciano De", "Luca"), ("Luciano", "De Luca")),  # split the old way: moved
        (("Jan van der", "Berg"), ("Jan", "van der Berg")),
        (("Luciano", "De Luca"), ("Luciano", "De Luca")),  # already right: kept
        (("Anna Maria", "Vitale"), ("Anna Maria", "Vitale")),  # no particle: kept
        (("", "Rossi"), ("", "Rossi")),
        (("Mario", "Rossi Bianchi"), ("Mario", "Rossi Bianchi")),  # a surname typed whole
    ],
)
def test_a_name_split_the_old_way_moves_its_particles(
    stored: tuple[str, str], split: tuple[str, str]
) -> None:
    assert move_particles(*stored) == split


def test_the_sort_key_folds_case_accents_spaces_and_apostrophes() -> None:
    assert fold("De Luca") == fold("de luca") == fold("Deluca") == "deluca"
    assert fold("D'Amico") == fold("D’Amico") == fold("d amico") == "damico"
    assert fold("Òrsola") == "orsola"
    surnames = ["Rossi", "van der Berg", "De Luca", "Abate", "d'Amico", "Del Bianco", "Òrsola"]
    # phone-book order: "Del Bianco" (delbianco) before "De Luca" (deluca), Òrsola under O
    assert sorted(surnames, key=sort_key) == [
        "Abate", "d'Amico", "Del Bianco", "De Luca", "Òrsola", "Rossi", "van der Berg",
    ]  # fmt: skip
    assert [initial(name) for name in ("De Luca", "d'Amico", "Òrsola", "van der Berg")] == [
        "D",
        "D",
        "O",
        "V",
    ]
    assert initial("") == "?"


PARTICLE_PAIRS = "\n".join(
    [
        "Luciano De Luca / Maria Rossi",
        "Niccolò D'Amico / Anna Maria Di Stefano",
        "Pedro dos Santos / Jan van der Berg",
        "Elena Abate / Òrsola Bruni",
    ]
)


def test_adding_pairs_stores_the_surname_with_its_particle(club: Club) -> None:
    tournament = make_tournament(club, pairs=0)
    services.pairs_add(tournament=tournament, text=PARTICLE_PAIRS)
    stored = {(p.first_name, p.last_name): p.sort_name for p in Player.objects.filter(club=club)}
    assert stored[("Luciano", "De Luca")] == "deluca luciano"
    assert stored[("Anna Maria", "Di Stefano")] == "distefano annamaria"
    assert stored[("Jan", "van der Berg")] == "vanderberg jan"
    assert stored[("Pedro", "dos Santos")] == "dossantos pedro"
    # the pair's names show as typed
    assert tournament.pairs.get(number=1).names == "Luciano De Luca – Maria Rossi"
    # the same player typed again is the same player, however the case goes
    other = make_tournament(club, pairs=0, name="Friday")
    services.pairs_add(tournament=other, text="luciano de luca / Elena Abate")
    assert Player.objects.filter(club=club).count() == 8
    assert other.pairs.get().player_one == Player.objects.get(last_name="De Luca")


def test_players_sort_by_surname_with_its_particle_in_the_database(club: Club) -> None:
    tournament = make_tournament(club, pairs=0)
    services.pairs_add(tournament=tournament, text=PARTICLE_PAIRS)
    assert [p.full_name for p in Player.objects.filter(club=club)] == [
        "Elena Abate", "Òrsola Bruni", "Niccolò D'Amico", "Luciano De Luca",
        "Anna Maria Di Stefano", "Pedro dos Santos", "Maria Rossi", "Jan van der Berg",
    ]  # fmt: skip
    # a rename through the model keeps the sort key in step
    player = Player.objects.get(last_name="Abate")
    player.last_name = "Zanetti"
    player.save(update_fields=["last_name"])
    assert Player.objects.get(pk=player.pk).sort_name == "zanetti elena"


def test_find_your_table_files_de_luca_under_d(
    club: Club, organiser: User, anonymous_client: Client
) -> None:
    tournament = make_tournament(club, pairs=0, published=True)
    services.pairs_add(tournament=tournament, text=PARTICLE_PAIRS)
    services.round_prepare(tournament=tournament, movement="random", seed=1)
    page = anonymous_client.get(
        reverse("public_find", args=[club.slug, tournament.slug])
    ).content.decode()
    letters = re.findall(r'<a href="#letter-(\w)">', page)
    assert letters == ["A", "B", "D", "R", "V"]
    filed: dict[str, list[str]] = {}
    for letter, surname, first in re.findall(
        r'id="letter-(\w)"|<td class="player"><strong>([^<]+)</strong> ([^<]+)</td>',
        region(page, "places"),
    ):
        if letter:
            filed[letter] = []
        else:
            list(filed.values())[-1].append(f"{html.unescape(surname)}, {first}")
    assert filed == {
        "A": ["Abate, Elena"],
        "B": ["Bruni, Òrsola"],
        "D": [
            "D'Amico, Niccolò",
            "De Luca, Luciano",
            "Di Stefano, Anna Maria",
            "dos Santos, Pedro",
        ],
        "R": ["Rossi, Maria"],
        "V": ["van der Berg, Jan"],
    }
    text = words(region(page, "places"))
    assert "Luca Luciano De" not in text


def test_the_season_names_a_pair_by_its_players_surnames(club: Club, organiser: User) -> None:
    tournament = make_tournament(club, pairs=0, rounds=1)
    services.pairs_add(tournament=tournament, text="Maria Rossi / Luciano De Luca\nA B / C D")
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=round_)
    _play_even(round_, organiser)
    services.tournament_finish(tournament=tournament)
    season = services.season_create(club=club, name="Inverno", tournaments=[tournament])
    pairs = [row["pair"] for row in season_standings(season=season).pairs]
    # De Luca sorts before Rossi (under D), so the season writes him first
    assert "Luciano De Luca – Maria Rossi" in pairs


def _play_even(round_: Round, user: User) -> None:
    side = {"melded_points": 150, "hand_points": 20, "burracos": {}, "pot": "taken"}
    for table in round_.tables.filter(is_bye=False):
        for number in (1, 2, 3):
            table.refresh_from_db()
            services.deal_record(
                table=table, number=number, sides=[side, side], mode="summary", user=user,
                version=table.version,
            )  # fmt: skip


def test_the_federation_file_writes_the_particle_in_the_surname(
    club: Club, organiser: User
) -> None:
    tournament = make_tournament(club, pairs=0, rounds=1)
    services.pairs_add(tournament=tournament, text="Luciano De Luca / Jan van der Berg\nA B / C D")
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=round_)
    _play_even(round_, organiser)
    services.tournament_finish(tournament=tournament)
    pairs = tournament.pairs.select_related("player_one", "player_two").order_by("number")
    first = federation_rows(tournament, pairs)[0]
    assert first[2:8] == ["De Luca", "Luciano", "", "van der Berg", "Jan", ""]


def test_the_admin_lists_players_by_surname_with_its_particle(club: Club) -> None:
    tournament = make_tournament(club, pairs=0)
    services.pairs_add(tournament=tournament, text=PARTICLE_PAIRS)
    admin = User.objects.create_superuser("root", "root@example.com", "a-long-pass-9")
    client = Client()
    client.force_login(admin)
    page = client.get(reverse("admin:tournaments_player_changelist")).content.decode()
    surnames = re.findall(r'<th class="field-last_name"><a [^>]*>([^<]+)</a>', page)
    assert [html.unescape(name) for name in surnames] == [
        "Abate", "Bruni", "D'Amico", "De Luca", "Di Stefano", "dos Santos", "Rossi",
        "van der Berg",
    ]  # fmt: skip


def _migration() -> object:
    """The migration that added Player.sort_name (found by name: migrations get renumbered)."""
    folder = Path(apps.get_app_config("tournaments").path) / "migrations"
    (path,) = folder.glob("*_player_sort_name.py")
    return importlib.import_module(f"tournaments.migrations.{path.stem}")


def test_the_migration_splits_names_typed_before_it(club: Club) -> None:
    old = Player.objects.create(club=club, first_name="Luciano De", last_name="Luca")
    plain = Player.objects.create(club=club, first_name="Maria", last_name="Rossi")
    Player.objects.filter(pk__in=[old.pk, plain.pk]).update(sort_name="")
    _migration().split_and_sort(apps, None)  # type: ignore[attr-defined]
    old.refresh_from_db()
    plain.refresh_from_db()
    assert (old.first_name, old.last_name, old.sort_name) == (
        "Luciano",
        "De Luca",
        "deluca luciano",
    )
    assert (plain.first_name, plain.last_name, plain.sort_name) == ("Maria", "Rossi", "rossi maria")
