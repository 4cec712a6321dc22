"""The club's rules of play, as pure Python over plain values (no queries, no Django request):
the two tournament formats (`formats`), what may be entered at a table (`entry`), how an engine
result becomes a stored row and back (`sides`), and how pairs and season rows are ranked
(`standings`). Services, selectors, the backup check and the pages all call these, so each rule
is written once."""
