"""Every change recorded: each service writes its audit record (who, when, before, after);
the changes page lists them with the result changes, newest first, filtered by kind, round and
table; a removed deal is restored from it."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, ResultChange, Tournament, TournamentEvent
from tournaments.selectors.audit_log import audit_lines
from tournaments.services import ServiceError
from tournaments.tests.conftest import make_tournament
from tournaments.tests.test_services_evening import NS_WINS, play_round

Kind = TournamentEvent.Kind


def kinds(tournament: Tournament) -> list[str]:
    return list(tournament.events.order_by("at", "id").values_list("kind", flat=True))


def test_every_change_to_the_tournament_is_recorded_with_who_before_and_after(
    club: Club, organiser: User
) -> None:
    tournament = make_tournament(club, pairs=5, rounds=2)
    services.pair_remove(pair=tournament.pairs.get(number=5), user=organiser)
    services.tournament_update(
        tournament=tournament, user=organiser, name="Tuesday cup", rounds=2,
        date=datetime.date(2026, 11, 18),
    )  # fmt: skip
    services.tournament_publish(tournament=tournament, published=True, user=organiser)
    services.tournament_publish(tournament=tournament, published=True, user=organiser)  # no-op
    round_ = services.round_prepare(
        tournament=tournament, movement="random", seed=1, user=organiser
    ).round
    a, b = (seat.pair for seat in round_.seats.order_by("table__number", "-direction")[:2])
    services.round_swap(round=round_, pair_a=a, pair_b=b, user=organiser)
    services.round_reseat(round=round_, movement="random", seed=2, user=organiser)
    services.round_start(round=round_, user=organiser)
    services.tournament_publish(tournament=tournament, published=False, user=organiser)
    assert kinds(tournament) == [
        "pair_added", "pair_removed", "settings", "published", "round_seated", "seats_swapped",
        "round_reseated", "round_started", "unpublished",
    ]  # fmt: skip
    settings = tournament.events.get(kind=Kind.SETTINGS)
    # only what changed: the rounds stayed 2
    assert settings.before == {"name": "Tuesday evening", "date": "2026-11-17"}
    assert settings.after == {"name": "Tuesday cup", "date": "2026-11-18"}
    assert settings.user == organiser
    removed = tournament.events.get(kind=Kind.PAIR_REMOVED)
    assert removed.before == {"pair": 5, "names": "Name5a Surname5a – Name5b Surname5b"}
    swapped = tournament.events.get(kind=Kind.SEATS_SWAPPED)
    assert swapped.round_number == 1
    assert swapped.before == {
        "a": {"pair": a.number, "table": 1, "direction": "ns"},
        "b": {"pair": b.number, "table": 1, "direction": "ew"},
    }
    assert swapped.after == {
        "a": {"pair": a.number, "table": 1, "direction": "ew"},
        "b": {"pair": b.number, "table": 1, "direction": "ns"},
    }
    lines = {line.kind: line.text for line in audit_lines(tournament)}
    assert lines["settings"] == (
        "Settings changed: name: Tuesday evening → Tuesday cup; date: 2026-11-17 → 2026-11-18."
    )
    assert lines["seats_swapped"] == f"Pairs {a.number} and {b.number} changed places."
    assert lines["round_reseated"] == "Round 1 seated again: Random draw."
    assert lines["pair_added"] == "Pairs added: 1, 2, 3, 4, 5."


def evening_with_a_removal(club: Club, organiser: User) -> tuple[Tournament, ResultChange]:
    tournament = make_tournament(club, pairs=4, rounds=2)
    round_ = services.round_prepare(tournament=tournament, movement="random", seed=1).round
    services.round_start(round=round_)
    play_round(round_, organiser)
    table = round_.tables.get(number=2)
    services.deal_remove(table=table, number=3, user=organiser, version=table.version)
    return tournament, tournament.changes.get(action=ResultChange.Action.REMOVED)


def test_the_changes_page_filters_by_kind_round_and_table(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament, _removal = evening_with_a_removal(club, organiser)
    address = reverse("tournament_changes", args=[tournament.pk])
    everything = organiser_client.get(address).context["page"].object_list
    assert len(everything) == 6 + 1 + 3  # six deals, one removal, and seated/started/added
    assert everything[0].kind == "removed"
    assert everything[0].text == "Deal 3 removed (it was N-S 600, E-W 70)."
    removed = organiser_client.get(address, {"kind": "removed"}).context["page"].object_list
    assert [(line.round_number, line.table_number) for line in removed] == [(1, 2)]
    at_table_1 = organiser_client.get(address, {"table": 1}).context["page"].object_list
    assert {line.table_number for line in at_table_1} == {1} and len(at_table_1) == 3
    in_round_1 = organiser_client.get(address, {"round": 1}).context["page"].object_list
    assert {line.kind for line in in_round_1} == {"entered", "removed", "round_seated",
                                                  "round_started"}  # fmt: skip
    page = organiser_client.get(address, {"round": 2}).content.decode()
    assert "No change matches these filters." in page
    bad = organiser_client.get(address, {"round": "x", "kind": "nonsense"})
    assert bad.status_code == 200 and len(bad.context["page"].object_list) == 10


def test_a_removed_deal_is_restored_from_the_changes_page(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament, removal = evening_with_a_removal(club, organiser)
    page = organiser_client.get(reverse("tournament_changes", args=[tournament.pk]))
    restore = reverse("deal_restore", args=[tournament.pk, removal.pk])
    assert restore in page.content.decode()
    response = organiser_client.post(restore, {"query": "kind=removed"})
    assert response.status_code == 302
    assert response["Location"].endswith("/changes/?kind=removed")
    table = removal.table
    table.refresh_from_db()
    deal = table.deals.get(number=3)
    assert {side.direction: side.total for side in deal.sides.all()} == {"ns": 600, "ew": 70}
    assert (table.status, table.ns_mp, table.ew_mp) == ("done", 1800, 210)
    restored = tournament.events.get(kind=Kind.DEAL_RESTORED)
    assert (restored.round_number, restored.table_number, restored.user) == (1, 2, organiser)
    assert restored.details == {"change": removal.pk}
    assert tournament.changes.filter(action="entered", deal_number=3, table=table).count() == 2
    # once restored the removal cannot be replayed again
    again = organiser_client.post(restore, follow=True).content.decode()
    assert (
        "Deal 3 of table 2 in round 1 has been entered again since it was removed: correct it "
        "on the table&#x27;s page instead."
    ) in again
    assert (
        restore
        not in organiser_client.get(
            reverse("tournament_changes", args=[tournament.pk])
        ).content.decode()
    )


def test_a_restore_is_refused_in_a_finished_tournament(club: Club, organiser: User) -> None:
    tournament, removal = evening_with_a_removal(club, organiser)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    with pytest.raises(ServiceError) as refused:
        services.deal_restore(change=removal, user=organiser)
    assert refused.value.messages[0] == "Deal 3 of table 2 in round 1 cannot be restored:"
    assert "The tournament is finished" in refused.value.messages[1]
    assert not removal.table.deals.filter(number=3).exists()


def test_only_a_removal_can_be_restored(club: Club, organiser: User) -> None:
    tournament, _removal = evening_with_a_removal(club, organiser)
    entered = tournament.changes.filter(action="entered").first()
    assert entered is not None
    with pytest.raises(ServiceError, match="Only a removed deal can be restored"):
        services.deal_restore(change=entered, user=organiser)


def test_another_clubs_change_cannot_be_restored(
    club: Club, other_club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament, removal = evening_with_a_removal(club, organiser)
    theirs = make_tournament(other_club, pairs=2)
    response = organiser_client.post(reverse("deal_restore", args=[theirs.pk, removal.pk]))
    assert response.status_code == 404
    assert not removal.table.deals.filter(number=3).exists()
    del tournament


def test_the_changes_page_says_when_nothing_happened_yet(
    club: Club, organiser_client: Client
) -> None:
    tournament = services.tournament_create(
        club=club, name="Empty", date=datetime.date(2026, 11, 17), variant="classico"
    )
    page = organiser_client.get(reverse("tournament_changes", args=[tournament.pk]))
    assert "Nothing has changed yet." in page.content.decode()
    assert NS_WINS  # the module's deal, for the evenings above


def test_a_change_of_the_house_rules_or_the_vp_table_is_said_in_words(
    club: Club, organiser: User, organiser_client: Client
) -> None:
    tournament = make_tournament(club, pairs=4)
    services.tournament_update(
        tournament=tournament, user=organiser,
        house_rules_overrides={"closing_bonus": 150, "burraco_bonuses": {"clean": 250}},
    )  # fmt: skip
    services.tournament_update(
        tournament=tournament, user=organiser, vp_scale="custom",
        custom_vp_bands=[[0, 10, 10, 10], [11, None, 20, 0]],
    )  # fmt: skip
    page = organiser_client.get(reverse("tournament_changes", args=[tournament.pk]))
    assert page.status_code == 200  # a JSON setting made the change log answer 500
    lines = [line.text for line in audit_lines(tournament) if line.kind == Kind.SETTINGS]
    assert lines[1] == (
        "Settings changed: house rules: — → closing_bonus: 150, burraco_bonuses.clean: 250."
    )
    assert lines[0].endswith("custom vp bands: — → 0, 10, 10, 10; 11, —, 20, 0.")
