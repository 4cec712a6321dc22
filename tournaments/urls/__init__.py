"""URL maps: `public` (no login) and `organiser` (under /organise/)."""
