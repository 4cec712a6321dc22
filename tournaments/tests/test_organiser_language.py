"""The organiser's pages in the reader's language: every page answers an Italian browser with
<html lang="it">, writes scores as Italians do (1.800), names the sides as the game's glossary
does (N-S / E-O), and every form field has help in the words of the game."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring import rule_set
from tournaments import services
from tournaments.forms.entry import entry_forms
from tournaments.forms.rounds import MovementForm, SwapForm
from tournaments.forms.seasons import SeasonForm
from tournaments.forms.settings import TournamentForm
from tournaments.forms.setup import PairsForm
from tournaments.models import Club, Pair, Round, Table, Tournament
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_views_entry import HTMX, form_data, region, seated_table
from tournaments.tests.test_views_rounds import NS_WINS

IT = {"HTTP_ACCEPT_LANGUAGE": "it"}


def italian(client: Client, url: str) -> str:
    response = client.get(url, **IT)  # type: ignore[arg-type]
    assert response.status_code == 200, url
    page = response.content.decode()
    assert '<html lang="it"' in page, url
    return page


def text(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def played_round(club: Club, organiser: User) -> tuple[Tournament, Round, Table]:
    """A tournament whose round 1 is over at table 1: three deals N-S won, 1800 to 210."""
    tournament = make_tournament(club, pairs=2)
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=3).round
    services.round_start(round=round_)
    table = round_.tables.get()
    for number in (1, 2, 3):
        table.refresh_from_db()
        services.deal_record(
            table=table, number=number, sides=NS_WINS, mode="summary", user=organiser,
            version=table.version,
        )  # fmt: skip
    return tournament, round_, table


def test_every_organiser_page_answers_in_italian(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament, _round, _table = played_round(club, organiser)
    season = services.season_create(club=club, name="Campionato 2026", best_of=None)
    services.season_tournaments_set(season=season, tournaments=[tournament])
    waiting = make_tournament(club, pairs=3, name="Giovedì")
    for url in (
        reverse("dashboard"),
        reverse("tournament_create"),
        reverse("tournament_detail", args=[tournament.pk]),
        reverse("tournament_edit", args=[tournament.pk]),
        reverse("pairs_add", args=[waiting.pk]),
        reverse("round_prepare", args=[waiting.pk]),
        reverse("tournament_changes", args=[tournament.pk]),
        reverse("season_list"),
        reverse("season_new"),
        reverse("season_detail", args=[season.pk]),
        reverse("season_edit", args=[season.pk]),
    ):
        italian(organiser_client, url)


def test_round_board_and_table_page_write_scores_and_sides_as_italians_do(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    _, round_, table = played_round(club, organiser)
    board = text(italian(organiser_client, reverse("round_board", args=[round_.pk])))
    assert "1.800 – 210" in board  # the table's MP, grouped the Italian way
    assert "1800" not in board and "1,800" not in board
    assert "Nord-Sud" in board and "Est-Ovest" in board  # the board's column headers

    page = text(italian(organiser_client, reverse("table_entry", args=[table.pk])))
    assert "N-S 1.800 · E-O 210" in page  # the table's MP
    assert "E-W" not in page  # the sides named in Italian, from the glossary
    assert "Smazzata" in page and "Pozzetto" in page  # the game's own words as headers

    changes = text(
        italian(organiser_client, reverse("tournament_changes", args=[table.round.tournament_id]))
    )
    assert "Smazzata 1 inserita: N-S 600, E-O 70." in changes  # the sides in Italian words


def test_a_spanish_evening_read_in_italian_keeps_its_words(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=2, variant="spanish", format="target")
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=3).round
    services.round_start(round=round_)
    table = round_.tables.get()
    page = text(italian(organiser_client, reverse("table_entry", args=[table.pk])))
    assert "Muerto" in page or "muerto" in page  # the Spanish game's pot, not "pozzetto"
    assert "pozzetto" not in page.lower()


def test_every_form_field_has_help_in_the_readers_language(club: Club) -> None:
    tournament = make_tournament(club, pairs=2)
    pairs = Pair.objects.filter(tournament=tournament)
    forms = [
        TournamentForm(clubs=[club, Club.objects.create(name="Altro", slug="altro")]),
        PairsForm(),
        MovementForm(),
        SwapForm(pairs=pairs),
        SeasonForm(clubs=[club, Club.objects.create(name="Terzo", slug="terzo")]),
    ]
    for mode in ("summary", "cards"):
        entry = entry_forms(
            mode=mode, rules=rule_set("classico"), opening={"ns": True, "ew": False}
        )
        forms += [entry.deal, *entry.sides.values()]
    for form in forms:
        for name, field in form.fields.items():
            if field.widget.is_hidden:
                continue
            assert str(field.help_text).strip(), f"{type(form).__name__}.{name} has no help"
    with translation.override("it"):
        label = str(TournamentForm(clubs=[club]).fields["name"].help_text)
    assert label  # read in the active language at render time (lazy), never at import


@pytest.mark.parametrize("variant", ["classico", "spanish", "brazilian"])
def test_the_kinds_of_burraco_on_the_score_sheet_are_the_games_words(
    variant: str, club: Club
) -> None:
    rules = rule_set(variant)
    entry = entry_forms(mode="summary", rules=rules, opening={"ns": False, "ew": False})
    labels = {str(field.label) for field in entry.sides["ns"].fields.values()}
    words = Tournament(variant=variant).words
    for kind in rules.kinds():
        assert words.kind(kind).capitalize() in labels


@pytest.mark.parametrize(
    ("variant", "language", "kinds", "hand"),
    [
        ("spanish", "es", "(canasta limpia, canasta sucia ×2)", "En mano"),
        ("brazilian", "pt-br", "(canastra limpa, canastra suja ×2)", "Na mão"),
        ("classico", "it", "(burraco pulito, burraco sporco ×2)", "Mano"),
        ("classico", "de", "(Burraco sauber, Burraco schmutzig ×2)", "Hand"),
    ],
)
def test_the_deal_check_says_the_kinds_in_the_words_of_the_game(
    variant: str, language: str, kinds: str, hand: str, club: Club, organiser_client: Client
) -> None:
    """The preview of a deal before it is saved: its burracos by kind in the game's words (they
    were the engine's slugs, "(clean, dirty, dirty)"), no "−0" for a penalty not paid, and the
    cards-in-hand column not named like the deal ("Mano" is the Spanish deal)."""
    table = seated_table(club, variant=variant)
    deal = {
        "ns": {
            "melded_points": "500",
            "burracos_clean": "1",
            "burracos_dirty": "2",
            "pot": "taken",
        },
        "ew": {"melded_points": "100", "hand_points": "30", "pot": "taken"},
        "closed": "ns",
    }
    response = organiser_client.post(
        reverse("deal_check", args=[table.pk]),
        form_data(table, 1, deal),
        HTTP_ACCEPT_LANGUAGE=language,
        **HTMX,
    )
    live = text(region(response.content.decode(), "live-result"))
    assert kinds in live, live
    assert "−0" not in live and "+0" not in live
    assert f" {hand} " in live
    assert "clean" not in live and "dirty" not in live
