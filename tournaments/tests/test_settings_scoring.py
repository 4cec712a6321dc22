"""The settings page's scoring rules (issue 20, items 5 and 6): a custom VP table must make sense
(each band's VP add up to the same total, the winner's VP never fall, no gap), a scale made for
another number of deals is warned about, the bye's award follows the chosen scale unless the
organiser gives other numbers, and the organiser may put head-to-head before MP. Each is kept by
the service whatever the way in, and by the backup."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.backup import tournament_export, tournament_import
from tournaments.models import Club, Tournament
from tournaments.rules.standings import HEAD_TO_HEAD_FIRST, MP_FIRST, TableOutcome
from tournaments.rules.vp_tables import scale_for_deals
from tournaments.services import ServiceError
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_views_setup import settings_data

BYE_AWARD = {"HX-Request": "true", "HX-Target": "bye-award"}


def custom(bands: str, **changes: object) -> dict[str, object]:
    return settings_data(vp_scale="custom", custom_vp_bands=bands, **changes)


def bye_award_part(client: Client, data: dict[str, object]) -> str:
    """The new tournament page's bye award, as the page asks for it again after a change."""
    query = {key: str(value) for key, value in data.items()}
    return client.get(reverse("tournament_create"), query, headers=BYE_AWARD).content.decode()


# --- a custom table that makes sense -----------------------------------------------------------


@pytest.mark.parametrize(
    ("bands", "messages"),
    [
        (
            # issue 20: 10-10, 12-9, 30-0 (20, 21 and 30 VP shared out)
            "0–50, 10, 10\n55–150, 12, 9\n155 and more, 30, 0",
            [
                "every band must share out the same VP: the band from 0 gives 10–10 (20 in "
                "all), the band from 55 gives 12–9 (21 in all)",
                "the band from 155 gives 30–0 (30 in all)",
            ],
        ),
        (
            # the winner's VP falling from 12 to 11 as the difference grows
            "0–50, 10, 10\n55–150, 12, 8\n155–250, 11, 9\n255 and more, 20, 0",
            [
                "the winner's VP may not go down as the difference grows: the band from 55 "
                "gives the winner 12, the band after it (from 155) only 11"
            ],
        ),
        (
            # a gap: no band takes a difference of 55 to 95
            "0–50, 10, 10\n100 and more, 20, 0",
            [
                "the bands leave a gap: 0–50 ends at 50 and the next band begins at 100, so a "
                "difference of 55 is in no band (begin the next band at 55)"
            ],
        ),
        (
            # bands that do not start at 0
            "5–50, 10, 10\n55 and more, 20, 0",
            ["the first band must begin at 0, not 5"],
        ),
    ],
    ids=["totals differ", "winner falls", "gap", "not from 0"],
)
def test_a_table_that_makes_no_sense_is_refused_by_the_form(
    club: Club, organiser_client: Client, bands: str, messages: list[str]
) -> None:
    response = organiser_client.post(reverse("tournament_create"), custom(bands))
    assert response.status_code == 200
    page = response.content.decode().replace("&#x27;", "'")
    for message in messages:
        assert message in page
    # no award is shown from a table that is refused
    assert "The award is worked out from your VP table once it is complete." in page
    assert not Tournament.objects.exists()


def test_the_federations_tables_and_a_printed_style_table_are_accepted(
    club: Club, organiser_client: Client
) -> None:
    # a band ending at 50 and the next at 55 is no gap: a deal gives multiples of 5
    bands = "0–50, 10, 10\n55–150, 12, 8\n155 and more, 20, 0"
    response = organiser_client.post(reverse("tournament_create"), custom(bands))
    assert response.status_code == 302
    for slug in ("fibur-3", "fibur-4"):
        from scoring import VP_SCALES
        from scoring.vp import sense_problems

        assert sense_problems(VP_SCALES[slug].bands) == []


