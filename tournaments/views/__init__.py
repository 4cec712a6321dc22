"""Views: short typed functions that read through selectors and write through services.
`organiser/` holds the organiser's pages (behind a login, scoped to their clubs), `public/` the
pages anyone may read."""
