"""Italian dates with the month in lower case, as Italians write it (23 novembre 2026)."""

DATE_FORMAT = "j E Y"
SHORT_DATE_FORMAT = "d/m/Y"
DATETIME_FORMAT = "j E Y, H:i"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "."
NUMBER_GROUPING = 3