def test_the_service_refuses_a_table_that_makes_no_sense_whatever_the_way_in(club: Club) -> None:
    tournament = make_tournament(club, pairs=4)
    with pytest.raises(ServiceError, match="every band must share out the same VP"):
        services.tournament_update(
            tournament=tournament,
            vp_scale="custom",
            custom_vp_bands=[[0, 50, 10, 10], [55, 150, 12, 9], [155, None, 30, 0]],
        )
    with pytest.raises(ServiceError, match="may not go down"):
        services.tournament_create(
            club=club, name="x", date=tournament.date, variant="classico", vp_scale="custom",
            custom_vp_bands=[[0, 50, 10, 10], [55, 150, 12, 8], [155, None, 11, 9]],
        )  # fmt: skip


def test_a_table_accepted_before_the_checks_still_plays_and_its_evening_can_be_renamed(
    club: Club, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4)
    nonsense = [[0, 50, 10, 10], [55, 150, 12, 9], [155, None, 30, 0]]
    Tournament.objects.filter(pk=tournament.pk).update(vp_scale="custom", custom_vp_bands=nonsense)
    services.round_prepare(tournament=tournament, movement="random", seed=1)
    tournament.refresh_from_db()
    assert tournament.scale.vp(200, 0) == (30, 0)
    response = organiser_client.post(
        reverse("tournament_edit", args=[tournament.pk]),
        custom("", name="Renamed", deals_per_round="3"),
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.custom_vp_bands) == ("Renamed", nonsense)


# --- a scale made for another number of deals ----------------------------------------------------

WARNING = (
    "This VP scale is made for 3 deals a table, but the tables play 4 deals a round: the scale "
    "made for 4 deals is usually the right one."
)


def test_a_3_deal_scale_on_a_4_deal_evening_is_saved_with_a_warning(
    club: Club, organiser_client: Client
) -> None:
    response = organiser_client.post(
        reverse("tournament_create"), settings_data(deals_per_round="4"), follow=True
    )
    tournament = Tournament.objects.get()
    assert tournament.deals_per_round == 4
    assert WARNING in response.content.decode()
    # and the tournament's page says it beside the scale until it is changed
    page = organiser_client.get(reverse("tournament_detail", args=[tournament.pk]))
    assert WARNING in page.content.decode()
    services.tournament_update(tournament=tournament, vp_scale="fibur-4")
    page = organiser_client.get(reverse("tournament_detail", args=[tournament.pk]))
    assert "This VP scale is made for" not in page.content.decode()


def test_the_warning_shows_as_the_deals_or_the_scale_change(
    club: Club, organiser_client: Client
) -> None:
    form = settings_data(deals_per_round="4")
    page = bye_award_part(organiser_client, form)
    assert WARNING in page and 'hx-swap-oob="true"' in page
    page = bye_award_part(organiser_client, {**form, "vp_scale": "fibur-4"})
    assert "This VP scale is made for" not in page
    # a referee's own table is made for whatever the evening plays
    bands = "0–50, 10, 10\n55 and more, 20, 0"
    page = bye_award_part(organiser_client, custom(bands, deals_per_round="4"))
    assert "This VP scale is made for" not in page


def test_the_scale_follows_the_deals_per_round_as_they_change(
    club: Club, organiser_client: Client
) -> None:
    """Changing the deals from 3 to 4 turns FIBUR 3 into FIBUR 4 on the page (with its bye
    award), and says so (the page knows the deals changed from the number it showed last);
    choosing FIBUR 3 again on a 4-deal evening keeps it, with the warning; a custom table never
    changes."""
    url = reverse("tournament_create")
    first = organiser_client.get(url).content.decode()
    assert '<input type="hidden" name="deals_before" value="3">' in first
    # the page sends what it showed last: 3 deals before, 4 now
    query = {k: str(v) for k, v in settings_data(deals_per_round="4", deals_before="3").items()}
    page = organiser_client.get(url, query, headers=BYE_AWARD).content.decode()
    assert '<input type="hidden" name="deals_before" value="4">' in page
    field = page[page.index('<div id="vp-scale-field" hx-swap-oob="true">') :]
    assert re.search(r'<option value="fibur-4" selected>', field)
    assert "The VP scale follows the deals per round: FIBUR, 4 deals a table." in page
    assert 'name="bye_vp" value="12"' in page and 'name="bye_mp" value="305"' in page
    assert "This VP scale is made for" not in page
    # the scale changed by the organiser, not the deals: their choice stands, with the warning
    query["deals_before"] = "4"
    page = organiser_client.get(url, query, headers=BYE_AWARD).content.decode()
    assert 'id="vp-scale-field"' not in page and WARNING in page
    bands = "0–50, 10, 10\n55 and more, 20, 0"
    changes = {"deals_per_round": "4", "deals_before": "3"}
    custom_query = {k: str(v) for k, v in custom(bands, **changes).items()}
    page = organiser_client.get(url, custom_query, headers=BYE_AWARD).content.decode()
    assert "follows the deals per round" not in page and 'id="vp-scale-field"' not in page
    assert scale_for_deals("fibur-3", "4") == "fibur-4"
    assert scale_for_deals("fibur-4", " 3 ") == "fibur-3"
    assert scale_for_deals("fibur-3", "5") == "fibur-3"  # no scale made for 5: kept
    assert scale_for_deals("custom", "4") == "custom"


