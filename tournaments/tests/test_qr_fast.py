"""The fast mask choice (tournaments/qr_masks.py) draws segno's symbol exactly: the same version,
error level, mask and modules as `segno.make_qr(data, error="m", boost_error=False)`, so no
printed code changes. No database: pure functions against segno itself."""

import random
import string

import pytest
import segno

from tournaments import qr_masks
from tournaments.qr import qr_matrix, qr_svg

URL_SAFE = string.ascii_letters + string.digits + "-_"


def _addresses(count: int, seed: int, length: int = 22) -> list[str]:
    """Addresses like the app's private links, with random url-safe tokens (seeded)."""
    rng = random.Random(seed)
    return [
        f"https://club.example/p/{''.join(rng.choices(URL_SAFE, k=length))}/" for _ in range(count)
    ]


def _segno(data: str) -> segno.QRCode:
    return segno.make_qr(data, error="m", boost_error=False)


def _as_bools(matrix: tuple[bytearray, ...]) -> tuple[tuple[bool, ...], ...]:
    return tuple(tuple(bool(module) for module in row) for row in matrix)


def _assert_same_symbol(data: str) -> None:
    ours, mask = qr_masks.qr_code(data)
    theirs = _segno(data)
    assert (mask, len(ours)) == (theirs.mask, len(theirs.matrix)), data
    assert _as_bools(ours) == _as_bools(theirs.matrix), data
    assert qr_matrix(data) == _as_bools(theirs.matrix), data


def test_two_thousand_private_links_get_segnos_symbol_and_mask() -> None:
    addresses = _addresses(2000, seed=23)
    masks = set()
    for address in addresses:
        _assert_same_symbol(address)
        masks.add(qr_masks.qr_code(address)[1])
    assert _segno(addresses[0]).version == 4  # 46 characters: a version 4 symbol
    assert masks == set(range(8))  # every mask is chosen somewhere, so every one is compared


# token lengths that take the symbol through versions 1 to 22: with 2 or 3 remainder bits, with
# version information (7 and up), several error correction blocks and alignment patterns
VERSIONS = {1: 0, 2: 2, 3: 10, 4: 22, 5: 50, 6: 80, 7: 90, 10: 180, 14: 320, 21: 660, 22: 700}


@pytest.mark.parametrize(("version", "length"), VERSIONS.items())
def test_every_size_of_symbol_matches_segno(version: int, length: int) -> None:
    addresses = ["x"] if length == 0 else _addresses(4, seed=length, length=length)
    for address in addresses:
        assert _segno(address).version == version
        _assert_same_symbol(address)


@pytest.mark.parametrize(
    "data",
    [
        "0123456789" * 5,  # numeric mode
        "HTTPS://CLUB.EXAMPLE/P/ABC/",  # alphanumeric mode
        "Circolo del Burraco · Perù, Müller, São Paulo",  # bytes beyond ASCII
        "https://burraco.example.org/t/circolo-del-burraco-roma/campionato-sociale/",
        "",  # nothing at all still makes a symbol
    ],
)
def test_other_kinds_of_text_match_segno(data: str) -> None:
    _assert_same_symbol(data)


@pytest.mark.parametrize("address", _addresses(40, seed=18004))
def test_each_masks_penalty_is_segnos_score(address: str) -> None:
    """Not only the winner: all eight scores equal segno's `mask_scores` of the same symbol."""
    version, _error, bits = qr_masks._codeword_bits(address)
    layout, unmasked = qr_masks._unmasked(version, bits)
    line = layout.size + 2 * qr_masks._PAD
    for mask in layout.masks:
        symbol = (unmasked ^ mask).to_bytes(layout.length, "little")
        rows = tuple(
            bytearray(symbol[start + qr_masks._PAD : start + qr_masks._PAD + layout.size])
            for start in range(0, layout.rows_end, line)
        )
        expected = sum(qr_masks.encoder.mask_scores(rows, layout.size, layout.size))
        assert qr_masks._penalty(unmasked ^ mask, layout) == expected


def test_the_segno_switch_gives_the_same_symbol(monkeypatch: pytest.MonkeyPatch) -> None:
    address = _addresses(1, seed=7)[0]
    fast = qr_masks.qr_code(address)
    monkeypatch.setattr(qr_masks, "SEGNO_MASKS", True)
    assert qr_masks.qr_code(address) == fast


def test_a_reprint_of_500_slips_is_served_from_memory() -> None:
    qr_svg.cache_clear()
    addresses = _addresses(500, seed=500)
    first = [qr_svg(address, "Pair 1") for address in addresses]
    assert [qr_svg(address, "Pair 1") for address in addresses] == first
    info = qr_svg.cache_info()
    assert (info.hits, info.misses, info.currsize) == (500, 500, 500)
