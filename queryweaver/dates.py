"""Date expressions, as a user or the LLM wrote them, turned into half-open ranges of days.

A filter on a Date variable carries text ("in February", "last week", "before March 3, 2025") and an
operator. ``parse_date_expression`` reads the text with a small hand-written grammar and returns a
``DateRange`` ``[start, end)``. Nothing is guessed: text that does not fit the grammar raises
``DateExpressionError`` quoting it, so "the blue meeting" never becomes today's date. dateutil supplies
the calendar arithmetic (``relativedelta``) and the ISO timestamp reader; the grammar itself is ours.

What the grammar reads (case-insensitive; leading "in", "on", "during", "at", "within", "the" and
trailing punctuation are ignored):

    days        "January 10, 2025", "Jan 10th 2025", "10th of January 2025", "Monday, Jan 5, 2026",
                "2025-01-10", "2025-01-10T09:30:00Z" (the date as written), "01/10/2025" (US order)
    year-less   "January 10", "Monday", "February": the most recent occurrence not after today
    months      "February 2026", "Feb 2026", "02/2026", "2026-02"
    years       "2025"; quarters "Q1 2025"
    parts       "early/mid/late March 2025": days 1-10 / 11-20 / 21-end; of a year: Jan-Apr / May-Aug / Sep-Dec
    named       "today", "yesterday", "tomorrow", "the day before yesterday", "the day after tomorrow"
    calendar    "this/last/next week|month|year" (weeks run Monday to Sunday); "week of March 3, 2025"
    weekdays    "last Monday" (strictly before today), "this Monday" (this week's), "next Monday"
                (strictly after today); months likewise: "last March" = the latest March before this month
    rolling     "past 3 months", "last 10 days", "the past week", "the last few days": from the same day
                N units ago through today, i.e. [today - N units, today + 1 day); "next 2 weeks" mirrors it
                from today forward. "last week" with no number is the calendar week, "past week" the window.
    ago         "3 days ago" (that day), "2 weeks ago" (that Monday-Sunday week), "a month ago" (that
                calendar month), "a year ago" (that calendar year)
    quantities  digits, "one".."twelve", "a"/"an" = 1, "a couple (of)" = 2, "a few" = 3. "several", "some"
                and "many" are refused: they name no number, so the error asks for one.
    ranges      "from May to July 2025", "between March and May", "May-July 2025", "Jan 5 - Jan 10 2025",
                "Jan 5-10, 2025": both ends inclusive. A start without a year takes the latest occurrence
                not after the end ("from November to February 2026" starts in November 2025).
                "from X" alone means X itself ("emails from 2025").
    bounds      "before X", "prior to X", "earlier than X": before the start of X.
                "after X", "since X", "later than X", "on or after X", "starting X", "from X onward(s)",
                "X or later": on or after the start of X (DESIGN.md: "after Monday" includes Monday).
                "until X", "till X", "through X", "up to X", "on or before X", "no later than X",
                "X or earlier": up to and including the end of X ("until March" includes all of March).

Seasons ("last summer", refused with a hint to name the months), times of day and fuzzy words
("recently", "soonish") are not read.
"""

from __future__ import annotations

import datetime as dt
import enum
import re
from collections.abc import Callable, Iterable

from dateutil.relativedelta import relativedelta

from .errors import DateExpressionError
from .items import DateRange

__all__ = ["parse_date_expression", "combine_date_filters"]

UNDERSTOOD = (
    "write a date like 'March 3, 2025', a month like 'February 2026', "
    "or a relative one like 'last week' or 'past 3 months'"
)

OPERATORS = ("=", ">", "<")

MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
    "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
    "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}
WEEKDAYS = {
    "monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2, "wed": 2,
    "thursday": 3, "thu": 3, "thur": 3, "thurs": 3, "friday": 4, "fri": 4, "saturday": 5, "sat": 5,
    "sunday": 6, "sun": 6,
}
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}
VAGUE_QUANTITIES = ("several", "some", "many")

_MONTH = "(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + ")"
_WEEKDAY = "(" + "|".join(sorted(WEEKDAYS, key=len, reverse=True)) + ")"
_QTY = r"(\d+|(?:a )?couple(?: of)?|(?:a )?few|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + ")"
_UNIT = r"(day|week|month|year)s?"
_ORDINAL = r"(\d{1,2})(?:st|nd|rd|th)?"

