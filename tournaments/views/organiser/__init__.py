"""The organiser's pages, under /organise/, every one scoped to their clubs: `setup`
(tournaments, pairs, publishing, the audit list), `rounds` (seating and the round board),
`entry` (the table page where deals are entered), `exports` (CSV and print pages) and
`seasons`."""
