"""Date expressions become half-open day ranges (DESIGN.md, Semantics table, "Date" row)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from queryweaver.dates import combine_date_filters, parse_date_expression
from queryweaver.errors import DateExpressionError, QueryWeaverError
from queryweaver.items import DateRange

TODAY = date(2026, 2, 15)  # a Sunday; the week is Monday 2026-02-09 .. Sunday 2026-02-15


def days(start: str | None, end: str | None) -> DateRange:
    """Expected range from ISO strings; ``end`` is exclusive, None is unbounded."""
    return DateRange(date.fromisoformat(start) if start else None, date.fromisoformat(end) if end else None)


# (expression, op, start, end-exclusive), all read with today = 2026-02-15.
CASES = [
    # full dates in common spellings
    ("January 10, 2025", "=", "2025-01-10", "2025-01-11"),
    ("Jan 10 2025", "=", "2025-01-10", "2025-01-11"),
    ("Jan. 10, 2025", "=", "2025-01-10", "2025-01-11"),
    ("10 January 2025", "=", "2025-01-10", "2025-01-11"),
    ("2025-01-10", "=", "2025-01-10", "2025-01-11"),
    ("2025/1/10", "=", "2025-01-10", "2025-01-11"),
    ("01/10/2025", "=", "2025-01-10", "2025-01-11"),  # US month/day/year
    ("1-10-2025", "=", "2025-01-10", "2025-01-11"),
    ("10th of January 2025", "=", "2025-01-10", "2025-01-11"),
    ("the 10th of January, 2025", "=", "2025-01-10", "2025-01-11"),
    ("Jan 10th, 2025", "=", "2025-01-10", "2025-01-11"),
    ("on Feb 2, 2026", "=", "2026-02-02", "2026-02-03"),
    ("Monday, January 5, 2026", "=", "2026-01-05", "2026-01-06"),
    ("2025-01-10T23:30:00-05:00", "=", "2025-01-10", "2025-01-11"),  # the date as written
    ("2025-01-10 09:30", "=", "2025-01-10", "2025-01-11"),
    # year-less days: most recent occurrence not after today
    ("January 10", "=", "2026-01-10", "2026-01-11"),
    ("February 15", "=", "2026-02-15", "2026-02-16"),
    ("February 16", "=", "2025-02-16", "2025-02-17"),
    ("March 3", "=", "2025-03-03", "2025-03-04"),
    ("3rd of March", "=", "2025-03-03", "2025-03-04"),
    ("February 29", "=", "2024-02-29", "2024-03-01"),
    # weekdays
    ("Monday", "=", "2026-02-09", "2026-02-10"),
    ("on Saturday", "=", "2026-02-14", "2026-02-15"),
    ("Sunday", "=", "2026-02-15", "2026-02-16"),  # today is a Sunday: not after today includes today
    ("last Sunday", "=", "2026-02-08", "2026-02-09"),  # strictly before today
    ("last Monday", "=", "2026-02-09", "2026-02-10"),
    ("this Monday", "=", "2026-02-09", "2026-02-10"),
    ("next Monday", "=", "2026-02-16", "2026-02-17"),
    ("next Sunday", "=", "2026-02-22", "2026-02-23"),
    ("last Fri", "=", "2026-02-13", "2026-02-14"),
    # month and year
    ("February 2026", "=", "2026-02-01", "2026-03-01"),
    ("Feb 2026", "=", "2026-02-01", "2026-03-01"),
    ("02/2026", "=", "2026-02-01", "2026-03-01"),
    ("2026-02", "=", "2026-02-01", "2026-03-01"),
    ("December 2024", "=", "2024-12-01", "2025-01-01"),
    ("2024-02", "=", "2024-02-01", "2024-03-01"),
    # bare months: most recent occurrence not after today
    ("February", "=", "2026-02-01", "2026-03-01"),
    ("in Feb", "=", "2026-02-01", "2026-03-01"),
    ("In February?", "=", "2026-02-01", "2026-03-01"),
    ("during January", "=", "2026-01-01", "2026-02-01"),
    ("March", "=", "2025-03-01", "2025-04-01"),
    ("December", "=", "2025-12-01", "2026-01-01"),
    ("last March", "=", "2025-03-01", "2025-04-01"),
    ("last January", "=", "2026-01-01", "2026-02-01"),
    ("last February", "=", "2025-02-01", "2025-03-01"),
    ("this March", "=", "2026-03-01", "2026-04-01"),
    ("next March", "=", "2026-03-01", "2026-04-01"),
    ("next January", "=", "2027-01-01", "2027-02-01"),
    # years and quarters
    ("2025", "=", "2025-01-01", "2026-01-01"),
    ("in 2025", "=", "2025-01-01", "2026-01-01"),
    ("Q1 2025", "=", "2025-01-01", "2025-04-01"),
    ("2024 Q4", "=", "2024-10-01", "2025-01-01"),
    # named days
    ("today", "=", "2026-02-15", "2026-02-16"),
    ("TODAY.", "=", "2026-02-15", "2026-02-16"),
    ("yesterday", "=", "2026-02-14", "2026-02-15"),
    ("tomorrow", "=", "2026-02-16", "2026-02-17"),
    ("the day before yesterday", "=", "2026-02-13", "2026-02-14"),
    # calendar units (weeks start on Monday)
    ("this week", "=", "2026-02-09", "2026-02-16"),
    ("last week", "=", "2026-02-02", "2026-02-09"),
    ("previous week", "=", "2026-02-02", "2026-02-09"),
    ("next week", "=", "2026-02-16", "2026-02-23"),
    ("this month", "=", "2026-02-01", "2026-03-01"),
    ("last month", "=", "2026-01-01", "2026-02-01"),
    ("in the last month", "=", "2026-01-01", "2026-02-01"),
    ("next month", "=", "2026-03-01", "2026-04-01"),
    ("this year", "=", "2026-01-01", "2027-01-01"),
    ("last year", "=", "2025-01-01", "2026-01-01"),
    ("next year", "=", "2027-01-01", "2028-01-01"),
    ("week of March 3, 2025", "=", "2025-03-03", "2025-03-10"),
    ("the week of Wednesday, March 5, 2025", "=", "2025-03-03", "2025-03-10"),
    # rolling windows: [today - N units, today], both ends inclusive
    ("past 3 months", "=", "2025-11-15", "2026-02-16"),
    ("in the past 3 months", "=", "2025-11-15", "2026-02-16"),
    ("last 3 months", "=", "2025-11-15", "2026-02-16"),
    ("past 10 days", "=", "2026-02-05", "2026-02-16"),
    ("the past week", "=", "2026-02-08", "2026-02-16"),
    ("this past week", "=", "2026-02-08", "2026-02-16"),
    ("the past month", "=", "2026-01-15", "2026-02-16"),
    ("the past year", "=", "2025-02-15", "2026-02-16"),
    ("the last few days", "=", "2026-02-12", "2026-02-16"),
    ("past couple of weeks", "=", "2026-02-01", "2026-02-16"),
    ("within the last two years", "=", "2024-02-15", "2026-02-16"),
    ("next 2 weeks", "=", "2026-02-15", "2026-03-02"),
    ("the next three days", "=", "2026-02-15", "2026-02-19"),
    # N units ago: the day / week / month / year that far back
    ("3 days ago", "=", "2026-02-12", "2026-02-13"),
    ("a week ago", "=", "2026-02-02", "2026-02-09"),
    ("2 weeks ago", "=", "2026-01-26", "2026-02-02"),
    ("a month ago", "=", "2026-01-01", "2026-02-01"),
    ("a couple of months ago", "=", "2025-12-01", "2026-01-01"),
    ("a couple months ago", "=", "2025-12-01", "2026-01-01"),
    ("a few months ago", "=", "2025-11-01", "2025-12-01"),
    ("three months ago", "=", "2025-11-01", "2025-12-01"),
    ("14 months ago", "=", "2024-12-01", "2025-01-01"),
    ("a year ago", "=", "2025-01-01", "2026-01-01"),
    ("2 years ago", "=", "2024-01-01", "2025-01-01"),
    # parts of a month or year
    ("early March 2025", "=", "2025-03-01", "2025-03-11"),
    ("mid-March 2025", "=", "2025-03-11", "2025-03-21"),
    ("mid March 2025", "=", "2025-03-11", "2025-03-21"),
    ("late March 2025", "=", "2025-03-21", "2025-04-01"),
    ("late Feb 2024", "=", "2024-02-21", "2024-03-01"),
    ("early January", "=", "2026-01-01", "2026-01-11"),
    ("early last month", "=", "2026-01-01", "2026-01-11"),
    ("early 2025", "=", "2025-01-01", "2025-05-01"),
    ("mid 2025", "=", "2025-05-01", "2025-09-01"),
    ("late 2025", "=", "2025-09-01", "2026-01-01"),
    # ranges, both ends inclusive
    ("from May to July 2025", "=", "2025-05-01", "2025-08-01"),
    ("May-July 2025", "=", "2025-05-01", "2025-08-01"),
    ("May – July 2025", "=", "2025-05-01", "2025-08-01"),
    ("May through July 2025", "=", "2025-05-01", "2025-08-01"),
    ("between March and May", "=", "2025-03-01", "2025-06-01"),
    ("between January and March", "=", "2025-01-01", "2025-04-01"),  # one stretch, ending last March
    ("between December and February", "=", "2025-12-01", "2026-03-01"),
    ("from November to February 2026", "=", "2025-11-01", "2026-03-01"),
    ("from January 5 to January 10, 2025", "=", "2025-01-05", "2025-01-11"),
    ("Jan 5 - Jan 10 2025", "=", "2025-01-05", "2025-01-11"),
    ("Jan 5-10, 2025", "=", "2025-01-05", "2025-01-11"),
    ("from Dec 20 to Jan 5", "=", "2025-12-20", "2026-01-06"),
    ("from Monday to Wednesday", "=", "2026-02-09", "2026-02-12"),
    ("from 2023 to 2024", "=", "2023-01-01", "2025-01-01"),
    ("2025-01-10 - 2025-01-15", "=", "2025-01-10", "2025-01-16"),
    ("2025-01 - 2025-03", "=", "2025-01-01", "2025-04-01"),
    ("from yesterday to tomorrow", "=", "2026-02-14", "2026-02-17"),
    ("from January 2025", "=", "2025-01-01", "2025-02-01"),  # "from X" alone is X itself
    # bounds in the text: before = < start of X; after/since = >= start of X; until = <= end of X
    ("before March 2025", "=", None, "2025-03-01"),
    ("prior to March 3, 2025", "=", None, "2025-03-03"),
    ("earlier than 2025", "=", None, "2025-01-01"),
    ("before last week", "=", None, "2026-02-02"),
    ("after March 2025", "=", "2025-03-01", None),
    ("after Monday", "=", "2026-02-09", None),
    ("since January", "=", "2026-01-01", None),
    ("since yesterday", "=", "2026-02-14", None),
    ("later than 2024", "=", "2024-01-01", None),
    ("on or after March 3, 2025", "=", "2025-03-03", None),
    ("starting March 3, 2025", "=", "2025-03-03", None),
    ("from March onward", "=", "2025-03-01", None),
    ("from March 2025 onwards", "=", "2025-03-01", None),
    ("March 2025 or later", "=", "2025-03-01", None),
    ("until March 2025", "=", None, "2025-04-01"),
    ("till March 3, 2025", "=", None, "2025-03-04"),
    ("up to last week", "=", None, "2026-02-09"),
    ("on or before 2025-03-03", "=", None, "2025-03-04"),
    ("2024 or earlier", "=", None, "2025-01-01"),
    ("before from May to July 2025", "=", None, "2025-05-01"),
    # the graph operator: ">" on or after the start of X, "<" before the start of X
    ("July 2025", "<", None, "2025-07-01"),
    ("July 2025", ">", "2025-07-01", None),
    ("07/2025", "<", None, "2025-07-01"),
    ("2025-07-04", ">", "2025-07-04", None),
    ("last month", ">", "2026-01-01", None),
    ("past 3 months", ">", "2025-11-15", None),
    ("from May to July 2025", "<", None, "2025-05-01"),
    ("before July 2025", "<", None, "2025-07-01"),  # agrees with the operator
    ("after July 2025", ">", "2025-07-01", None),
    ("since July 2025", ">", "2025-07-01", None),
    ("until July 2025", "<", None, "2025-08-01"),  # agrees in direction; the text's own bound is kept
]


@pytest.mark.parametrize("text, op, start, end", CASES)
def test_expression_reads_as_days(text, op, start, end):
    assert parse_date_expression(text, op, today=TODAY) == days(start, end)


# (today, expression, op, start, end-exclusive): year boundaries and other weekdays.
OTHER_TODAYS = [
    (date(2026, 1, 3), "last month", "=", "2025-12-01", "2026-01-01"),
    (date(2026, 1, 3), "last week", "=", "2025-12-22", "2025-12-29"),  # today is a Saturday
    (date(2026, 1, 3), "this week", "=", "2025-12-29", "2026-01-05"),
    (date(2026, 1, 3), "last year", "=", "2025-01-01", "2026-01-01"),
    (date(2026, 1, 3), "December", "=", "2025-12-01", "2026-01-01"),
    (date(2026, 1, 3), "January", "=", "2026-01-01", "2026-02-01"),
    (date(2026, 1, 3), "last January", "=", "2025-01-01", "2025-02-01"),
    (date(2026, 1, 3), "December 31", "=", "2025-12-31", "2026-01-01"),
    (date(2026, 1, 3), "yesterday", "=", "2026-01-02", "2026-01-03"),
    (date(2026, 1, 3), "past 3 days", "=", "2025-12-31", "2026-01-04"),
    (date(2026, 1, 3), "a month ago", "=", "2025-12-01", "2026-01-01"),
    (date(2026, 1, 3), "from November to January", "=", "2025-11-01", "2026-02-01"),
    (date(2026, 1, 3), "last Saturday", "=", "2025-12-27", "2025-12-28"),
    (date(2026, 1, 3), "Saturday", "=", "2026-01-03", "2026-01-04"),
    (date(2025, 12, 31), "next month", "=", "2026-01-01", "2026-02-01"),
    (date(2025, 12, 31), "next week", "=", "2026-01-05", "2026-01-12"),
    (date(2025, 12, 31), "tomorrow", "=", "2026-01-01", "2026-01-02"),
    (date(2026, 2, 16), "last Monday", "=", "2026-02-09", "2026-02-10"),  # a Monday: strictly before
    (date(2026, 2, 16), "Monday", "=", "2026-02-16", "2026-02-17"),
    (date(2025, 5, 31), "past 3 months", "=", "2025-02-28", "2025-06-01"),  # month ends clamp
    (date(2025, 3, 31), "a month ago", "=", "2025-02-01", "2025-03-01"),
]


@pytest.mark.parametrize("today, text, op, start, end", OTHER_TODAYS)
def test_expression_depends_on_today(today, text, op, start, end):
    assert parse_date_expression(text, op, today=today) == days(start, end)


# (expression, op, words the message must contain besides the quoted expression)
ERRORS = [
    ("soonish", "=", "like 'March 3, 2025'"),
    ("", "=", "empty"),
    ("   ", "=", "empty"),
    ("the blue meeting", "=", "like 'last week'"),
    ("meeting on Monday", "=", "like 'last week'"),
    ("Monday meeting", "=", "like 'last week'"),
    ("recently", "=", "like 'last week'"),
    ("10", "=", "like 'March 3, 2025'"),
    ("1/10", "=", "like 'March 3, 2025'"),
    ("March 2025 maybe", "=", "like 'February 2026'"),
    ("2025-13-45", "=", "not a real date"),
    ("2025-02-30", "=", "not a real date"),
    ("February 30", "=", "not a real date"),
    ("13/2025", "=", "no month 13"),
    ("Tuesday, January 5, 2026", "=", "is a Monday, not a Tuesday"),
    ("from July 2025 to May 2025", "=", "ends"),
    ("several weeks ago", "=", "not a number"),
    ("the past several days", "=", "not a number"),
    ("last summer", "=", "name the months"),
    ("early Monday", "=", "month or a year"),
    ("after March 2025", "<", "contradicts"),
    ("since March 2025", "<", "contradicts"),
    ("before March 2025", ">", "contradicts"),
    ("until March 2025", ">", "contradicts"),
    ("after March or earlier", "=", "keep one"),
    ("March 2025", ">=", "use '=', '>' or '<'"),
]


@pytest.mark.parametrize("text, op, words", ERRORS)
def test_unreadable_expression_says_so(text, op, words):
    with pytest.raises(DateExpressionError) as caught:
        parse_date_expression(text, op, today=TODAY)
    message = str(caught.value)
    assert f"'{text.strip()}'" in message
    assert words in message


def test_date_errors_are_shown_like_every_other_error():
    """The CLI prints any QueryWeaverError as one line; a bad date must be one of them."""
    with pytest.raises(QueryWeaverError):
        parse_date_expression("whenever", today=TODAY)


def test_today_may_be_given_as_a_datetime():
    assert parse_date_expression("yesterday", today=datetime(2026, 2, 15, 23, 59)) == days(
        "2026-02-14", "2026-02-15"
    )


def test_op_defaults_to_within():
    assert parse_date_expression("February 2026", today=TODAY) == days("2026-02-01", "2026-03-01")


def test_today_is_required_so_results_never_depend_on_the_clock():
    with pytest.raises(TypeError):
        parse_date_expression("today")  # type: ignore[call-arg]


# ------------------------------------------------------------------------------ combine_date_filters


def test_filters_on_one_date_intersect():
    got = combine_date_filters([(">", "January 2025"), ("<", "March 2025")], today=TODAY)
    assert got == days("2025-01-01", "2025-03-01")
    assert str(got) == "2025-01-01 to 2025-02-28"


def test_equal_filter_narrowed_by_a_bound():
    got = combine_date_filters([("=", "2025"), (">", "since June 2025")], today=TODAY)
    assert got == days("2025-06-01", "2026-01-01")


def test_no_filters_keep_every_day():
    assert combine_date_filters([], today=TODAY) == DateRange(None, None)


def test_filters_that_exclude_each_other_are_refused():
    with pytest.raises(DateExpressionError) as caught:
        combine_date_filters([(">", "March 2025"), ("<", "January 2025")], today=TODAY)
    message = str(caught.value)
    assert "'March 2025'" in message and "'January 2025'" in message


def test_one_unreadable_filter_spoils_the_combination():
    with pytest.raises(DateExpressionError, match="'soonish'"):
        combine_date_filters([(">", "January 2025"), ("<", "soonish")], today=TODAY)


@pytest.mark.parametrize("op, text", [(">", "9999-12-31"), ("=", "9999-12-31"), ("=", "December 9999"),
                                      ("<", "0001-01-01"), ("=", "after 9999-12-31")])
def test_dates_at_the_ends_of_the_calendar_are_a_clear_error_not_an_overflow(op, text):
    try:  # a range, or a clear error; never an OverflowError traceback
        parse_date_expression(text, op, today=TODAY)
    except DateExpressionError as exc:
        assert "edge of the calendar" in str(exc) or "cannot read" in str(exc)