# Words that carry no meaning in front of a date ("in February", "during the past week").
_FILLERS = ("in", "on", "during", "at", "within", "the")


class _Bound(enum.Enum):
    """Which part of the expression's span a filter keeps."""

    WITHIN = "within"  # the span itself
    FROM = "on or after"  # [start, ...)
    BEFORE = "before"  # [..., start)
    THROUGH = "up to and including"  # [..., end)


# Longest first, so "on or after" wins over "after".
_BOUND_PREFIXES: tuple[tuple[str, _Bound], ...] = (
    ("on or after", _Bound.FROM), ("no earlier than", _Bound.FROM), ("not before", _Bound.FROM),
    ("starting from", _Bound.FROM), ("starting on", _Bound.FROM), ("starting", _Bound.FROM),
    ("later than", _Bound.FROM), ("after", _Bound.FROM), ("since", _Bound.FROM),
    ("prior to", _Bound.BEFORE), ("earlier than", _Bound.BEFORE), ("before", _Bound.BEFORE),
    ("on or before", _Bound.THROUGH), ("no later than", _Bound.THROUGH), ("not after", _Bound.THROUGH),
    ("up until", _Bound.THROUGH), ("up to", _Bound.THROUGH), ("until", _Bound.THROUGH),
    ("till", _Bound.THROUGH), ("til", _Bound.THROUGH), ("through", _Bound.THROUGH), ("thru", _Bound.THROUGH),
)
_BOUND_SUFFIXES: tuple[tuple[str, _Bound], ...] = (
    ("onwards", _Bound.FROM), ("onward", _Bound.FROM), ("or later", _Bound.FROM), ("and later", _Bound.FROM),
    ("or after", _Bound.FROM), ("and after", _Bound.FROM),
    ("or earlier", _Bound.THROUGH), ("and earlier", _Bound.THROUGH), ("or before", _Bound.THROUGH),
    ("and before", _Bound.THROUGH),
)


class _Unreadable(Exception):
    """A shape the grammar knows but a value it rejects (month 13, February 30). Carries the reason."""


# ---------------------------------------------------------------------------------------------- public


def parse_date_expression(text: str, op: str = "=", *, today: dt.date) -> DateRange:
    """The days a Date filter ``op text`` keeps, as a half-open ``DateRange``.

    ``op`` "=" keeps the span the text denotes, ">" keeps days on or after its start, "<" days before its
    start. Bound words in the text ("before X", "since X", "until X") apply under "="; under ">" or "<"
    they must point the same way as the operator (then the text's own bound is used, so "<" with
    "until March" keeps March), otherwise the filter contradicts itself and is refused.
    """
    if op not in OPERATORS:
        raise DateExpressionError(f"unknown date operator '{op}' for '{text}'; use '=', '>' or '<'")
    today = today.date() if isinstance(today, dt.datetime) else today
    shown = str(text).strip()
    phrase = _normalize(shown)
    if not phrase:
        raise DateExpressionError(f"cannot read the date '{shown}': it is empty; {UNDERSTOOD}")
    bound, word, body = _split_bound(phrase, shown)
    try:
        span = _read_span(body, today)
        if span is None:
            raise DateExpressionError(f"cannot read the date '{shown}'; {UNDERSTOOD}")
        return _apply(op, bound, word, span, shown)
    except _Unreadable as exc:
        raise DateExpressionError(f"cannot read the date '{shown}': {exc}") from None
    except (OverflowError, ValueError) as exc:  # a day at the calendar's ends has no day after (or before) it
        if isinstance(exc, OverflowError) or "out of range" in str(exc):
            raise DateExpressionError(f"the date '{shown}' is at the edge of the calendar; use a date between the "
                                      f"years 1 and 9998") from None
        raise DateExpressionError(f"cannot read the date '{shown}': {exc}") from None


def combine_date_filters(filters: Iterable[tuple[str, str]], *, today: dt.date) -> DateRange:
    """The days every ``(op, text)`` filter on one Date variable keeps (their intersection).

    No filters keep every day. Filters that exclude each other ("> March 2025" with "< January 2025")
    are refused rather than silently matching nothing, since that is almost always a misread question.
    """
    filters = list(filters)
    result = DateRange(None, None)
    for op, text in filters:
        result = result.intersect(parse_date_expression(text, op, today=today))
    if result.empty:
        described = " and ".join(f"{op} '{text}'" for op, text in filters)
        raise DateExpressionError(
            f"the date filters {described} leave no day between them; remove or correct one of them"
        )
    return result


