"""The template fragments that differ by format (`PlayFormat.templates`)."""


class FormatTemplates:
    """Template fragments that differ by format, under templates/tournaments/formats/<slug>/."""

    def __init__(self, slug: str) -> None:
        self.slug = slug

    def __getitem__(self, name: str) -> str:
        return f"tournaments/formats/{self.slug}/{name}.html"
