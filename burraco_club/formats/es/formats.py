"""Spanish numbers as Spanish clubs write scores: 1.520 (Django's default groups with a space)."""

DATE_FORMAT = "j \\d\\e F \\d\\e Y"
SHORT_DATE_FORMAT = "d/m/Y"
DATETIME_FORMAT = "j \\d\\e F \\d\\e Y \\a \\l\\a\\s H:i"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "."
NUMBER_GROUPING = 3