# ------------------------------------------------------------------------------------- the phrase


def _normalize(text: str) -> str:
    """Lower case, single spaces, commas and stray punctuation gone, so the grammar sees one shape."""
    s = text.lower()
    s = re.sub(r"[\u2010-\u2015\u2212]", "-", s)  # typographic dashes
    s = re.sub(r"[\"'`\u2018\u2019\u201c\u201d()]", " ", s)
    s = s.replace(",", " ")
    s = re.sub(r"(?<=[a-z])\.", " ", s)  # "Jan. 10"
    s = re.sub(r"\b(early|mid|late)-", r"\1 ", s)  # "mid-March"
    s = re.sub(r"\s+", " ", s).strip()
    return s.rstrip(" .;:!?").strip()


def _strip_fillers(phrase: str) -> str:
    words = phrase.split(" ")
    while len(words) > 1 and words[0] in _FILLERS:
        words.pop(0)
    return " ".join(words)


def _split_bound(phrase: str, shown: str) -> tuple[_Bound, str, str]:
    """Peel a bound word ("before", "since", "... onwards") off the phrase; returns (bound, word, rest)."""
    bound, word, body = _Bound.WITHIN, "", phrase
    for prefix, kind in _BOUND_PREFIXES:
        if body.startswith(prefix + " "):
            bound, word, body = kind, prefix, body[len(prefix) + 1 :]
            break
    for suffix, kind in _BOUND_SUFFIXES:
        if body.endswith(" " + suffix):
            if bound not in (_Bound.WITHIN, kind):
                raise DateExpressionError(
                    f"the date '{shown}' says both '{word}' and '{suffix}'; keep one of them"
                )
            bound, word, body = kind, word or suffix, body[: -len(suffix) - 1]
            break
    return bound, word, body


def _apply(op: str, bound: _Bound, word: str, span: DateRange, shown: str) -> DateRange:
    """Combine the graph operator with the text's own bound word (see ``parse_date_expression``)."""
    if op == "=":
        return {
            _Bound.WITHIN: span,
            _Bound.FROM: DateRange(span.start, None),
            _Bound.BEFORE: DateRange(None, span.start),
            _Bound.THROUGH: DateRange(None, span.end),
        }[bound]
    if op == ">" and bound in (_Bound.WITHIN, _Bound.FROM):
        return DateRange(span.start, None)
    if op == "<" and bound in (_Bound.WITHIN, _Bound.BEFORE):
        return DateRange(None, span.start)
    if op == "<" and bound is _Bound.THROUGH:
        return DateRange(None, span.end)
    meaning = "on or after" if op == ">" else "before"
    raise DateExpressionError(
        f"the date filter '{op}' '{shown}' contradicts itself: '{op}' means {meaning} the date, "
        f"but the text says '{word}'; drop '{word}' from the text or use the operator '='"
    )


# ----------------------------------------------------------------------------------------- spans


def _read_span(phrase: str, today: dt.date) -> DateRange | None:
    """One span or a range of two ("from May to July 2025"); None when the grammar does not fit."""
    phrase = _strip_fillers(phrase)
    if phrase.startswith("between "):
        return _read_range(phrase[len("between ") :], today, connectors=r" and ")
    if phrase.startswith("from "):
        phrase = _strip_fillers(phrase[len("from ") :])
    single = _read_single(phrase, today, today)
    if single is not None:
        return single
    return _read_range(phrase, today, connectors=r" (?:to|until|till|through|thru) | ?- ?")


def _read_range(phrase: str, today: dt.date, connectors: str) -> DateRange | None:
    """Try each place the phrase could split into a start and an end; the first that reads wins.

    The end is read first; a start without its own year resolves against the end's last day, so
    "from May to July 2025" starts in May 2025 and "between March and May" reads as one spring.
    """
    problem: _Unreadable | None = None
    for match in re.finditer(connectors, phrase):
        first, last = phrase[: match.start()].strip(), phrase[match.end() :].strip()
        if not first or not last:
            continue
        try:
            end = _read_single(_strip_fillers(last), today, today)
            if end is None:
                continue
            start = _read_single(_strip_fillers(first), today, end.end - dt.timedelta(days=1))
        except _Unreadable as exc:
            problem = problem or exc
            continue
        if start is None:
            continue
        if start.start >= end.end:
            problem = problem or _Unreadable(f"the range ends ({end}) before it starts ({start})")
            continue
        return DateRange(start.start, end.end)
    if problem is not None:
        raise problem
    return None


