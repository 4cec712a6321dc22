"""What changed between two submissions, read from the two documents alone (no database)."""

from typing import Any

from tournaments.rules.submissions import submission_changes


def _row(
    card: str, name: tuple[str, str], pair: int, rank: int, vp: int, mp: int
) -> dict[str, Any]:
    return {
        "card_number": card, "last_name": name[0], "first_name": name[1], "pair_number": pair,
        "rank": rank, "vp": vp, "mp": mp, "rounds_played": 3, "from_round": 1, "to_round": 3,
        "girone": "",
    }  # fmt: skip


def _document(rows: list[dict[str, Any]], **event: Any) -> dict[str, Any]:
    base = {"arbiter": "Anna Neri", "tables": 6, "prize_pool": None}
    return {"event": {**base, **event}, "results": rows, "submission": {"number": 1}}


MARIA = ("Rossi", "Maria")
LUCA = ("Bianchi", "Luca")


def test_the_same_document_changes_nothing() -> None:
    rows = [_row("12345", MARIA, 3, 3, 40, 900)]
    changes = submission_changes(_document(rows), _document(rows))
    assert changes.nothing


def test_a_players_moved_numbers_are_named_with_their_card() -> None:
    before = [_row("12345", MARIA, 3, 3, 40, 900), _row("777", LUCA, 5, 2, 44, 1000)]
    after = [_row("12345", MARIA, 3, 2, 42, 900), _row("777", LUCA, 5, 3, 41, 1000)]
    changes = submission_changes(_document(before), _document(after))
    assert changes.players == [
        "Maria Rossi (card 12345): VP 40 → 42, rank 3 → 2",
        "Luca Bianchi (card 777): VP 44 → 41, rank 2 → 3",
    ]
    assert changes.added == changes.removed == changes.event == []
    assert not changes.nothing


def test_rows_added_and_gone_and_a_player_without_a_card() -> None:
    before = [_row("12345", MARIA, 3, 1, 40, 900)]
    after = [_row("12345", MARIA, 3, 1, 40, 900), _row("", LUCA, 5, 2, 30, 100)]
    changes = submission_changes(_document(before), _document(after))
    assert changes.added == ["Luca Bianchi (pair 5)"]
    back = submission_changes(_document(after), _document(before))
    assert back.removed == ["Luca Bianchi (pair 5)"] and back.added == []


def test_the_events_details_that_moved_and_the_submission_itself_left_out() -> None:
    rows = [_row("12345", MARIA, 3, 1, 40, 900)]
    pool = {"currency": "EUR", "cents": 50000, "items_without_value": 0}
    current = _document(rows, arbiter="Carlo Blu", prize_pool=pool)
    current["submission"] = {"number": 2}
    changes = submission_changes(_document(rows), current)
    assert changes.event == [
        "arbiter: Anna Neri → Carlo Blu",
        "prize pool: — → EUR 500.00",
    ]
    assert changes.players == []


def test_an_individual_players_row_is_named_by_their_player_number() -> None:
    before = [{"card_number": "", "last_name": "Rossi", "first_name": "Maria", "player_number": 7,
               "rank": 4, "vp": 30, "mp": 10, "from_round": 1}]  # fmt: skip
    after = [{**before[0], "mp": 12}]
    changes = submission_changes({"results": before}, {"results": after})
    assert changes.players == ["Maria Rossi (player 7): MP 10 → 12"]