# --- the bye's award ----------------------------------------------------------------------------


def test_the_new_tournament_form_gives_the_bye_the_scales_award(
    club: Club, organiser_client: Client
) -> None:
    page = organiser_client.get(reverse("tournament_create")).content.decode()
    assert re.search(r'<input type="checkbox" name="bye_follows_scale"[^>]* checked>', page)
    assert 'name="bye_vp" value="14"' in page and 'name="bye_mp" value="355"' in page
    assert "This scale gives 14 VP and 355 MP." in page


def test_choosing_fibur_4_shows_its_award_and_stores_follow_the_scale(
    club: Club, organiser_client: Client
) -> None:
    url = reverse("tournament_create")
    form = settings_data(deals_per_round="4", vp_scale="fibur-4")
    partial = bye_award_part(organiser_client, form)
    assert partial.strip().startswith('<div id="bye-award">')
    assert 'name="bye_vp" value="12"' in partial and 'name="bye_mp" value="305"' in partial
    assert "This scale gives 12 VP and 305 MP." in partial
    organiser_client.post(url, form)
    tournament = Tournament.objects.get()
    assert (tournament.bye_vp, tournament.bye_mp) == (None, None)
    assert tournament.play_format.bye_award_text() == "12 VP and 305 MP"
    edit = organiser_client.get(reverse("tournament_edit", args=[tournament.pk])).content.decode()
    assert 'name="bye_vp" value="12"' in edit and "checked" in edit


def test_a_custom_tables_award_is_shown_from_the_typed_table(
    club: Club, organiser_client: Client
) -> None:
    bands = "0–100, 15, 15\n105–300, 18, 12\n305–600, 21, 9\n605 and more, 30, 0"
    partial = bye_award_part(organiser_client, custom(bands))
    assert "This scale gives 21 VP and 305 MP." in partial  # 70 % of 30, where 21-9 begins


def test_the_organisers_own_numbers_are_kept(club: Club, organiser_client: Client) -> None:
    organiser_client.post(
        reverse("tournament_create"),
        settings_data(bye_follows_scale="", bye_vp="13", bye_mp="300", vp_scale="fibur-4"),
    )
    tournament = Tournament.objects.get()
    assert (tournament.bye_vp, tournament.bye_mp) == (13, 300)
    page = organiser_client.get(reverse("tournament_edit", args=[tournament.pk])).content.decode()
    assert not re.search(r'<input type="checkbox" name="bye_follows_scale"[^>]* checked>', page)
    assert 'name="bye_vp" value="13"' in page


def test_own_numbers_need_both_numbers(club: Club, organiser_client: Client) -> None:
    response = organiser_client.post(
        reverse("tournament_create"), settings_data(bye_follows_scale="", bye_vp="", bye_mp="300")
    )
    assert "Write the VP of a bye." in response.content.decode()
    assert not Tournament.objects.exists()


# --- the order of the tie-breaks ----------------------------------------------------------------


