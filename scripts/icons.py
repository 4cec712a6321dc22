"""Draw the web app icons (static/icons/*.png) from static/icons/icon.svg with Chromium:
`.venv/bin/python scripts/icons.py`. The PNGs are committed; run this only to change them.

icon-192.png and icon-512.png have rounded corners (purpose "any"); maskable-512.png is the
full square, its drawing inside the central circle every platform's mask keeps;
apple-touch-icon.png (180 px) is the square too, as iOS rounds it itself."""

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
SIZES = {
    "icon-192.png": (192, 0.1875),
    "icon-512.png": (512, 0.1875),
    "maskable-512.png": (512, 0.0),
    "apple-touch-icon.png": (180, 0.0),
}
"""File: (pixels, corner radius as a share of the side)."""


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox"]
        )
        for name, (size, corner) in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                "<style>html,body{margin:0;background:transparent}"
                f"div{{width:{size}px;height:{size}px;overflow:hidden;"
                f"border-radius:{corner * size}px}}svg{{width:100%;height:100%}}</style>"
                f"<div>{svg}</div>"
            )
            page.locator("div").screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
