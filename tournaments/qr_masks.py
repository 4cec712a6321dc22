"""The QR symbol segno makes, with its best data mask found five to fifteen times faster.

`segno.make_qr` tries the eight data masks of ISO/IEC 18004 and keeps the one with the lowest
penalty score (7.8.3), scoring every module in pure Python: 95 % of the time the printed pair
slips took. Here segno still encodes (segments, version, padding, Reed-Solomon blocks: its own
functions, segno pinned in requirements.txt) and writes the format and version information;
this module interleaves the blocks, places the bits, applies the masks and scores them on whole
lines at once:

- the symbol is laid out once per version as bytes, one a module: every row, then every
  column, each between four padding bytes of 3 (neither light 0 nor dark 1), so runs and
  patterns never cross from one line to the next;
- a mask is one XOR of two big integers (the modules, and the mask's modules in the data
  region), one byte a module, little-endian;
- penalty rule 1 (runs of five or more: n - 2 points) counts windows of five equal modules with
  integer shifts, plus 2 for each run; rule 2 (2 x 2 blocks) is three equalities of shifted
  integers; rule 3 (1:1:3:1:1 with four light modules on a side) is `bytes.find`; rule 4 counts
  the dark modules' bits.

It scores exactly as segno 1.6.6 does (`encoder.mask_scores`), not as the textbook: format and
version areas and the dark module are still light when masks are scored, the symbol's edge
counts as light for rule 3, after a scored finder-like pattern the search goes on past it (a
pattern overlapping it is not scored) and ties go to the lower mask. tests/test_qr_fast.py
compares symbol, mask and every mask's score with segno's own on 2,000 private links and every
size to version 22; `SEGNO_MASKS = True` lets segno choose (bench/qr_codes.py times both).
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import chain, zip_longest
from operator import itemgetter
from typing import Any

from segno import encoder as segno_encoder

encoder: Any = segno_encoder
"""segno's encoder functions (not annotated), used as they are in `encoder.encode`."""

ERROR_CORRECTION = "m"
"""About 15 % of the symbol may be unreadable and it still scans."""
SEGNO_MASKS = False
"""True: segno chooses the mask itself (slower, the same symbol); for benchmarks only."""

_PAD = 4
"""Padding modules (value 3) each side of a row or column of the layout."""
_FINDER_LIKE = b"\x01\x00\x01\x01\x01\x00\x01"
_DATA = 2
_BITS = bytes.maketrans(b"01", b"\x00\x01")
"""segno's value for a module of the encoding region before the codewords are placed."""


@dataclass(frozen=True)
class _Layout:
    """Where every module of one QR version sits in the layout of rows then columns."""

    size: int
    data_modules: int
    """Codeword bits and remainder bits (light) in the symbol."""
    length: int
    """Bytes in the layout: 2 x size lines of size + 2 x _PAD bytes."""
    gather: Callable[[bytes], tuple[int, ...]]
    """From codeword bits + b"\\x00\\x01\\x03" to the unmasked layout, byte by byte."""
    masks: tuple[int, ...]
    """The eight masks as integers (little-endian, one byte a module, data region only)."""
    pairs: int
    """Bit 0 of each byte whose module has a next module on its line (rule 1)."""
    row_cells: int
    """Bit 0 of each byte of a module in the rows (rule 4)."""
    block_cells: int
    """Bit 0 of each byte whose module is the top left of a possible 2 x 2 block (rule 2)."""
    rows_end: int
    """Where the columns begin in the layout."""


def _placement(size: int, function: tuple[bytearray, ...]) -> list[tuple[int, int]]:
    """The data modules in the order segno places codeword bits (`encoder.add_codewords`)."""
    cells = []
    for right in range(size - 1, 0, -2):
        if right <= 6:
            right -= 1
        for vertical in range(size):
            for z in range(2):
                j = right - z
                upwards = ((right & 2) == 0) ^ (j < 6)
                i = (size - 1 - vertical) if upwards else vertical
                if function[i][j] == _DATA:
                    cells.append((i, j))
    return cells


@cache
def _layout(version: int) -> _Layout:
    size = encoder.calc_matrix_size(version)
    function = encoder.make_matrix(size, size)
    encoder.add_finder_patterns(function, size, size)
    encoder.add_alignment_patterns(function, size, size)
    cells = _placement(size, function)
    bits = len(cells)
    light, dark, pad = bits, bits + 1, bits + 2
    where = {cell: index for index, cell in enumerate(cells)}
    line = size + 2 * _PAD

    def source(i: int, j: int) -> int:
        if (i, j) in where:
            return where[(i, j)]
        return dark if function[i][j] == 1 else light

    order: list[int] = []
    for transposed in (False, True):
        for a in range(size):
            order += [pad] * _PAD
            order += [source(b, a) if transposed else source(a, b) for b in range(size)]
            order += [pad] * _PAD
    patterns = encoder.get_data_mask_functions(is_micro=False)
    masks = []
    for pattern in patterns:
        masked = bytearray(len(order))
        for offset, transposed in ((0, False), (size * line, True)):
            for a in range(size):
                for b in range(size):
                    i, j = (b, a) if transposed else (a, b)
                    if (i, j) in where and pattern(i, j):
                        masked[offset + a * line + _PAD + b] = 1
        masks.append(int.from_bytes(masked, "little"))
    pairs, in_rows, block = bytearray(len(order)), bytearray(size * line), bytearray(size * line)
    for a in range(2 * size):
        pairs[a * line + _PAD : a * line + _PAD + size - 1] = b"\x01" * (size - 1)
    for i in range(size):
        in_rows[i * line + _PAD : i * line + _PAD + size] = b"\x01" * size
        if i < size - 1:
            block[i * line + _PAD : i * line + _PAD + size - 1] = b"\x01" * (size - 1)
    return _Layout(
        size=size,
        data_modules=bits,
        length=len(order),
        gather=itemgetter(*order),
        masks=tuple(masks),
        pairs=int.from_bytes(pairs, "little"),
        row_cells=int.from_bytes(in_rows, "little"),
        block_cells=int.from_bytes(block, "little"),
        rows_end=size * line,
    )


