"""Reading back the QR codes the pages draw (tournaments/qr.py), as a phone would: the `<svg>`
is parsed, its dark rectangles painted into a grayscale image, and the image decoded by
zxing-cpp, a QR reader that shares nothing with segno, which drew it."""

import re
import xml.etree.ElementTree as ET

import zxingcpp

SVG = "{http://www.w3.org/2000/svg}"
RUN = re.compile(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z")


def qr_svgs(page: str) -> list[str]:
    """Every `<svg class="qr" …>…</svg>` in a page, in order."""
    return re.findall(r'<svg class="qr"[^>]*>.*?</svg>', page, re.S)


def svg_modules(svg: str) -> list[list[bool]]:
    """The module grid the SVG paints (quiet zone included), True for dark. Fails on anything
    in the drawing it does not understand, so nothing is painted that this cannot read."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    x0, y0, width, height = (int(n) for n in root.attrib["viewBox"].split())
    assert (x0, y0) == (0, 0) and width == height
    assert "style" not in svg  # the CSP forbids inline styles: presentation attributes only
    background, path = list(root.iter(f"{SVG}rect")), list(root.iter(f"{SVG}path"))
    assert len(background) == 1 and background[0].attrib["fill"] == "#fff"
    assert (background[0].attrib["width"], background[0].attrib["height"]) == (str(width),) * 2
    assert len(path) == 1 and path[0].attrib["fill"] == "#000"
    d = path[0].attrib["d"]
    runs = RUN.findall(d)
    assert "".join(f"M{x} {y}h{w}v1h-{back}z" for x, y, w, back in runs) == d, "unread path"
    grid = [[False] * width for _ in range(height)]
    for x, y, w, back in runs:
        assert w == back
        for column in range(int(x), int(x) + int(w)):
            assert not grid[int(y)][column], "a module painted twice"
            grid[int(y)][column] = True
    return grid


def decode(grid: list[list[bool]], scale: int = 6) -> list[str]:
    """The text of every QR code a reader finds in the grid, painted `scale` pixels a module."""
    pixels = bytearray()
    for row in grid:
        line = b"".join((b"\x00" if dark else b"\xff") * scale for dark in row)
        pixels += line * scale
    size = len(grid) * scale
    image = memoryview(bytes(pixels)).cast("B", (size, size))
    found = zxingcpp.read_barcodes(
        image, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
    )
    return [barcode.text for barcode in found]


def decode_svg(svg: str) -> str:
    """The address a phone reads from this QR code's SVG (exactly one code in it)."""
    texts = decode(svg_modules(svg))
    assert len(texts) == 1, texts
    return texts[0]