def test_the_organiser_may_put_head_to_head_before_mp(club: Club, organiser_client: Client) -> None:
    organiser_client.post(
        reverse("tournament_create"), settings_data(tie_break_order=HEAD_TO_HEAD_FIRST)
    )
    tournament = Tournament.objects.get()
    assert tournament.tie_break_order == HEAD_TO_HEAD_FIRST
    # 1 and 2 on 20 VP: 2 has more MP, 1 beat 2
    outcomes = [
        TableOutcome(1, 2, 300, 245, 11, 9),
        TableOutcome(1, 3, 300, 400, 9, 11),
        TableOutcome(2, 4, 455, 400, 11, 9),
    ]
    records = tournament.play_format.rank([1, 2, 3, 4], outcomes)
    assert (records[1].rank, records[2].rank) == (1, 2)
    services.tournament_update(tournament=tournament, tie_break_order=MP_FIRST)
    tournament.refresh_from_db()
    records = tournament.play_format.rank([1, 2, 3, 4], outcomes)
    assert (records[1].rank, records[2].rank) == (2, 1)


def test_the_tie_break_order_is_fixed_once_round_1_is_seated(club: Club) -> None:
    tournament = make_tournament(club, pairs=4)
    services.round_prepare(tournament=tournament, movement="random", seed=1)
    with pytest.raises(ServiceError, match="the order of the tie-breaks can no longer change"):
        services.tournament_update(tournament=tournament, tie_break_order=HEAD_TO_HEAD_FIRST)
    with pytest.raises(ServiceError, match="Choose the order of the tie-breaks"):
        services.tournament_create(
            club=club, name="x", date=tournament.date, variant="classico", tie_break_order="luck"
        )


def test_the_standings_follow_the_order_through_a_played_evening(
    club: Club, organiser: User
) -> None:
    tournament = make_tournament(club, pairs=4, tie_break_order=HEAD_TO_HEAD_FIRST)
    assert tournament.play_format.tie_breaks == HEAD_TO_HEAD_FIRST
    services.standings_recompute(tournament=tournament)  # no table yet: every pair level, drawn
    assert set(tournament.pairs.values_list("rank", flat=True)) == {1}


# --- the backup keeps them ----------------------------------------------------------------------


def test_a_backup_keeps_the_tie_break_order_and_a_bye_that_follows_the_scale(
    club: Club, other_club: Club
) -> None:
    tournament = make_tournament(
        club, pairs=5, tie_break_order=HEAD_TO_HEAD_FIRST, deals_per_round=4, vp_scale="fibur-4"
    )
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    services.round_start(round=prepared.round)
    data = tournament_export(tournament=tournament)
    assert data["tournament"]["tie_break_order"] == HEAD_TO_HEAD_FIRST
    assert (data["tournament"]["bye_vp"], data["tournament"]["bye_mp"]) == (None, None)
    copy = tournament_import(data=data, club=other_club)
    assert copy.tie_break_order == HEAD_TO_HEAD_FIRST
    assert (copy.bye_vp, copy.bye_mp) == (None, None)
    assert copy.play_format.bye_result().ns_vp == 12


def test_a_backup_written_before_the_tie_break_order_reads_as_mp_first(
    club: Club, other_club: Club
) -> None:
    tournament = make_tournament(club, pairs=4)
    data = tournament_export(tournament=tournament)
    del data["tournament"]["tie_break_order"]
    copy = tournament_import(data=data, club=other_club, unverified=True)
    assert copy.tie_break_order == MP_FIRST


def test_a_backup_ranked_by_the_old_tie_breaks_imports_with_todays_ranks(
    club: Club, other_club: Club, organiser: User
) -> None:
    # two pairs that drew every deal share first place; a file written when ties were ranked
    # otherwise says 1 and 2: the copy takes the rank today's rules give, the scores as stored
    tournament = make_tournament(club, pairs=2, rounds=1)
    prepared = services.round_prepare(tournament=tournament, movement="random", seed=1)
    services.round_start(round=prepared.round)
    data = tournament_export(tournament=tournament)
    assert [pair["rank"] for pair in data["pairs"]] == [1, 1]
    data["pairs"][1]["rank"] = 2
    copy = tournament_import(data=data, club=other_club, unverified=True)
    assert list(copy.pairs.values_list("rank", flat=True)) == [1, 1]