def _read_single(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """One span. ``anchor`` resolves year-less dates (normally today; a range's end for its start)."""
    for reader in _READERS:
        span = reader(phrase, today, anchor)
        if span is not None:
            return span
    return None


# ----------------------------------------------------------------------------------- calendar helpers


def _day(d: dt.date) -> DateRange:
    return DateRange(d, d + dt.timedelta(days=1))


def _week(d: dt.date) -> DateRange:
    monday = d - dt.timedelta(days=d.weekday())
    return DateRange(monday, monday + dt.timedelta(days=7))


def _month(year: int, month: int) -> DateRange:
    start = _make_date(year, month, 1)
    return DateRange(start, start + relativedelta(months=1))


def _year(year: int) -> DateRange:
    return DateRange(_make_date(year, 1, 1), _make_date(year + 1, 1, 1))


def _make_date(year: int, month: int, day: int) -> dt.date:
    """A date, or ``_Unreadable`` naming what is wrong with it (month 13, February 30)."""
    try:
        return dt.date(year, month, day)
    except ValueError as exc:
        raise _Unreadable(f"it is not a real date ({exc})") from None


def _shift(d: dt.date, unit: str, n: int) -> dt.date:
    """``d`` moved by ``n`` days/weeks/months/years; month ends clamp (May 31 - 3 months = Feb 28)."""
    try:
        return d + relativedelta(**{unit + "s": n})
    except (OverflowError, ValueError):
        raise _Unreadable(f"{abs(n)} {unit}s is too far from today") from None


def _recent_month(month: int, anchor: dt.date) -> DateRange:
    """The latest ``month`` that has begun by ``anchor``."""
    return _month(anchor.year if month <= anchor.month else anchor.year - 1, month)


def _recent_day(month: int, day: int, anchor: dt.date) -> DateRange:
    """The latest ``month day`` not after ``anchor`` (February 29 looks back to a leap year)."""
    _make_date(2000, month, day)  # refuses February 30 or April 31 before searching
    for year in range(anchor.year, dt.MINYEAR - 1, -1):
        try:
            candidate = dt.date(year, month, day)
        except ValueError:  # February 29 outside a leap year
            continue
        if candidate <= anchor:
            return _day(candidate)
    raise _Unreadable("it falls before the first year the calendar knows")


def _quantity(word: str) -> int:
    word = word.removeprefix("a ").removesuffix(" of")
    if word.isdigit():
        return int(word)
    return {"couple": 2, "few": 3}.get(word) or NUMBER_WORDS[word]


# ----------------------------------------------------------------------------------------- readers
# Each reader takes (phrase, today, anchor) and returns a DateRange, None when the phrase is not its
# shape, or raises _Unreadable when it is its shape but an impossible value.


def _read_named_day(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    offsets = {
        "today": 0, "yesterday": -1, "tomorrow": 1,
        "day before yesterday": -2, "day after tomorrow": 2,
    }
    if phrase in offsets:
        return _day(today + dt.timedelta(days=offsets[phrase]))
    return None


def _read_numeric(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """ISO and US numeric forms; day-month-year with slashes is read as US month/day/year."""
    if m := re.fullmatch(r"(\d{4})[-/](\d{1,2})[-/](\d{1,2})", phrase):
        return _day(_make_date(int(m[1]), int(m[2]), int(m[3])))
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}\S*", phrase):
        from dateutil.parser import isoparse  # here only: dateutil's parser module is slow to import

        try:
            return _day(isoparse(phrase.replace(" ", "T", 1)).date())
        except ValueError as exc:
            raise _Unreadable(f"it is not a valid timestamp ({exc})") from None
    if m := re.fullmatch(r"(\d{1,2})[-/](\d{1,2})[-/](\d{4})", phrase):
        return _day(_make_date(int(m[3]), int(m[1]), int(m[2])))
    if m := re.fullmatch(r"(\d{4})[-/](\d{1,2})", phrase):
        return _month(int(m[1]), _valid_month(int(m[2])))
    if m := re.fullmatch(r"(\d{1,2})[-/](\d{4})", phrase):
        return _month(int(m[2]), _valid_month(int(m[1])))
    return None


def _valid_month(month: int) -> int:
    if not 1 <= month <= 12:
        raise _Unreadable(f"there is no month {month}")
    return month


def _read_words(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """Dates spelled with a month name: "Jan 10th 2025", "10 of January", "Monday, Jan 5, 2026", "2025"."""
    tokens = [t for t in phrase.split(" ") if t not in ("of", "the")]
    weekday = None
    if len(tokens) > 1 and tokens[0] in WEEKDAYS:
        weekday = WEEKDAYS[tokens.pop(0)]
    shape, values = "", []
    for token in tokens:
        if token in MONTHS:
            shape, values = shape + "M", values + [MONTHS[token]]
        elif re.fullmatch(r"\d{4}", token):
            shape, values = shape + "Y", values + [int(token)]
        elif m := re.fullmatch(_ORDINAL, token):
            shape, values = shape + "D", values + [int(m[1])]
        else:
            return None
    span = _words_span(shape, values, anchor)
    if span is not None and weekday is not None:
        _check_weekday(span, weekday)
    return span


def _words_span(shape: str, v: list[int], anchor: dt.date) -> DateRange | None:
    if shape == "Y":
        return _year(v[0])
    if shape == "M":
        return _recent_month(v[0], anchor)
    if shape == "MY":
        return _month(v[1], v[0])
    if shape == "MD":
        return _recent_day(v[0], v[1], anchor)
    if shape == "DM":
        return _recent_day(v[1], v[0], anchor)
    if shape == "MDY":
        return _day(_make_date(v[2], v[0], v[1]))
    if shape == "DMY":
        return _day(_make_date(v[2], v[1], v[0]))
    return None


def _check_weekday(span: DateRange, weekday: int) -> None:
    """"Monday, January 6, 2026" names two different days; say so instead of picking one."""
    if span.end - span.start != dt.timedelta(days=1):
        raise _Unreadable("a weekday only goes with a single day")
    if span.start.weekday() != weekday:
        actual = WEEKDAY_NAMES[span.start.weekday()]
        raise _Unreadable(f"{span.start.isoformat()} is a {actual}, not a {WEEKDAY_NAMES[weekday]}")


def _read_day_span(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """Days of one month: "Jan 5-10, 2025"."""
    m = re.fullmatch(rf"{_MONTH} {_ORDINAL} ?- ?{_ORDINAL}(?: (\d{{4}}))?", phrase)
    if not m:
        return None
    month, first, last = MONTHS[m[1]], int(m[2]), int(m[3])
    if m[4]:
        end = _day(_make_date(int(m[4]), month, last))
    else:
        end = _recent_day(month, last, anchor)
    start = _make_date(end.start.year, month, first)
    if start > end.start:
        raise _Unreadable(f"the range ends on day {last} before it starts on day {first}")
    return DateRange(start, end.end)


def _read_calendar_unit(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"this week", "last month", "next year": whole calendar units around today."""
    m = re.fullmatch(r"(this|current|last|previous|next|coming) (week|month|year)", phrase)
    if not m:
        return None
    step = {"this": 0, "current": 0, "last": -1, "previous": -1, "next": 1, "coming": 1}[m[1]]
    return _unit_around(_shift(today, m[2], step), m[2])


def _unit_around(day: dt.date, unit: str) -> DateRange:
    """The calendar day, Monday-Sunday week, month or year holding ``day``."""
    if unit == "day":
        return _day(day)
    if unit == "week":
        return _week(day)
    if unit == "month":
        return _month(day.year, day.month)
    return _year(day.year)


def _read_rolling(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"past 3 months", "the last few days", "next 2 weeks": a window ending (or starting) today."""
    m = re.fullmatch(rf"(this past|past|last|previous|next|coming)(?: {_QTY})? {_UNIT}", phrase)
    if not m:
        return None
    word, qty, unit = m[1], m[2], m[3]
    if qty is None:
        # "last month" is the calendar month (another reader); only "past week" means a window of one.
        if word not in ("past", "this past") or phrase.endswith("s"):
            return None
        qty = "1"
    n = _quantity(qty)
    if word in ("next", "coming"):
        return DateRange(today, _shift(today, unit, n) + dt.timedelta(days=1))
    return DateRange(_shift(today, unit, -n), today + dt.timedelta(days=1))


def _read_ago(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"3 days ago", "a couple of months ago": the whole day, week, month or year that far back."""
    m = re.fullmatch(rf"{_QTY} {_UNIT} ago", phrase)
    if not m:
        return None
    return _unit_around(_shift(today, m[2], -_quantity(m[1])), m[2])


def _read_vague_quantity(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"several weeks ago" names no number; refuse with a hint rather than invent one."""
    m = re.fullmatch(rf"(?:(?:past|last|next) )?({'|'.join(VAGUE_QUANTITIES)}) {_UNIT}(?: ago)?", phrase)
    if m:
        raise _Unreadable(f"'{m[1]}' is not a number; write one, e.g. '4 {m[2]}s ago' or 'past 4 {m[2]}s'")
    return None


def _read_weekday(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"Monday" (latest not after today), "last Monday" (strictly before), "this"/"next Monday"."""
    m = re.fullmatch(rf"(?:(last|past|this past|previous|this|next|coming) )?{_WEEKDAY}", phrase)
    if not m:
        return None
    which, weekday = m[1], WEEKDAYS[m[2]]
    if which is None:
        return _day(anchor - dt.timedelta(days=(anchor.weekday() - weekday) % 7))
    if which == "this":
        return _day(_week(today).start + dt.timedelta(days=weekday))
    if which in ("next", "coming"):
        return _day(today + dt.timedelta(days=(weekday - today.weekday() - 1) % 7 + 1))
    return _day(today - dt.timedelta(days=(today.weekday() - weekday - 1) % 7 + 1))


def _read_relative_month(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"last March" (latest March before this month), "this March", "next March" (first after it)."""
    m = re.fullmatch(rf"(last|previous|this|next|coming) {_MONTH}", phrase)
    if not m:
        return None
    which, month = m[1], MONTHS[m[2]]
    if which == "this":
        return _month(today.year, month)
    if which in ("next", "coming"):
        return _month(today.year if month > today.month else today.year + 1, month)
    return _month(today.year if month < today.month else today.year - 1, month)


def _read_week_of(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"week of March 3, 2025": the Monday-Sunday week holding that day."""
    if not phrase.startswith("week of "):
        return None
    day = _read_single(_strip_fillers(phrase[len("week of ") :]), today, anchor)
    if day is None or day.end - day.start != dt.timedelta(days=1):
        return None
    return _week(day.start)


def _read_quarter(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    m = re.fullmatch(r"q([1-4]) (\d{4})|(\d{4}) q([1-4])", phrase)
    if not m:
        return None
    quarter, year = (int(m[1]), int(m[2])) if m[1] else (int(m[4]), int(m[3]))
    start = _make_date(year, 3 * quarter - 2, 1)
    return DateRange(start, start + relativedelta(months=3))


def _read_part(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"early March 2025" = days 1-10, "mid" 11-20, "late" 21-end; of a year, thirds of four months."""
    m = re.fullmatch(r"(early|mid|late) (.+)", phrase)
    if not m:
        return None
    whole = _read_single(m[2], today, anchor)
    if whole is None:
        return None
    third = ("early", "mid", "late").index(m[1])
    start = whole.start
    if start.day == 1 and whole.end == start + relativedelta(months=1):
        bounds = (start, start.replace(day=11), start.replace(day=21), whole.end)
    elif (start.month, start.day) == (1, 1) and whole.end == start + relativedelta(years=1):
        bounds = tuple(start + relativedelta(months=4 * i) for i in range(4))
    else:
        raise _Unreadable(f"'{m[1]}' goes with a month or a year, not with {whole}")
    return DateRange(bounds[third], bounds[third + 1])


def _read_season(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """Seasons differ by hemisphere and convention, so they are refused with a hint, never guessed."""
    if any(word in ("spring", "summer", "autumn", "fall", "winter") for word in phrase.split(" ")):
        raise _Unreadable("seasons are not read; name the months instead, e.g. 'June to August 2025'")
    return None


_READERS: tuple[Callable[[str, dt.date, dt.date], DateRange | None], ...] = (
    _read_named_day,
    _read_numeric,
    _read_words,
    _read_day_span,
    _read_calendar_unit,
    _read_rolling,
    _read_ago,
    _read_vague_quantity,
    _read_weekday,
    _read_relative_month,
    _read_week_of,
    _read_quarter,
    _read_part,
    _read_season,  # last: it only explains a refusal
)
