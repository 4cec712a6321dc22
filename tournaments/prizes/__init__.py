"""Prizes and points: the pure engines a tournament's prize plan, the federation's points and a
circuit's ranking are computed with (plain dataclasses, no model: docs/architecture.md,
"Prizes and points")."""