def _penalty(masked: int, layout: _Layout) -> int:
    """segno's penalty score (N1 + N2 + N3 + N4) of a masked layout."""
    # bit 8p: module p is the colour of the next one on its line
    same = ~(masked ^ (masked >> 8)) & layout.pairs
    # rule 1: a run of n >= 5 scores n - 2, that is its n - 4 windows of five, plus 2
    five = same & (same >> 8) & (same >> 16) & (same >> 24)
    score = five.bit_count() + 2 * (five & ~(five << 8)).bit_count()
    # rule 2: a module the colour of its right, lower and lower right neighbours
    down = 8 * (layout.size + 2 * _PAD)
    rows = same & layout.block_cells
    score += 3 * (rows & (same >> down) & ~(masked ^ (masked >> down))).bit_count()
    # rule 3 as segno searches: after a scored pattern the search resumes past it
    symbol = masked.to_bytes(layout.length, "little")
    index = symbol.find(_FINDER_LIKE)
    while index != -1:
        after = index + 7
        if 1 not in symbol[index - 4 : index] or 1 not in symbol[after : after + 4]:
            score += 40
        else:
            after = index + 4
        index = symbol.find(_FINDER_LIKE, after)
    # rule 4: 10 points for every 5 % away from half the modules dark
    percent = float((masked & layout.row_cells).bit_count()) / (layout.size**2)
    return score + 10 * int(abs(percent * 100 - 50) / 5)


def _codeword_bits(data: str) -> tuple[int, int, bytes]:
    """(version, error level, codeword bits, one byte a bit) as `segno.make_qr(data,
    error="m", boost_error=False)` encodes them (`encoder.encode`, then `encoder._encode` up to
    the matrix; `make_final_message`'s interleaving without its remainder bits, all light)."""
    error = encoder.normalize_errorlevel(ERROR_CORRECTION, accept_none=True)
    segments = encoder.prepare_data(data, None, None)
    version = encoder.find_version(segments, error, eci=False, micro=False)
    buffer = encoder.Buffer()
    version_range = encoder.version_range(version)
    for segment in segments:
        encoder.write_segment(buffer, segment, None, version_range, False)
    capacity = encoder.consts.SYMBOL_CAPACITY[version][error]
    encoder.write_terminator(buffer, capacity, None, len(buffer))
    encoder.write_padding_bits(buffer, version, len(buffer))
    encoder.write_pad_codewords(buffer, version, capacity, len(buffer))
    data_blocks, error_blocks = encoder.make_blocks(encoder.consts.ECC[version][error], buffer)
    codewords = bytes(
        codeword
        for blocks in (data_blocks, error_blocks)
        for codeword in chain.from_iterable(zip_longest(*blocks))
        if codeword is not None
    )
    bits = format(int.from_bytes(codewords, "big"), f"0{8 * len(codewords)}b")
    return version, error, bits.encode().translate(_BITS)


def _unmasked(version: int, bits: bytes) -> tuple[_Layout, int]:
    """The version's layout, and the codeword bits placed in it (the remainder light)."""
    layout = _layout(version)
    modules = bits.ljust(layout.data_modules, b"\x00") + b"\x00\x01\x03"
    return layout, int.from_bytes(bytes(layout.gather(modules)), "little")


def qr_code(data: str) -> tuple[tuple[bytearray, ...], int]:
    """segno's symbol for `data` at level M (rows of 0 and 1, no quiet zone) and its mask."""
    if SEGNO_MASKS:
        code = encoder.encode(data, ERROR_CORRECTION, boost_error=False, micro=False)
        return code.matrix, code.mask
    version, error, bits = _codeword_bits(data)
    layout, unmasked = _unmasked(version, bits)
    best_score, best_mask = -1, 0
    for number, mask in enumerate(layout.masks):
        score = _penalty(unmasked ^ mask, layout)
        if best_score < 0 or score < best_score:
            best_score, best_mask = score, number
    best = (unmasked ^ layout.masks[best_mask]).to_bytes(layout.length, "little")
    line = layout.size + 2 * _PAD
    matrix = tuple(
        bytearray(best[start + _PAD : start + _PAD + layout.size])
        for start in range(0, layout.rows_end, line)
    )
    encoder.add_format_info(matrix, version, error, best_mask)
    encoder.add_version_info(matrix, version)
    return matrix, best_mask
