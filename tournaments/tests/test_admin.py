"""The admin on the demo data: every page opens, search and filters find the right rows, and
nothing the scoring engine or the services computed can be changed from here."""

from collections.abc import Iterator
from html.parser import HTMLParser
from io import StringIO

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import models, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoDbBlocker

from tournaments.models import (
    Club,
    Deal,
    DealSide,
    Meld,
    Pair,
    Player,
    ResultChange,
    Round,
    Season,
    Seat,
    Table,
    Tournament,
)

pytestmark = pytest.mark.django_db

MODELS = list(apps.get_app_config("tournaments").get_models())
SERVICES_ONLY = [Pair, Round, Table, Seat, Deal, DealSide, Meld, ResultChange]


@pytest.fixture(scope="module")
def demo(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[None]:
    """The demo club, seeded once for the module and rolled back after it."""
    with django_db_blocker.unblock(), transaction.atomic():
        call_command("seed_demo", stdout=StringIO())
        yield
        transaction.set_rollback(True)


@pytest.fixture
def superuser_client(demo: None) -> Client:
    # the demo has no season yet: one, so that its pages are tried too
    club = Club.objects.get(slug="circolo-burraco-demo")
    Season.objects.create(club=club, name="Stagione 2026/27", slug="stagione-2026-27")
    user = User.objects.create_superuser("root", "root@example.com", password=None)
    client = Client()
    client.force_login(user)
    return client


def url(model: type[models.Model], view: str, *args: object) -> str:
    return reverse(f"admin:tournaments_{model._meta.model_name}_{view}", args=args)


def found(client: Client, model: type[models.Model], query: str) -> int:
    response = client.get(url(model, "changelist") + query)
    assert response.status_code == 200
    return int(response.context["cl"].result_count)


class _FormFields(HTMLParser):
    """What a browser would send for the admin's main form, read from its HTML."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.data: dict[str, list[str]] = {}
        self.in_form = False
        self.select: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if tag == "form" and a.get("id", "").endswith("_form"):
            self.in_form = True
        if not self.in_form or ("name" not in a and tag != "option"):
            return
        if tag == "input" and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.data.setdefault(a["name"], []).append(a.get("value", "on"))
        elif tag == "select":
            self.select = a["name"]
            self.data.setdefault(a["name"], [])
        elif tag == "option" and self.select and "selected" in a:
            self.data[self.select].append(a.get("value", ""))
        elif tag == "textarea":
            self.textarea = a["name"]
            self.data[a["name"]] = [""]

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.in_form = False
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.textarea:
            self.data[self.textarea][0] += data.removeprefix("\n")


def form_data(client: Client, page: str) -> dict[str, list[str]]:
    parser = _FormFields()
    parser.feed(client.get(page).content.decode())
    return parser.data


# --- every page opens ---------------------------------------------------------------------------


def test_every_model_of_the_app_is_in_the_admin() -> None:
    assert [m.__name__ for m in MODELS if not admin.site.is_registered(m)] == []


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_changelist_opens_and_lists_every_row(
    superuser_client: Client, model: type[models.Model], django_assert_max_num_queries: object
) -> None:
    with django_assert_max_num_queries(12):  # type: ignore[operator]
        response = superuser_client.get(url(model, "changelist") + "?all=")
    assert response.status_code == 200
    assert response.context["cl"].result_count == model._default_manager.count()


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_change_page_opens(superuser_client: Client, model: type[models.Model]) -> None:
    objects = model._default_manager.all()
    if not objects.exists():
        pytest.skip(f"the demo has no {model._meta.verbose_name}")
    for obj in (objects.first(), objects.last()):
        response = superuser_client.get(url(model, "change", obj.pk))  # type: ignore[union-attr]
        assert response.status_code == 200, obj


@pytest.mark.parametrize("model", [Club, Player], ids=lambda m: m.__name__)
def test_clubs_and_players_can_be_added(
    superuser_client: Client, model: type[models.Model]
) -> None:
    assert superuser_client.get(url(model, "add")).status_code == 200


# --- search and filters --------------------------------------------------------------------------


def test_players_are_found_by_surname_first_name_and_card_number(
    superuser_client: Client,
) -> None:
    assert found(superuser_client, Player, "?q=Rossi") == 1
    assert found(superuser_client, Player, "?q=anna") == 2  # Anna Ferrari, Anna Maria Vitale
    card = Player.objects.get(last_name="Vitale").card_number
    assert found(superuser_client, Player, f"?q={card}") == 1
    club = Club.objects.get(slug="circolo-burraco-demo")
    assert found(superuser_client, Player, f"?club__id__exact={club.pk}") == 40


def test_tournaments_are_found_by_name_and_filtered_by_status_variant_and_format(
    superuser_client: Client,
) -> None:
    assert found(superuser_client, Tournament, "?q=reale") == 1
    # the demo's evenings: Tuesday's, the two-phase event and the individual Thursday
    # finished, the Reale running
    assert found(superuser_client, Tournament, "?status__exact=finished") == 3
    assert found(superuser_client, Tournament, "?status__exact=running") == 1
    assert found(superuser_client, Tournament, "?variant__exact=classico") == 3
    assert found(superuser_client, Tournament, "?format__exact=deals") == 4
    assert found(superuser_client, Tournament, "?format__exact=target") == 0


def test_pairs_are_found_by_either_players_name(superuser_client: Client) -> None:
    # Chiara Moretti plays on Tuesday and in the two-phase event; Paolo Santoro in all three
    assert found(superuser_client, Pair, "?q=Moretti") == 2
    assert found(superuser_client, Pair, "?q=Santoro") == 3


def test_tables_are_filtered_by_tournament_round_and_status(superuser_client: Client) -> None:
    reale = Tournament.objects.get(name="Serata Burraco Reale")
    assert found(superuser_client, Table, f"?round__tournament__id__exact={reale.pk}") == 10
    assert found(superuser_client, Table, "?status__exact=not_started") == 2
    assert found(superuser_client, Table, "?status__exact=in_progress") == 1
    assert found(superuser_client, Table, "?q=martedì") == 18
    assert found(superuser_client, Table, "?round__number=3") == 6 + 10 + 3  # and the individual's


def test_result_changes_are_filtered_by_action_user_and_date(superuser_client: Client) -> None:
    organiser = User.objects.get(username="organiser")
    entered = 54 + 23 + 150 + 27  # the demo's four evenings
    assert found(superuser_client, ResultChange, "?action__exact=entered") == entered
    assert found(superuser_client, ResultChange, "?action__exact=corrected") == 0
    assert found(superuser_client, ResultChange, f"?user__id__exact={organiser.pk}") == entered
    assert found(superuser_client, ResultChange, "?q=organiser") == entered
    change = ResultChange.objects.first()
    assert change is not None
    at = timezone.localtime(change.at)  # the admin's date filter is in the site's time zone
    day = f"?at__year={at.year}&at__month={at.month}&at__day={at.day}"
    assert found(superuser_client, ResultChange, day) == entered


# --- nothing computed can be changed -------------------------------------------------------------


@pytest.mark.parametrize("model", SERVICES_ONLY, ids=lambda m: m.__name__)
def test_results_are_shown_but_cannot_be_added_changed_or_deleted(
    superuser_client: Client, model: type[models.Model]
) -> None:
    obj = model._default_manager.first()
    assert obj is not None
    page = superuser_client.get(url(model, "change", obj.pk))
    assert page.status_code == 200
    assert page.context["has_change_permission"] is False
    assert b'name="_save"' not in page.content
    assert superuser_client.get(url(model, "add")).status_code == 403
    assert superuser_client.post(url(model, "change", obj.pk), {}).status_code == 403
    assert superuser_client.post(url(model, "delete", obj.pk), {"post": "yes"}).status_code == 403
    assert model._default_manager.filter(pk=obj.pk).exists()
    changelist = superuser_client.get(url(model, "changelist"))
    assert "delete_selected" not in changelist.context["cl"].model_admin.get_actions(
        changelist.wsgi_request
    )


def test_a_deal_side_shows_the_engines_numbers_without_a_field_to_type_in(
    superuser_client: Client,
) -> None:
    side = DealSide.objects.filter(deal__mode="cards").first()
    assert side is not None
    page = superuser_client.get(url(DealSide, "change", side.pk)).content.decode()
    for name in ("total", "melded_points", "hand_points", "burraco_bonus", "pot_penalty"):
        assert f'name="{name}"' not in page
    assert f'<div class="readonly">{side.total}</div>' in page
    # its melds are listed, read-only, with their points
    meld = side.melds.first()
    assert meld is not None and meld.cards in page
    assert 'name="melds-0-points"' not in page


def test_the_standings_in_a_tournament_page_are_read_only(superuser_client: Client) -> None:
    tournament = Tournament.objects.get(name="Serata Burraco Reale")
    page = superuser_client.get(url(Tournament, "change", tournament.pk)).content.decode()
    assert 'name="pairs-0-vp"' not in page and 'name="pairs-0-rank"' not in page
    leader = tournament.pairs.get(rank=1)
    assert leader.names in page
    # the scoring settings are fixed once round 1 is seated: shown, not editable
    assert 'name="variant"' not in page and 'name="vp_scale"' not in page
    assert 'name="name"' in page and 'name="published"' in page


def test_a_finished_tournament_is_view_only(superuser_client: Client) -> None:
    tournament = Tournament.objects.get(name="Torneo del martedì")
    page = superuser_client.get(url(Tournament, "change", tournament.pk))
    assert page.context["has_change_permission"] is False
    response = superuser_client.post(url(Tournament, "change", tournament.pk), {"name": "X"})
    assert response.status_code == 403
    tournament.refresh_from_db()
    assert tournament.name == "Torneo del martedì"


def test_a_running_tournament_is_renamed_through_the_service(superuser_client: Client) -> None:
    tournament = Tournament.objects.get(name="Serata Burraco Reale")
    page = url(Tournament, "change", tournament.pk)
    data = form_data(superuser_client, page)
    data["name"] = ["Serata Reale del venerdì"]
    data["variant"] = ["classico"]  # not in the form: the variant is fixed, and stays
    response = superuser_client.post(page, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    tournament.refresh_from_db()
    assert (tournament.name, tournament.variant) == ("Serata Reale del venerdì", "reale")


def test_the_admin_shows_the_services_refusal(superuser_client: Client) -> None:
    tournament = Tournament.objects.get(name="Serata Burraco Reale")
    page = url(Tournament, "change", tournament.pk)
    data = form_data(superuser_client, page)
    data["rounds"] = ["1"]
    response = superuser_client.post(page, data)
    assert response.status_code == 200
    assert response.context["adminform"].form.non_field_errors() == [
        "Round 2 is already seated: the tournament needs at least 2 rounds."
    ]
    tournament.refresh_from_db()
    assert tournament.rounds == 3


def test_a_whole_tournament_can_still_be_deleted_with_its_results(
    superuser_client: Client,
) -> None:
    tournament = Tournament.objects.get(name="Serata Burraco Reale")
    confirm = superuser_client.get(url(Tournament, "delete", tournament.pk))
    assert confirm.status_code == 200
    assert confirm.context["perms_lacking"] == set()
    response = superuser_client.post(url(Tournament, "delete", tournament.pk), {"post": "yes"})
    assert response.status_code == 302
    assert not Deal.objects.filter(table__round__tournament_id=tournament.pk).exists()
    assert (
        Tournament.objects.count() == 3
    )  # Tuesday's, the two-phase event, the individual Thursday
