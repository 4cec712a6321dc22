"""Open data: what a club's results give to the world outside its own pages. The read-only
JSON API (`api`), the organisers' API tokens, the webhooks that announce an evening's events to
a club's own services (`webhooks`), and the embeddable standings and "find your table" framed by
the club's own website (`embeds`). Every read goes through the selectors the pages and the CSV
files use, so the numbers are the same by construction."""
