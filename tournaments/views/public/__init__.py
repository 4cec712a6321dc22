"""The public pages, with no login: `pages` (a club's tournaments, standings, projector, pairs,
"find your table"), `exports` (the public standings file), `seasons` (the public season page);
`page_cache` shares a rendering among readers, `charts` draws the pair page's charts."""
