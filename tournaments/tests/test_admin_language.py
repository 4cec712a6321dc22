"""The admin in the reader's language, on the demo club: the index, every list and a page of
every model, the user's page with its password settings, each in Italian, Spanish, Brazilian
Portuguese and German, with no English word of the site left (the app's name, the models' and
fields' names, the columns, rounds and deals by name) and the Italian texts Django's own
catalogue lacks (the app list's headers, the password settings) said in Italian."""

import re
from collections.abc import Iterator
from io import StringIO

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import models, transaction
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pytest_django import DjangoDbBlocker

from burraco_club.templatetags.languages import bcp47
from tournaments.models import Club, Player, Tournament
from tournaments.tests.test_languages import LANGUAGES, WORD, visible_words, words_of

pytestmark = pytest.mark.django_db

MODELS = list(apps.get_app_config("tournaments").get_models())


@pytest.fixture(scope="module")
def demo(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[None]:
    with django_db_blocker.unblock(), transaction.atomic():
        call_command("seed_demo", stdout=StringIO())
        yield
        transaction.set_rollback(True)


def data_words() -> set[str]:
    """The demo's own names: the club, its players, its tournaments, the organiser's login,
    and the languages' own names in the club's language choice ("English")."""
    names = [club.name + " " + club.city for club in Club.objects.all()]
    names += [name for _code, name in settings.LANGUAGES]
    names += [player.full_name for player in Player.objects.all()]
    names += [tournament.name for tournament in Tournament.objects.all()]
    names += [f"{user.username} {user.get_full_name()}" for user in User.objects.all()]
    return {word.lower() for word in WORD.findall(" ".join(names))}


DJANGOS_OWN = [
    # the permissions' names, which Django stores in English when it migrates ("Can add deal")
    re.compile(r'<select[^>]*name="user_permissions".*?</select>', re.S),
    # the yes / no icons, whose alternative text Django writes in English ("True")
    re.compile(r"<img[^>]*icon-(?:yes|no|unknown)[^>]*>"),
    # a stored record shown as the JSON the services wrote ({"dirty": 1}, ["random", …])
    re.compile(r'<div class="readonly">\s*(?:<pre>)?\s*[\[{].*?</div>', re.S),
]
"""What the check leaves to Django, or shows as stored data: not texts of the site."""


SPELT_ALIKE = {"it": {"date"}, "es": set(), "pt-br": {"status"}, "de": {"status"}}
"""Words of Django's own translations that English spells the same: Italian "Date importanti",
German "Mitarbeiter-Status", Portuguese "Status de superusuário"."""


def readable(html: str) -> str:
    for pattern in DJANGOS_OWN:
        html = pattern.sub(" ", html)
    return html


def admin_pages(user: User) -> list[str]:
    pages = [reverse("admin:index"), reverse("admin:auth_user_change", args=[user.pk])]
    for model in MODELS:
        name = f"admin:tournaments_{model._meta.model_name}"
        pages.append(reverse(f"{name}_changelist"))
        first = model._default_manager.order_by("pk").first()
        if first is not None:
            pages.append(reverse(f"{name}_change", args=[first.pk]))
    return pages


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_admin_speaks_the_readers_language(demo: None, language: str) -> None:
    root = User.objects.create_superuser("root", "root@example.com", password=None)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(root)
    english = words_of("en", translated=False)
    own = words_of(LANGUAGES[language], translated=True) | data_words() | SPELT_ALIKE[language]
    left: dict[str, list[str]] = {}
    for page in admin_pages(root):
        response = client.get(page)
        assert response.status_code == 200, page
        html = response.content.decode()
        assert f'<html lang="{bcp47(language)}"'.lower() in html.lower(), page  # Django's case
        found = sorted((visible_words(readable(html)) & english) - own)
        if found:
            left[page] = found
    assert left == {}, f"English left in the {language} admin: {left}"


def test_the_italian_admin_has_no_english_of_djangos_own(demo: None) -> None:
    """The texts Django's Italian catalogue does not translate, said by ours."""
    root = User.objects.create_superuser("root", "root@example.com", "a-long-root-password-7")
    client = Client(HTTP_ACCEPT_LANGUAGE="it")
    client.force_login(root)
    index = client.get(reverse("admin:index")).content.decode()
    assert "Serate del circolo" in index and "Club nights" not in index  # the app's name
    assert ">Circoli<" in index and ">Fiori<" not in index  # the clubs, not the suit
    assert "Nome del modello" in index and "Model name" not in index
    user_page = client.get(reverse("admin:auth_user_change", args=[root.pk])).content.decode()
    assert "Le password non vengono salvate in chiaro" in user_page
    assert "Raw passwords are not stored" not in user_page
    set_password = reverse("admin:auth_user_password_change", args=[root.pk])
    assert "Accesso con password" in client.get(set_password).content.decode()
    deals = client.get(reverse("admin:tournaments_deal_changelist")).content.decode()
    assert ">Smazzata 1<" in deals and "Deal 1" not in deals  # a deal by its name


def test_a_model_name_of_the_admin_is_translated_lazily() -> None:
    """Names are read when a page is drawn, in that page's language, never at import."""
    with translation.override("de"):
        assert str(Club._meta.verbose_name_plural) == "Clubs"
        assert str(apps.get_app_config("tournaments").verbose_name) == "Clubabende"
    with translation.override("es"):
        assert str(Club._meta.verbose_name_plural) == "clubes"
    model: type[models.Model] = Tournament
    assert model._meta.verbose_name is not None
