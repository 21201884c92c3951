"""Date expressions, as a user or the LLM wrote them, turned into half-open ranges of days.

A filter on a Date variable carries text ("in February", "last week", "before March 3, 2025") and an
operator. ``parse_date_expression`` reads the text with a small hand-written grammar and returns a
``DateRange`` ``[start, end)``. Nothing is guessed: text that does not fit the grammar raises
``DateExpressionError`` quoting it, so "the blue meeting" never becomes today's date. dateutil supplies
the calendar arithmetic (``relativedelta``) and the ISO timestamp reader; the grammar itself is ours.

What the grammar reads (case-insensitive; leading "in", "on", "during", "at", "within", "over", "throughout",
"the" and trailing punctuation are ignored):

    days        "January 10, 2025", "Jan 10th 2025", "10th of January 2025", "the first of May 2025",
                "May the first", "Monday, Jan 5, 2026", "2025-01-10", "2025-01-10T09:30:00Z" (the date as
                written); numeric "01/10/2025", "1/13/26" (month/day/year, US order, unless the first number
                is over 12: "13/01/2026"), "13.01.2026" (dots: day.month.year unless the second number is over
                12). A two-digit year is 2000-2068 for 00-68, 1969-1999 for 69-99. A month name between dashes,
                slashes or dots is one day: "14-Oct-2025", "4/Oct/2025", "Oct-04-2025", "2025-Oct-04"; also "2025 Oct
                4", "4 Oct 25" (a day, a month and a two-digit year), "October 4th in 2025", "Oct. 4th, A.D. 2025",
                "the 14th day of October 2025", "fourteenth October 2025" (a spelled ordinal before a month is a day
                when a year follows, except "first": "the first May 2025 email" orders emails); "2025, October 4",
                "2025.10.04". A weekday before, after or inside any day must be that day's: "Tuesday 10/14/2025", "4
                October 2025 (Saturday)", "4 Oct 2025, a Saturday", "4th Oct. (Sat) 2025"; with one, a month and a day
                in numbers are a day too ("Saturday 10/4", month first; "10/4" alone is refused). "Oct 4 25" (a month,
                a day and a two-digit year); eight digits are yyyymmdd, ISO 8601's basic form, for a real day of
                1900-2099 ("20251004").
    year-less   "January 10", "Monday", "February", "Q1", "summer", "Christmas": the most recent occurrence
                that has begun by today
    months      "February 2026", "Feb 2026", "Dec '25", "02/2026", "2026-02"; "in Jul 25" (after "in" or
                "during", a month and two digits are a month and a year; "Jul 25" alone is a day)
    years       "2025", "the year 2025", "calendar year 2025"; quarters "Q1 2025", "Q3 of 2025", "the first quarter of
                2025"; ISO 8601 week numbers (Monday to Sunday, week 1 holding the year's first Thursday): "week 49
                of 2025", "W49 2025", "2025-W49", "the 49th week of 2025" (an ordinal in digits is a week number; a
                spelled one counts 7 days from January 1: "the first week of 2025" = January 1-7)
    parts       "early/mid/late March 2025": days 1-10 / 11-20 / 21-end; of a year: Jan-Apr / May-Aug / Sep-Dec;
                of a half year two months each ("late H1 2025" = May-June); of a season or a quarter: its three months.
                "the first (opening, earlier) / second (later, latter) half of 2025", "H1/H2 (of) 2025", "2025 H2":
                Jan-Jun / Jul-Dec; of a month: days 1-15 / 16-end.
                "the start/beginning/end/close of X" bounding a filter is X's first / last day ("since the start of
                the year", "before the end of the month"); standing alone it is early / late X, but at most a month:
                "at the end of 2025" is December, "at the start of 2025" January (of a week or a day: its first /
                last day). "the middle of X" and "midway through X" are mid X. "the first/second/third/fourth
                week of X" is 7 days from X's first day on (May 1-7, 8-14, ...), "the last week of X" its last 7
                days; "the first/last day of X", "the first of the month". Likewise any ordinal of days, weeks,
                fortnights, months and quarters: "the 3rd quarter of last year", "the last/final quarter of 2025"
                (its Q4), "the first month of 2026"; "the first fortnight of November" is November 1-14 and, a month
                holding two fortnights and a bit, its second fortnight the 15th to its end ("the last fortnight of
                X": its last 14 days). "the first/last N days|weeks|months of X": that many units from X's first
                day, or ending on its last ("the last ten days of October" = 22-31). "the first/second/last third
                of X" is early / mid / late X. Halves of a quarter or a season split in the middle month as a month
                does: "the second half of Q4 2025" = November 16 to December 31. "the tail end / back end of X" is
                "the end of X" ("the front end": the start); "year-end 2025" (or "end of year 2025") is "the end of
                2025" (alone December; "before year-end 2025" before December 31), "year-end" alone "the end of the
                year". "the latter (later) part of X" is its second half, "the former (earlier) part" its first.
                "the closing (final, last) weeks of X" are its last four weeks ("of 2025" = December 4-31), "the
                opening weeks" its first four: of a year, half year, quarter or season; of a month refused (half of
                it or all of it?).
    nth day     "the first Monday of March 2025" (March 3), "the last Friday in November 2025" (November 28), "the
                3rd Monday of March 2025" (March 17; "Monday the 3rd of March" is March 3); "the last working day
                of October 2025" (October 31), "the first business day of 2026" (January 2): working days are
                Monday to Friday less New Year's Day and Christmas Day, the public holidays nearly every country
                keeps on those dates; "the first weekday of 2026" (Monday to Friday: January 1). A day the span
                lacks ("the fifth Monday of February 2025") is refused.
    named       "today", "yesterday", "tomorrow", "the day before yesterday", "the day after tomorrow"
    calendar    "this/last/next week|month|quarter|year" (weeks run Monday to Sunday); "week of March 3, 2025"
                (or "week commencing / beginning / starting ...");
                "the week/month/quarter/year before last" (two units back), "the week after next" (two ahead);
                "this/last/next weekend" (Saturday and Sunday of this/last/next week; "the weekend" alone: the
                latest that has begun; "this coming weekend": the first still to begin). "the weekend of 6 December
                2025": the weekend that day is in (of a Friday the one it starts, of a Monday the one it ends; of
                Tuesday to Thursday refused: before or after?). "calendar" changes nothing ("this calendar year").
    synonyms    "prior" (not "prior to") is "previous", "preceding" and "following" before a unit are "previous" and
                "next" ("the following month"; "the week following X" is kept), "this coming" is "coming" ("this coming
                summer" = "next summer"); "6 weeks prior" is "6 weeks ago"; "the latest X", "the most recent X" and
                "the X just gone" are "last X": "the latest quarter" is the last complete calendar quarter, as "last
                quarter" reads (not the one under way), "the most recent autumn" the latest that is over. "the past
                six-month period" is "the past six months", "the last half-year" (a window, as "the last fortnight":
                no calendar unit) "the last six months".
    so far      "so far this year", "this month so far", "year to date", "YTD", "QTD", "MTD", "quarter-to-date",
                "earlier this month": the unit's first day through today; "later this month", "the rest of the
                quarter", "the remainder of the year": today through the unit's last day. Of a season, this one
                ("later this spring" in February is all of the coming spring).
    weekdays    "last Monday" (strictly before today), "this Monday" (this week's), "next Monday"
                (strictly after today); months likewise: "last March" = "this past March" = the latest March
                before this month. "two Fridays ago" (or "back") is the second Friday before today, as is "the
                Friday before last"; "the Monday after next" the second after today. "a few Fridays ago" is refused.
    seasons     meteorological, northern hemisphere: spring Mar-May, summer Jun-Aug, autumn/fall Sep-Nov,
                winter Dec-Feb. "summer 2025", "winter 2024-25" ("winter 2025" is refused: which one?);
                "last summer" = the latest that is over; "this summer" = the one under way, else this year's
                (winter: the coming one); "next summer" = the first still to begin; "the summer before last" the one
                before last summer, "the summer after next" the one after next summer. "this past winter" is "last
                winter" (the latest that is over) even while another is under way, as "this past March" reads.
    holidays    "Christmas" = December 24-26, "Christmas Eve/Day/morning", "Boxing Day", "the holidays" / "the holiday
                season" / "the festive season (of 2025)" = December 24 to January 1, "New Year's Eve/Day", "New Year's
                2025-26" (named by the two years: December 31 and January 1), "(St) Valentine's Day", "Halloween
                (night)", "All Hallows' Eve", "Bonfire Night" (November 5), "the dog days (of summer)" = July 3 to
                August 11; computed for the year (``COMPUTED_HOLIDAYS``): "Easter" (Western) = Good Friday to Easter
                Monday, "Easter Sunday", "Good Friday", "Thanksgiving" (US, the fourth Thursday of November: the day,
                also "over Thanksgiving", as "over New Year" is January 1; "Thanksgiving weekend" Thursday to Sunday),
                "Christmas week" (the Monday-Sunday week of Christmas Day), "(the week) between Christmas and New
                Year" (December 26-31; a year after it names the Christmas, as "the festive season 2025" does);
                with this/last/next and before last/after next as seasons. Holidays of other calendars or countries
                (Passover, Diwali, Mother's Day) are refused with a hint to write the date. "midsummer 2025" is mid
                summer (July). "St Patrick's (Paddy's) Day" is March 17, "Hallowe'en" Halloween. The UK's "August
                bank holiday" ("late summer bank holiday", England, Wales and Northern Ireland) is the last Monday
                of August, "August bank holiday weekend" Saturday to Monday; other bank holidays are refused (the UK
                has two in May; Scotland's summer one is the first Monday of August).
    near X      "around X" (or round, circa, roughly, approximately): a day or a holiday of up to a week with
                three days either side ("around Halloween 2025" = October 28 to November 3); a longer X is itself.
                "the turn of the year" is around New Year's Day (December 29 to January 4), the latest begun.
                "the week/N days/month before X" ends the day before X starts, "... after X" starts the day after
                it ends; Christmas counts from Christmas Day, so "the week before Christmas" is December 18-24 and
                "the week after Christmas" December 26 to January 1. "the run-up (lead-up, build-up) to X" is the
                four weeks before it: for Christmas November 27 to December 24. "this time last year" (or "the
                same time last year", "this time two years ago"): the same day that far back, a week either side.
                "this day last year" (or "the same day last year") is that day; "the same week / month / quarter last
                year" (or "this week last year") the Monday-Sunday week, month or quarter holding it.
    rolling     "past 3 months", "last 10 days", "the past week", "the past fortnight", "the last few days": from
                the same day N units ago through today, i.e. [today - N units, today + 1 day); "next 2 weeks"
                mirrors it from today forward. "last week" with no number is the calendar week, "past week"
                the window; "the past quarter" is three months back. "from now (today) until X", "between now
                and X": today through X, a year-less X the first to end after today ("from now until the end of
                March" in February: to March 31 of this year).
    ago         "3 days ago" or "3 days back" (that day), "2 weeks ago" (that Monday-Sunday week), "a month ago"
                (that calendar month), "a year ago" (that calendar year), "a quarter (of a year) ago" (that calendar
                quarter). A vague count covers a stretch: "a couple of weeks ago" = the weeks 2 and 3 back, "a few
                days ago" (about three) = the days 2 to 4 back; a half the two units it falls between: "one and a
                half months ago" = the months 1 and 2 back ("a year and a half ago" is 18 months ago).
    quantities  digits, number words ("one".."ninety-nine", "a hundred", "one hundred and twenty"), "a"/"an" = 1,
                "a couple (of)" = 2, "a few" = 3, "a fortnight" = 2 weeks, with a half: "1.5", "one and a half", "a
                month and a half", "half a year" (in a window half a month is 15 days, half a year 6 months, half a
                week or a day rounded up to 4 days or 1). "several", "some" and "many" are refused: they name no
                number, so the error asks for one.
    ranges      "from May to July 2025", "between March and May", "May-July 2025", "Jan 5 - Jan 10 2025",
                "Jan 5-10, 2025": both ends inclusive. A start without a year takes the latest occurrence
                not after the end ("from November to February 2026" starts in November 2025). Days of one month
                with the month said once: "from 3 to 14 November 2025", "3-14 Nov 2025", "October 6th through 19th,
                2025", "the 6th through the 19th of October", "between the 3rd and the 14th of November 2025".
                "from X" alone means X itself ("emails from 2025"), except "from the start of X" (onwards).
    bounds      "before X", "prior to X", "earlier than X": before the start of X.
                "after X", "since X", "later than X", "on or after X", "starting X", "from X onward(s)",
                "X or later": on or after the start of X (DESIGN.md: "after Monday" includes Monday).
                "until X", "till X", "through X", "up to X", "on or before X", "no later than X",
                "X or earlier": up to and including the end of X ("until March" includes all of March).
    spelling    common misspellings of months ("Febuary", "Janurary", "Septmber"; ``MISSPELLED_MONTHS``) and
                "Sept." read as the month meant.

Times of day and fuzzy words ("recently", "soonish") are not read, nor fiscal years ("FY2025", "fiscal 2025") and
school terms ("the autumn term 2025", "the fall semester"), which start on another day for each organisation or
school; an expression that does not fit raises ``DateExpressionError`` quoting it with an example of what reads.
"""

from __future__ import annotations

import datetime as dt
import enum
import re
from collections.abc import Callable, Iterable

from . import regex_cache
from .errors import DateExpressionError
from .items import DateRange


def relativedelta(**kwargs):
    """dateutil's ``relativedelta``, imported on first use: a question with no date in it never needs it, and
    loading it (with ``calendar`` and ``six``) is a few milliseconds of every command's start-up."""
    from dateutil.relativedelta import relativedelta as loaded

    return loaded(**kwargs)


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
# Misspellings seen in questions people typed; read as the month they meant. A list, not fuzzy matching:
# a near miss such as "Augusta" is a name, not August.
MISSPELLED_MONTHS = {
    "janurary": 1, "januray": 1, "janaury": 1, "janruary": 1, "febuary": 2, "feburary": 2, "febrary": 2,
    "februrary": 2, "febraury": 2, "februray": 2, "apirl": 4, "agust": 8, "augst": 8, "septmber": 9,
    "setpember": 9, "septemeber": 9, "ocotber": 10, "octobor": 10, "novmber": 11, "novemeber": 11,
    "decmber": 12, "decemeber": 12, "dicember": 12,
}
MONTH_WORDS = MONTHS | MISSPELLED_MONTHS
WEEKDAYS = {
    "monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2, "wed": 2,
    "thursday": 3, "thu": 3, "thur": 3, "thurs": 3, "friday": 4, "fri": 4, "saturday": 5, "sat": 5,
    "sunday": 6, "sun": 6,
}
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
    "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
}
VAGUE_QUANTITIES = ("several", "some", "many")
# "a couple of weeks ago" and "a few days ago" name no exact count: they cover the units this far back.
VAGUE_AGO = {"couple": (2, 3), "few": (2, 4)}
_ORDINAL_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
ORDINAL_WORDS = {
    **{word: n for n, word in enumerate(_ORDINAL_UNITS, 1)},
    **{word: n for n, word in enumerate(
        ("tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
         "eighteenth", "nineteenth", "twentieth"), 10)},
    **{f"twenty-{word}": 20 + n for n, word in enumerate(_ORDINAL_UNITS, 1)},
    "thirtieth": 30, "thirty-first": 31,
}
# Meteorological seasons of the northern hemisphere: the month each starts in; each lasts three months.
SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
# Holidays on the same date every year: (month, day, days long). "Christmas" is the three days around it.
HOLIDAYS = {
    "christmas eve": (12, 24, 1), "christmas day": (12, 25, 1), "boxing day": (12, 26, 1),
    "christmas": (12, 24, 3), "xmas": (12, 24, 3), "christmastime": (12, 24, 3), "christmas time": (12, 24, 3),
    "holidays": (12, 24, 9), "holiday season": (12, 24, 9), "christmas holidays": (12, 24, 9),
    "festive season": (12, 24, 9), "winter holidays": (12, 24, 9),
    "new years eve": (12, 31, 1), "new years day": (1, 1, 1), "new years": (1, 1, 1), "new year": (1, 1, 1),
    "valentines day": (2, 14, 1), "valentines": (2, 14, 1), "halloween": (10, 31, 1),
    "halloween night": (10, 31, 1), "all hallows eve": (10, 31, 1), "christmas morning": (12, 25, 1),
    "bonfire night": (11, 5, 1), "guy fawkes night": (11, 5, 1), "guy fawkes day": (11, 5, 1),
    "st patricks day": (3, 17, 1), "st paddys day": (3, 17, 1), "st pattys day": (3, 17, 1), "paddys day": (3, 17, 1),
    # the dog days of summer, as almanacs count them: July 3 to August 11
    "dog days": (7, 3, 40), "dog days of summer": (7, 3, 40),
}


def western_easter(year: int) -> dt.date:
    """Easter Sunday of the Gregorian calendar (the anonymous Gregorian computus, as in Meeus)."""
    a, b, c = year % 19, year // 100, year % 100
    h = (19 * a + b - b // 4 - (b - (b + 8) // 25 + 1) // 3 + 15) % 30
    weekday = (32 + 2 * (b % 4) + 2 * (c // 4) - h - c % 4) % 7
    shift = (a + 11 * h + 22 * weekday) // 451
    month, day = divmod(h + weekday - 7 * shift + 114, 31)
    return dt.date(year, month, day + 1)


def us_thanksgiving(year: int) -> dt.date:
    """The fourth Thursday of November (US Thanksgiving)."""
    first = dt.date(year, 11, 1)
    return first + dt.timedelta(days=(3 - first.weekday()) % 7 + 21)


def uk_late_summer_bank_holiday(year: int) -> dt.date:
    """The last Monday of August: the UK's late summer ("August") bank holiday in England, Wales and Northern Ireland
    (Scotland's summer bank holiday is the first Monday of August)."""
    last = dt.date(year, 8, 31)
    return last - dt.timedelta(days=last.weekday())


def _christmas_week(year: int) -> dt.date:
    christmas = dt.date(year, 12, 25)
    return christmas - dt.timedelta(days=christmas.weekday())


def _from_easter(days: int) -> Callable[[int], dt.date]:
    return lambda year: western_easter(year) + dt.timedelta(days=days)


# Holidays computed for each year: name -> (the first day from the year, days long, the main day from the year or
# None). Easter is the Western one, from Good Friday to Easter Monday (the long weekend people mean by "at Easter";
# "Easter Sunday" is the day); Thanksgiving the US one, the fourth Thursday of November: the day, as "New Year" is
# January 1 ("over Thanksgiving" too: "over" changes nothing), its long weekend "Thanksgiving weekend" (Thursday to
# Sunday). "Christmas week" is the Monday-Sunday week of Christmas Day; "the week between Christmas and New Year"
# the days after Christmas Day and before New Year's Day (December 26-31).
COMPUTED_HOLIDAYS: dict[str, tuple[Callable[[int], dt.date], int, Callable[[int], dt.date] | None]] = {
    "easter": (_from_easter(-2), 4, western_easter), "easter weekend": (_from_easter(-2), 4, western_easter),
    "easter sunday": (western_easter, 1, None), "easter day": (western_easter, 1, None),
    "good friday": (_from_easter(-2), 1, None), "easter monday": (_from_easter(1), 1, None),
    "thanksgiving": (us_thanksgiving, 1, None), "thanksgiving day": (us_thanksgiving, 1, None),
    "thanksgiving weekend": (us_thanksgiving, 4, us_thanksgiving),
    "christmas week": (_christmas_week, 7, None),
    "week between christmas and new year": (lambda year: dt.date(year, 12, 26), 6, None),
    # the UK's August bank holiday (England, Wales, Northern Ireland): the Monday; its weekend Saturday to Monday
    **{f"{name}{day}": (uk_late_summer_bank_holiday, 1, None)
       for name in ("august bank holiday", "late summer bank holiday", "summer bank holiday") for day in ("", " monday")},
    **{f"{name} weekend": (lambda year: uk_late_summer_bank_holiday(year) - dt.timedelta(days=2), 3,
                           uk_late_summer_bank_holiday)
       for name in ("august bank holiday", "late summer bank holiday", "summer bank holiday")},
}
# The day a holiday of several days is "before" or "after", and what its run-up leads to: Christmas Day.
HOLIDAY_MAIN_DAYS = {"christmas": (12, 25), "xmas": (12, 25), "christmastime": (12, 25), "christmas time": (12, 25)}
# Holidays whose date moves from year to year and is not computed here: refused with a hint rather than guessed
# (many follow a lunar calendar; others differ by country: Mother's Day, Labour Day).
MOVABLE_HOLIDAYS = (
    "hanukkah", "chanukah", "passover", "ramadan", "eid", "diwali",
    "lunar new year", "chinese new year", "rosh hashanah", "yom kippur", "memorial day", "labor day",
    "labour day", "mothers day", "fathers day", "black friday", "mardi gras", "carnival", "pentecost",
)

_MONTH = "(" + "|".join(sorted(MONTH_WORDS, key=len, reverse=True)) + ")"
_WEEKDAY = "(" + "|".join(sorted(WEEKDAYS, key=len, reverse=True)) + ")"
# A number in words: "seven", "twenty-one", "forty five", "a hundred", "one hundred and twenty".
_TENS = "(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
_DIGIT_WORD = "(?:one|two|three|four|five|six|seven|eight|nine)"
_BELOW_HUNDRED = (rf"(?:{_TENS}(?:[- ]{_DIGIT_WORD})?|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen"
                  rf"|eighteen|nineteen|{_DIGIT_WORD})")
_NUMBER_IN_WORDS = rf"(?:(?:(?:a|one|{_DIGIT_WORD}) )?hundred(?: (?:and )?{_BELOW_HUNDRED})?|{_BELOW_HUNDRED}|an?)"
# A count of units: digits (a half allowed: "1.5"), words ("one and a half"), or a vague "couple" / "few".
_QTY = (rf"((?:\d+|{_NUMBER_IN_WORDS})(?: and a half)?|\d+\.5|(?:a )?couple(?: of)?|(?:a )?few)")
_UNIT = r"(day|week|fortnight|month|quarter|year)s?"
_ORDINAL = r"(\d{1,2})(?:st|nd|rd|th)?"

# A day written with a month name between dashes, slashes or dots: day-month-year, month-day-year, year-month-day.
_NAMED_MONTH_DAY = regex_cache.compile(
    rf"\b(?:(\d{{1,2}})([-/.]){_MONTH}\2(\d{{4}}|\d{{2}})|{_MONTH}([-/])(\d{{1,2}})\6(\d{{4}})"
    rf"|(\d{{4}})([-/]){_MONTH}\10(\d{{1,2}}))\b(?![-/.]\d)")
# "A.D." (its dots already spaced out) or "AD" between a day or a month and the year.
_ERA = regex_cache.compile(rf"\b((?:{_MONTH[1:-1]})|\d{{1,2}}(?:st|nd|rd|th)?) (?:a d|ad) (\d{{4}})\b")

def _one_and_a_half(m: re.Match) -> str:
    """"a month and a half" -> "one and a half months"."""
    count = m[1] if m[1] and m[1] not in ("a", "an") else "one"
    return f"{count} and a half {m[2]}s"


_UNIT_AHEAD = rf"(?=(?:{_QTY} )?(?:day|week|weekend|fortnight|month|quarter|year)s?\b)"

# Other words for what the grammar reads, rewritten before it reads them (in this order).
_SAME_MEANING: tuple[tuple[re.Pattern, str | Callable[[re.Match], str]], ...] = tuple(
    (regex_cache.compile(pattern), replacement) for pattern, replacement in (
        # "6 weeks prior" = "6 weeks ago"
        (rf"\b({_QTY[1:-1]}) (day|week|fortnight|month|quarter|year)s? prior\b(?! to\b)", r"\1 \2s ago"),
        (r"\bprior\b(?! to\b)", "previous"),  # "the prior 3 weeks"; "prior to X" is a bound
        # chat abbreviations of the units: "last mnth", "this wk", "2 yrs ago", "the past 3 mos"
        (r"\b(?:mnth|mth)(s?)\b", r"month\1"), (r"\bwk(s?)\b", r"week\1"), (r"\byr(s?)\b", r"year\1"),
        (r"\b(last|this|next|past|previous|\d+) mo(s?)\b", r"\1 month\2"),
        (rf"\bpreceding {_UNIT_AHEAD}", "previous "),  # "the preceding 3 months"; "the week preceding X" is kept
        (rf"\bfollowing {_UNIT_AHEAD}", "next "),  # "the following month"; "the week following X" is kept
        (r"\bthis coming\b(?! weekend\b)", "coming"),  # "this coming summer" = "the coming summer" = "next summer"
        (rf"\b({_QTY[1:-1]})[- ](day|week|fortnight|month|quarter|year)(?:[- ]long)? (?:period|stretch|span|window)\b",
         r"\1 \2s"),  # "the past six-month period" = "the past six months"
        (r"\b(past|last|previous|next|coming) half[- ]years?\b", r"\1 0.5 years"),  # "the last half-year": 6 months
        (r"\bhalf[- ]year of\b", "half of"),  # "the first half-year of 2025"
        (r"-to-date\b", " to date"),  # "quarter-to-date"
        (r"\b(?:midway|halfway) (?:through|into) ", "mid "),  # "midway through 2025" = mid 2025
        (r"\b(?:st|saint) (?=valentines\b)", ""),  # "St Valentine's Day"
        (r"\bsaint (?=(?:patricks|paddys|pattys)\b)", "st "),  # "Saint Patrick's Day" = "St Patrick's Day"
        (r"\bhallowe en\b", "halloween"),  # "Hallowe'en", its apostrophe already a space
        (r"\b(?:latter|later) part of\b", "second half of"),  # "the latter part of 2025": its second half
        (r"\b(?:former|earlier) part of\b", "first half of"),
        # "year-end 2025" = "the end of 2025" (December; before it: December 31), "year-end" alone this year's
        (r"\b(?:year[- ]end|end[- ]of[- ]year)(?: of)? (?=\d{4}\b)", "end of "),
        (r"\b(?:year[- ]end|end-of-year)\b", "end of the year"),
        # the days after Christmas Day and before New Year's Day (COMPUTED_HOLIDAYS)
        (r"\b(?:the )?(?:(?:week|days|period|time) )?between (?:christmas|xmas)(?: day)? and (?:the )?new years?"
         r"(?: day)?\b", "week between christmas and new year"),
        (r"\b(?:the )?(?:most recent|latest)\b", "last"),  # "the latest quarter" = "last quarter"
        (r"\b(?:the )?([a-z]+) (?:just|that just) (?:gone|past|passed|ended)\b", r"last \1"),  # "the summer just gone"
        (r"\bcalendar (?=(?:year|quarter|month|week)\b)", ""),  # "calendar year 2025", "this calendar month"
        (r"(?<!new )\byear (?=\d{4}\b)", ""),  # "the year 2025" (not "New Year 2026")
        (r"\b(quarters?) of an? year\b", r"\1"),  # "a quarter of a year ago"
        (rf"\b(?:({_QTY[1:-1]}) )?(day|week|fortnight|month|quarter|year)s? and a half\b", _one_and_a_half),
        (r"\bhalf an? (day|week|fortnight|month|quarter|year)\b", r"0.5 \1s"),  # "half a year ago"
        (r"\bmid(summer|winter|spring|autumn)\b", r"mid \1"),  # "midsummer 2025": the season's middle month
    ))

# Words that carry no meaning in front of a date ("in February", "during the past week").
_FILLERS = ("in", "on", "during", "at", "within", "over", "throughout", "the")


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


_FROM_START = regex_cache.compile(r"from (?:the )?(?:very )?(?:start|beginning) of ")


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
        # "the end of March" bounding a filter is March 31; standing alone it is late March
        span = _read_span(body, today, point=not (op == "=" and bound is _Bound.WITHIN))
        if span is None:
            raise DateExpressionError(f"cannot read the date '{shown}'; {UNDERSTOOD}")
        return _apply(op, bound, word, span, shown)
    except _Unreadable as exc:
        reason = str(exc)
        hint = "" if "e.g. '" in reason else f"; {UNDERSTOOD}"
        raise DateExpressionError(f"cannot read the date '{shown}': {reason}{hint}") from None
    except (OverflowError, ValueError) as exc:  # a day at the calendar's ends has no day after (or before) it
        if isinstance(exc, OverflowError) or "out of range" in str(exc):
            raise DateExpressionError(f"the date '{shown}' is at the edge of the calendar; use a date between the "
                                      f"years 1 and 9998") from None
        raise DateExpressionError(f"cannot read the date '{shown}': {exc}") from None


def says_own_bound(text: str) -> bool:
    """Whether the date text carries its own "before" or "after" ("earlier than 1 August", "since May", "March
    onwards"), by the grammar's bound words: then a reading says it as it stands, not "before earlier than ..."."""
    try:
        bound, _word, _body = _split_bound(_normalize(str(text).strip()), str(text))
    except DateExpressionError:
        return True  # it says both a before and an after: it says its own, however contradictory
    return bound is not _Bound.WITHIN


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
    s = _NAMED_MONTH_DAY.sub(_spaced_day, s)  # "14-Oct-2025", "4/Oct/2025", "Oct-04-2025": one day, not a range
    s = re.sub(r"(?<![\w'\u2018\u2019])['\u2018\u2019](\d{2})\b", lambda m: str(_full_year(int(m[1]))), s)  # "Dec '25"
    s = re.sub(r"(?<=[a-z])['\u2019]s\b", "s", s)  # "New Year's Eve", "Valentine's Day"
    s = re.sub(r"[\"'`\u2018\u2019\u201c\u201d()]", " ", s)
    s = s.replace(",", " ")
    s = re.sub(r"(?<=[a-z])\.", " ", s)  # "Jan. 10"
    s = re.sub(r"\b(early|mid|late)-", r"\1 ", s)  # "mid-March"
    s = re.sub(r"\b(twenty|thirty) (?=(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\b)", r"\1-",
               s)  # "March twenty first" -> "twenty-first"
    s = re.sub(r"\s+", " ", s).strip()
    s = _ERA.sub(r"\1 \2", s)  # "Oct. 4th, A.D. 2025"
    for pattern, replacement in _SAME_MEANING:
        s = pattern.sub(replacement, s)
    return s.rstrip(" .;:!?").strip()



def _spaced_day(m: re.Match) -> str:
    """The parts of a day written with a month name and dashes or slashes, spaced: "14-oct-2025" -> "14 oct 2025"."""
    return " ".join(part for i, part in enumerate(m.groups(), 1) if part and i not in (2, 6, 10))


def _full_year(two_digits: int) -> int:
    """A two-digit year as the POSIX strptime reads one: 00-68 are 2000-2068, 69-99 are 1969-1999."""
    return two_digits + (2000 if two_digits <= 68 else 1900)


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
    if bound is _Bound.WITHIN and _FROM_START.match(body) and not re.search(r" (?:to|until|till|through|thru) ", body):
        bound, word, body = _Bound.FROM, "from", body[len("from ") :]  # "from the start of the year": onwards
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


def _read_span(phrase: str, today: dt.date, point: bool = True) -> DateRange | None:
    """One span or a range of two ("from May to July 2025"); None when the grammar does not fit.

    ``point`` says the span is a bound of a filter ("before the end of March"); when False (the span is
    the filter itself), "the start/end of X" widen to early/late X.
    """
    # "in Jul 25": after "in", a month and two digits name a month of a year; "on Jul 25" is a day
    if m := re.fullmatch(rf"(?:in|during|throughout) (?:the month of )?{_MONTH} (\d{{2}})", phrase):
        return _month(_full_year(int(m[2])), MONTH_WORDS[m[1]])
    phrase = _strip_fillers(phrase)
    if phrase.startswith("between "):
        rest = phrase[len("between ") :]
        return _read_day_span(rest, today, today, between=True) or _read_range(rest, today, connectors=r" and ")
    if phrase.startswith("from "):
        phrase = _strip_fillers(phrase[len("from ") :])
    if not point and (edge := _read_edge(phrase, today, today, widen=True)) is not None:
        return edge
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
            if first in ("now", "today"):  # "from now until the end of March": the first March still to end
                end = _read_ahead(_strip_fillers(last), today)
                if end is None:
                    continue
                start = _day(today)
            else:
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


def _read_ahead(phrase: str, today: dt.date) -> DateRange | None:
    """The span ``phrase`` names, a date without a year read as the first that ends after today: a day of the coming
    week (anchored six days on), else of the coming year (anchored a year on, less a day)."""
    span = None
    for days_on in (0, 6, 364):
        span = _read_single(phrase, today, today + dt.timedelta(days=days_on))
        if span is None or span.end is None or span.end > today:
            return span
    return span


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


def _quarter(year: int, quarter: int) -> DateRange:
    start = _make_date(year, 3 * quarter - 2, 1)
    return DateRange(start, start + relativedelta(months=3))


def _weekend(saturday: dt.date) -> DateRange:
    return DateRange(saturday, saturday + dt.timedelta(days=2))


def _year(year: int) -> DateRange:
    return DateRange(_make_date(year, 1, 1), _make_date(year + 1, 1, 1))


def _make_date(year: int, month: int, day: int) -> dt.date:
    """A date, or ``_Unreadable`` naming what is wrong with it (month 13, February 30)."""
    try:
        return dt.date(year, month, day)
    except ValueError as exc:
        raise _Unreadable(f"it is not a real date ({exc})") from None


def _shift(d: dt.date, unit: str, n: float) -> dt.date:
    """``d`` moved by ``n`` days/weeks/months/quarters/years; month ends clamp (May 31 - 3 months = Feb 28).

    A count with a half ("1.5 months") moves the whole units, then the half in days (``_HALF_UNIT_DAYS``)."""
    unit, n = _whole_units(unit, n)
    half = n != int(n)
    whole = int(n)
    try:
        moved = d + relativedelta(**{unit + "s": whole})
        if half:
            moved += dt.timedelta(days=_HALF_UNIT_DAYS[unit] * (1 if n > 0 else -1))
        return moved
    except (OverflowError, ValueError):
        raise _Unreadable(f"{abs(n)} {unit}s is too far from today") from None


# Half a month is 15 days (the halves of a month split after the 15th); half a week or a day is rounded up, so a
# window of "the past 1.5 weeks" is never shorter than said.
_HALF_UNIT_DAYS = {"month": 15, "week": 4, "day": 1}


def _whole_units(unit: str, n: float) -> tuple[str, float]:
    """``n`` ``unit``s in the units ``relativedelta`` moves by: quarters as months, fortnights as weeks, and a year and
    a half as 18 months."""
    if unit == "quarter":
        unit, n = "month", 3 * n
    elif unit == "fortnight":
        unit, n = "week", 2 * n
    elif unit == "year" and n != int(n):
        unit, n = "month", 12 * n
    return unit, n


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


def _latest(candidates: Iterable[DateRange], keep: Callable[[DateRange], bool]) -> DateRange:
    """The latest of ``candidates`` (given newest first) that ``keep`` accepts."""
    for span in candidates:
        if keep(span):
            return span
    raise _Unreadable("it falls before the first year the calendar knows")


def _yearly(make: Callable[[int], DateRange], which: str | None, today: dt.date, anchor: dt.date) -> DateRange:
    """One occurrence of something that comes once a year (a season, a holiday), by the word before it.

    None: the latest that has begun by ``anchor`` (like a bare month); "last": the latest that is over;
    "this": the one under way, else this year's (winter: the coming one); "next": the first still to begin;
    "before last" / "after next" (after the name): the one before the last / after the next.
    """
    around = anchor if which is None else today
    later, earlier = (2 if which == "after next" else 1), (3 if which == "before last" else 2)
    newest_first = [make(year) for year in range(around.year + later, max(dt.MINYEAR, around.year - earlier) - 1, -1)]
    if which is None:
        return _latest(newest_first, lambda span: span.start <= anchor)
    if which in ("last", "previous", "past", "this past", "before last"):
        over = [span for span in newest_first if span.end <= today]
        return _latest(over[1:] if which == "before last" else over, lambda span: True)
    if which in ("next", "coming", "after next"):
        to_come = [span for span in reversed(newest_first) if span.start > today]
        return _latest(to_come[1:] if which == "after next" else to_come, lambda span: True)
    current = [span for span in newest_first if span.start <= today < span.end]
    if current:
        return current[0]
    return make(today.year)


def _quantity(word: str) -> float:
    """The count ``_QTY`` matched: a whole number, or one and a half more ("1.5", "one and a half" = 1.5)."""
    word = word.removesuffix(" of")
    if word.endswith(" and a half"):
        return _quantity(word.removesuffix(" and a half")) + 0.5
    if re.fullmatch(r"\d+\.5", word):
        return float(word)
    if word.isdigit():
        return int(word)
    words = word.replace("-", " ").replace(" and ", " ").split()
    if words[-1] in ("couple", "few"):
        return {"couple": 2, "few": 3}[words[-1]]
    if "hundred" in words:  # "a hundred", "one hundred and twenty"
        at = words.index("hundred")
        hundreds = NUMBER_WORDS[words[at - 1]] if at else 1
        return 100 * hundreds + sum(NUMBER_WORDS[w] for w in words[at + 1:])
    return sum(NUMBER_WORDS[w] for w in words)  # "forty five" = 40 + 5


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
    """ISO and numeric days: "1/13/26" and "01/10/2025" are US month/day/year unless the first number is over
    12 ("13/01/2026"); "13.01.2026" with dots is day.month.year unless the second number is over 12."""
    if m := re.fullmatch(r"(\d{4})([-/.])(\d{1,2})\2(\d{1,2})", phrase):  # "2025-10-04", "2025.10.04"
        return _day(_make_date(int(m[1]), int(m[3]), int(m[4])))
    if m := re.fullmatch(r"((?:19|20)\d\d)(\d\d)(\d\d)", phrase):  # "20251004": ISO 8601's basic form, yyyymmdd
        return _day(_make_date(int(m[1]), int(m[2]), int(m[3])))
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}\S*", phrase):
        from dateutil.parser import isoparse  # here only: dateutil's parser module is slow to import

        try:
            return _day(isoparse(phrase.replace(" ", "T", 1)).date())
        except ValueError as exc:
            raise _Unreadable(f"it is not a valid timestamp ({exc})") from None
    if m := re.fullmatch(r"(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})", phrase):
        first, sep, second, year = int(m[1]), m[2], int(m[3]), m[4]
        if sep == "-" and len(year) == 2:
            return None  # "26-01-13" could as well be year-month-day
        day_first = not (second > 12 >= first) if sep == "." else first > 12
        month, day = (second, first) if day_first else (first, second)
        return _day(_make_date(int(year) if len(year) == 4 else _full_year(int(year)), month, day))
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
    raw = phrase.split(" ")
    if len(raw) > 2 and raw[-2] == "in" and re.fullmatch(r"\d{4}", raw[-1]):
        del raw[-2]  # "October 4th in 2025"
    for k, token in enumerate(raw):
        # a spelled ordinal is a day only next to its month: "the first of May", "May (the) first", or before a
        # month and a year ("fourteenth October 2025"; not "first": "the first May 2025 email" orders emails)
        if token in ORDINAL_WORDS:
            before = [t for t in raw[:k] if t != "the"]
            if not (raw[k + 1 : k + 2] == ["of"] or before and before[-1] in MONTH_WORDS
                    or token != "first" and raw[k + 1 : k + 2] and raw[k + 1] in MONTH_WORDS
                    and re.fullmatch(r"\d{4}", "".join(raw[k + 2 : k + 3]))):
                return None
    tokens = [t for t in raw if t not in ("of", "the")]
    weekday = None
    if len(tokens) > 1 and (at := next((k for k, t in enumerate(tokens) if t in WEEKDAYS), None)) is not None:
        weekday = WEEKDAYS[tokens.pop(at)]  # "Monday, Jan 5, 2026", "4th Oct. (Sat) 2025": checked below
    shape, values = "", []
    for token in tokens:
        if token in MONTH_WORDS:
            shape, values = shape + "M", values + [MONTH_WORDS[token]]
        elif token in ORDINAL_WORDS:
            shape, values = shape + "D", values + [ORDINAL_WORDS[token]]
        elif re.fullmatch(r"\d{4}", token):
            shape, values = shape + "Y", values + [int(token)]
        elif m := re.fullmatch(_ORDINAL, token):
            shape, values = shape + "D", values + [int(m[1])]
        else:
            return None
    if shape in ("DMD", "MDD") and re.fullmatch(r"\d{2}", tokens[-1]):  # "4 Oct 25", "Oct 4 25": a two-digit year
        shape, values[-1] = shape[:2] + "Y", _full_year(values[-1])
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
    if shape == "YM":
        return _month(v[0], v[1])
    if shape == "MD":
        return _recent_day(v[0], v[1], anchor)
    if shape == "DM":
        return _recent_day(v[1], v[0], anchor)
    if shape == "MDY":
        return _day(_make_date(v[2], v[0], v[1]))
    if shape == "DMY":
        return _day(_make_date(v[2], v[1], v[0]))
    if shape == "YMD":
        return _day(_make_date(v[0], v[1], v[2]))
    return None


def _checked_weekday(span: DateRange, weekday: int) -> DateRange:
    _check_weekday(span, weekday)
    return span


def _check_weekday(span: DateRange, weekday: int) -> None:
    """"Monday, January 6, 2026" names two different days; say so instead of picking one."""
    if span.end - span.start != dt.timedelta(days=1):
        raise _Unreadable("a weekday only goes with a single day")
    if span.start.weekday() != weekday:
        actual = WEEKDAY_NAMES[span.start.weekday()]
        raise _Unreadable(f"{span.start.isoformat()} is a {actual}, not a {WEEKDAY_NAMES[weekday]}")


_SPAN_DAY = rf"(?:the )?(\d{{1,2}}(?:st|nd|rd|th)?|{'|'.join(sorted(ORDINAL_WORDS, key=len, reverse=True))})"
_SPAN_TO = r"(?: ?- ?| (?:to|through|thru|until|till) )"


def _day_span_pattern(to: str) -> re.Pattern:
    return regex_cache.compile(rf"{_MONTH} {_SPAN_DAY}{to}{_SPAN_DAY}(?: (\d{{4}}))?"
                               rf"|{_SPAN_DAY}{to}{_SPAN_DAY}(?: of)? {_MONTH}(?: (\d{{4}}))?")


def _read_day_span(phrase: str, today: dt.date, anchor: dt.date, between: bool = False) -> DateRange | None:
    """Days of one month, the month said once: "Jan 5-10, 2025", "October 6th through 19th, 2025", "from 3 to 14
    November 2025", "the 6th through the 19th of October"; after "between", "and" joins them ("between the 3rd and
    the 14th of November 2025")."""
    m = _day_span_pattern(" and " if between else _SPAN_TO).fullmatch(phrase)
    if not m:
        return None
    month, first, last, year = (m[1], m[2], m[3], m[4]) if m[1] else (m[7], m[5], m[6], m[8])
    month, first, last = MONTH_WORDS[month], _day_number(first), _day_number(last)
    if year:
        end = _day(_make_date(int(year), month, last))
    else:
        end = _recent_day(month, last, anchor)
    start = _make_date(end.start.year, month, first)
    if start > end.start:
        raise _Unreadable(f"the range ends on day {last} before it starts on day {first}")
    return DateRange(start, end.end)


def _day_number(text: str) -> int:
    """The day of a month written "14", "14th" or "fourteenth"."""
    return ORDINAL_WORDS[text] if text in ORDINAL_WORDS else int(text.rstrip("stndrh"))


def _read_calendar_unit(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"this week", "last month", "next year": whole calendar units around today."""
    m = re.fullmatch(r"(this|current|last|previous|next|coming) (week|month|quarter|year)", phrase)
    if not m:
        return None
    step = {"this": 0, "current": 0, "last": -1, "previous": -1, "next": 1, "coming": 1}[m[1]]
    return _unit_around(_shift(today, m[2], step), m[2])


def _unit_around(day: dt.date, unit: str) -> DateRange:
    """The calendar day, Monday-Sunday week, month, quarter or year holding ``day``."""
    if unit == "day":
        return _day(day)
    if unit in ("week", "fortnight"):
        return _week(day)
    if unit == "month":
        return _month(day.year, day.month)
    if unit == "quarter":
        return _quarter(day.year, (day.month - 1) // 3 + 1)
    return _year(day.year)


def _read_rolling(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"past 3 months", "the last few days", "next 2 weeks": a window ending (or starting) today."""
    m = re.fullmatch(rf"(this past|past|last|previous|next|coming)(?: {_QTY})? {_UNIT}", phrase)
    if not m:
        return None
    word, qty, unit = m[1], m[2], m[3]
    if qty is None:
        # "last month" is the calendar month (another reader); only "past week" means a window of one.
        # A fortnight has no calendar unit, so "last fortnight" is the window too.
        if phrase.endswith("s") or word not in ("past", "this past") and unit != "fortnight":
            return None
        qty = "1"
    n = _quantity(qty)
    if word in ("next", "coming"):
        return DateRange(today, _shift(today, unit, n) + dt.timedelta(days=1))
    return DateRange(_shift(today, unit, -n), today + dt.timedelta(days=1))


def _read_ago(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"3 days ago", "two months ago": the whole day, week, month or year that far back.

    A vague count covers the units it may mean: "a couple of weeks ago" the weeks 2 and 3 back, "a few days
    ago" the days 2 to 4 back (``VAGUE_AGO``).
    """
    m = re.fullmatch(rf"{_QTY} {_UNIT} (?:ago|back)", phrase)
    if not m:
        return None
    qty, unit = m[1], m[2]
    vague = VAGUE_AGO.get(qty.removeprefix("a ").removesuffix(" of"))
    if vague is None:
        n = _quantity(qty)
        if n == int(n):
            return _unit_around(_shift(today, unit, -n), unit)
        unit, n = _whole_units(unit, n)  # "a year and a half ago" is 18 months ago
        if n == int(n):
            return _unit_around(_shift(today, unit, -n), unit)
        vague = (int(n), int(n) + 1)  # "one and a half months ago": the months one and two back
    nearest, farthest = vague
    return DateRange(_unit_around(_shift(today, unit, -farthest), unit).start,
                     _unit_around(_shift(today, unit, -nearest), unit).end)


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


_NAMED_WEEKDAY = regex_cache.compile(rf"{_WEEKDAY} (.+)|(.+?) (?:a )?{_WEEKDAY}")


def _read_day_with_weekday(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """A day of any spelling with its weekday before or after it: "Tuesday 10/14/2025", "4 October 2025 (Saturday)",
    "4 Oct 2025, a Saturday"; with a weekday, a month and a day alone in numbers are a day too ("Saturday 10/4": month
    first, as "10/4/2025" reads). The weekday must be that day's."""
    m = _NAMED_WEEKDAY.fullmatch(phrase)
    if m is None:
        return None
    weekday, rest = (m[1], m[2]) if m[1] else (m[4], m[3])
    if numbers := re.fullmatch(r"(\d{1,2})/(\d{1,2})", rest):  # "10/4" alone is refused: a fraction? which order?
        first, second = int(numbers[1]), int(numbers[2])
        month, day = (second, first) if first > 12 else (first, second)
        return _checked_weekday(_recent_day(_valid_month(month), day, anchor), WEEKDAYS[weekday])
    day = _read_single(rest, today, anchor)
    if day is None or day.end - day.start != dt.timedelta(days=1):
        return None
    _check_weekday(day, WEEKDAYS[weekday])
    return day


def _read_relative_month(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"last March" (latest March before this month), "this March", "next March" (first after it)."""
    m = re.fullmatch(rf"(last|previous|this past|past|this|next|coming) {_MONTH}", phrase)
    if not m:
        return None
    which, month = m[1], MONTH_WORDS[m[2]]
    if which == "this":
        return _month(today.year, month)
    if which in ("next", "coming"):
        return _month(today.year if month > today.month else today.year + 1, month)
    return _month(today.year if month < today.month else today.year - 1, month)


def _read_week_of(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"week of March 3, 2025" (or "week commencing / beginning / starting ..."): the Monday-Sunday week holding
    that day."""
    m = re.match(r"week (?:of|commencing|beginning|starting)(?: on)? ", phrase)
    if m is None:
        return None
    day = _read_single(_strip_fillers(phrase[m.end():]), today, anchor)
    if day is None or day.end - day.start != dt.timedelta(days=1):
        return None
    return _week(day.start)


_ISO_WEEK = regex_cache.compile(r"(?:iso )?(?:week|wk|w) ?(\d{1,2})(?:(?: of| in)? (.+))?|(\d{4})[- ]?w(\d{1,2})")


def _read_iso_week(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """Week numbers are ISO 8601's, Monday to Sunday, week 1 holding the year's first Thursday: "week 49 of 2025",
    "W49 2025", "2025-W49" (December 1-7, 2025); without a year, the latest week of that number begun by the anchor."""
    m = _ISO_WEEK.fullmatch(phrase)
    if m is None:
        return None
    if m[3]:
        return _iso_week(int(m[3]), int(m[4]))
    number = int(m[1])
    if m[2] is not None:
        whole = _read_whole(m[2], today, anchor)
        return _iso_week(whole.start.year, number) if whole is not None and _is_year(whole) else None
    year = anchor.isocalendar()[0]
    week = _iso_week(year, number) if number <= _iso_weeks_in(year) else None
    return week if week is not None and week.start <= anchor else _iso_week(year - 1, number)


def _iso_week(year: int, number: int) -> DateRange:
    if not 1 <= number <= _iso_weeks_in(year):
        raise _Unreadable(f"{year} has no week {number}: its ISO weeks run from 1 to {_iso_weeks_in(year)}")
    return _week(dt.date.fromisocalendar(year, number, 1))


def _iso_weeks_in(year: int) -> int:
    """52 or 53: December 28 is always in a year's last ISO week."""
    return dt.date(year, 12, 28).isocalendar()[1]


_QUARTER_NAMES = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}


def _read_quarter(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"Q1 2025", "2025 Q1", "the first quarter of 2025"; without a year, the latest that has begun."""
    if m := re.fullmatch(r"(\d{4}) q([1-4])", phrase):
        return _quarter(int(m[1]), int(m[2]))
    m = re.fullmatch(r"(?:q([1-4])|(first|1st|second|2nd|third|3rd|fourth|4th) quarter)(?: of)?(?: (\d{4}))?", phrase)
    if not m:
        return None
    quarter = int(m[1]) if m[1] else _QUARTER_NAMES[m[2]]
    if m[3]:
        return _quarter(int(m[3]), quarter)
    start_month = 3 * quarter - 2
    return _quarter(anchor.year if start_month <= anchor.month else anchor.year - 1, quarter)


def _read_part(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"early March 2025" = days 1-10, "mid" 11-20, "late" 21-end; of a year, thirds of four months; of a season or
    a quarter, its three months ("late summer 2025" = August 2025)."""
    m = re.fullmatch(r"(early|mid|late) (.+)", phrase)
    if not m or _HOLIDAY.fullmatch(phrase):  # "late summer bank holiday 2025" is the holiday
        return None
    whole = _read_single(m[2], today, anchor)
    if whole is None:
        return None
    part = _third(whole, ("early", "mid", "late").index(m[1]))
    if part is None:
        raise _Unreadable(f"'{m[1]}' goes with a month or a year, not with {whole}; e.g. 'early March 2025'")
    return part


_FIRST_HALF_WORDS = ("first", "1st", "front", "opening", "earlier", "former")
_HALF = regex_cache.compile(rf"(?:({'|'.join(_FIRST_HALF_WORDS)}|second|2nd|latter|later|last|back|closing) half "
                            r"of (.+)|h([12])(?: of)? (.+)|(\d{4}) h([12])|([12])h (\d{4}))")


def _read_half(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"the first half of 2025" (January-June; also "the opening / earlier half"), "H2 2025", "H2 of last year", "the
    second half of October 2025" (the 16th to its end): the halves of a year or of a month; of a quarter or a season,
    split in its middle month as a month is ("the second half of Q4 2025" = November 16 to December 31)."""
    m = _HALF.fullmatch(phrase)
    if m is None:
        return None
    if m[1]:
        second, whole = m[1] not in _FIRST_HALF_WORDS, _read_single(m[2], today, anchor)
    elif m[3]:  # H1 / H2 halve a year only
        second, whole = m[3] == "2", _read_whole(m[4], today, anchor)
        if whole is None or not _is_year(whole):
            return None
    else:
        number, year = next((m[i], m[j]) for i, j in ((6, 5), (7, 8)) if m[i])
        second, whole = number == "2", _year(int(year))
    if whole is None:
        return None
    start = whole.start
    if start.day == 1 and whole.end == start + relativedelta(months=1):
        middle = start.replace(day=16)
    elif (start.month, start.day) == (1, 1) and whole.end == start + relativedelta(years=1):
        middle = start.replace(month=7)
    elif start.day == 1 and whole.end == start + relativedelta(months=3):  # a quarter or a season
        middle = (start + relativedelta(months=1)).replace(day=16)
    else:
        raise _Unreadable(f"a half goes with a month, a quarter or a year, not with {whole}; e.g. 'the first half "
                          f"of 2025'")
    return DateRange(middle, whole.end) if second else DateRange(start, middle)


def _third(whole: DateRange, third: int) -> DateRange | None:
    """Third 0, 1 or 2 of a month (days 1-10, 11-20, 21-end), of a year (four months each), of a half year (two
    months each) or of three months (one month each); else None."""
    start = whole.start
    months = _months_long(whole)
    if months == 1:
        bounds = (start, start.replace(day=11), start.replace(day=21), whole.end)
    elif months in (3, 6, 12):
        bounds = tuple(start + relativedelta(months=months // 3 * i) for i in range(4))
    else:
        return None
    return DateRange(bounds[third], bounds[third + 1])


def _months_long(span: DateRange) -> int | None:
    """How many whole calendar months ``span`` is (from a month's first day), or None."""
    start = span.start
    if start is None or span.end is None or start.day != 1 or span.end.day != 1:
        return None
    return (span.end.year - start.year) * 12 + span.end.month - start.month


def _is_year(span: DateRange) -> bool:
    return (span.start.month, span.start.day) == (1, 1) and _months_long(span) == 12


_EDGE = regex_cache.compile(r"(?:very )?(start|beginning|front[- ]end|middle|end|tail[- ]end|back[- ]end|close) "
                            r"of (.+)")


def _read_edge(phrase: str, today: dt.date, anchor: dt.date, widen: bool = False) -> DateRange | None:
    """"the start of the year" is its first day, "the end (close) of March" its last, "the middle of X" mid X.

    ``widen`` (the phrase is a whole filter, not a bound): the start and end of X are its first and last thirds, as
    "early" and "late" read, but at most a month: "at the end of March 2025" is March 21-31, "at the end of Q3" is
    September, "at the end of 2025" is December (late 2025 is September to December; few mean September by the end of
    the year). Of anything else, still its first or last day.
    """
    m = _EDGE.fullmatch(phrase)
    if not m:
        return None
    whole = _read_whole(m[2], today, anchor)
    if whole is None:
        return None
    if m[1] == "middle":
        part = _third(whole, 1)
        if part is None:
            raise _Unreadable(f"'the middle' goes with a month or a year, not with {whole}; e.g. 'mid March 2025'")
        return part
    first = m[1] in ("start", "beginning") or m[1].startswith("front")
    if widen and (part := _third(whole, 0 if first else 2)) is not None:
        if (_months_long(part) or 0) > 1:  # of a year or a half year: its first or last month
            return _unit_around(part.start if first else part.end - dt.timedelta(days=1), "month")
        return part
    return _day(whole.start if first else whole.end - dt.timedelta(days=1))


def _read_whole(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """The span an "of X" names; "the year", "the month" alone are this one."""
    inner = _strip_fillers(phrase)
    if inner in ("day", "week", "weekend", "month", "quarter", "year"):
        inner = "this " + inner  # "the start of the year"
    whole = _read_single(inner, today, anchor)
    return whole if whole is not None and whole.start is not None and whole.end is not None else None


_NTH = rf"(\d{{1,3}}(?:st|nd|rd|th)|{'|'.join(sorted(ORDINAL_WORDS, key=len, reverse=True))}|last|final)"
_NTH_OF = regex_cache.compile(rf"{_NTH} (day|week|fortnight|month|quarter) of (.+)|(first|1st|last) of (.+)")
# A unit counted inside a longer span: its size in days, or in months for months and quarters.
_UNIT_SIZE = {"day": dt.timedelta(days=1), "week": dt.timedelta(days=7), "fortnight": dt.timedelta(days=14)}
_UNIT_MONTHS = {"month": 1, "quarter": 3}


def _read_nth_of(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"the first week of May" = May 1-7 (the second: 8-14, ...; the last: its last seven days); "the first
    day of the month", "the first of the month", "the last day of 2025", "the 14th day of October 2025"; "the first
    month of 2026", "the 3rd quarter of last year", "the final quarter of 2025"; "the first fortnight of November"
    = November 1-14, and since a month holds two fortnights and a bit, its second fortnight runs from the 15th to
    its end."""
    m = _NTH_OF.fullmatch(phrase)
    if not m:
        return None
    nth, unit, inner = (m[1], m[2], m[3]) if m[1] else (m[4], "day", m[5])
    whole = _read_whole(inner, today, anchor)
    if whole is None:
        return None
    if nth in ("last", "final"):
        index = -1
    else:
        index = int(nth[:-2]) - 1 if nth[0].isdigit() else ORDINAL_WORDS[nth] - 1
    if unit == "week" and nth[0].isdigit() and _is_year(whole):  # "the 49th week of 2025": a week number
        return _iso_week(whole.start.year, index + 1)
    span = _nth_unit(whole, unit, index)
    if span is None:
        raise _Unreadable(f"{whole} has no {nth} {unit}; e.g. 'the first week of May 2025'")
    if unit == "fortnight" and index == 1 and _is_month(whole):
        span = DateRange(span.start, whole.end)
    return span


def _nth_unit(whole: DateRange, unit: str, index: int, count: int = 1) -> DateRange | None:
    """``count`` units of ``whole`` from its ``index``-th unit on (from its first day; -1: the last ``count`` units,
    ending on its last day); None when they do not fit inside it."""
    if unit in _UNIT_MONTHS:
        size = relativedelta(months=_UNIT_MONTHS[unit] * count)
        start = whole.end - size if index < 0 else whole.start + relativedelta(months=_UNIT_MONTHS[unit] * index)
    else:
        size = _UNIT_SIZE[unit] * count
        start = whole.end - size if index < 0 else whole.start + _UNIT_SIZE[unit] * index
    if index < -1 or start < whole.start or start + size > whole.end:
        return None
    return DateRange(start, start + size)


def _is_month(span: DateRange) -> bool:
    return span.start.day == 1 and span.end == span.start + relativedelta(months=1)


_FIRST_N_OF = regex_cache.compile(rf"(first|opening|last|final|closing) {_QTY} {_UNIT} of (.+)")


def _read_first_n_of(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"the first ten days of November 2025", "the last 2 weeks of October", "the first three months of 2026": that
    many units from the start of the span, or ending on its last day."""
    m = _FIRST_N_OF.fullmatch(phrase)
    if not m:
        return None
    which, qty, unit, inner = m[1], m[2], m[3], m[4]
    whole = _read_whole(inner, today, anchor)
    if whole is None:
        return None
    count = _quantity(qty)
    if count != int(count) or count < 1:
        raise _Unreadable(f"'{qty}' is not a whole number of {unit}s; e.g. 'the first 10 days of May 2025'")
    span = _nth_unit(whole, unit, -1 if which in ("last", "final", "closing") else 0, int(count))
    if span is None:
        raise _Unreadable(f"{whole} has no {which} {qty} {unit}s; e.g. 'the first 10 days of May 2025'")
    return span


_THIRD = regex_cache.compile(r"(first|1st|second|2nd|middle|last|final) third of (.+)")


def _read_third(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"the last third of 2025" (September-December), "the first third of March" (days 1-10): as early / mid / late."""
    m = _THIRD.fullmatch(phrase)
    if not m:
        return None
    whole = _read_whole(m[2], today, anchor)
    if whole is None:
        return None
    part = _third(whole, {"first": 0, "1st": 0, "second": 1, "2nd": 1, "middle": 1}.get(m[1], 2))
    if part is None:
        raise _Unreadable(f"a third goes with a month, a quarter or a year, not with {whole}; e.g. 'the last third "
                          f"of 2025'")
    return part


_TO_DATE = regex_cache.compile(
    r"(?:so far (?:this|the) (\w+)|(?:this |the )?(\w+) (?:so far|to date)|(ytd|qtd|mtd|wtd)"
    r"|(earlier|later) (?:this (\w+)|(today))|(?:rest|remainder) of (?:this|the) (\w+))")
_X_TO_DATE = {"ytd": "year", "qtd": "quarter", "mtd": "month", "wtd": "week"}


def _read_to_date(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"so far this year", "year to date", "QTD", "earlier this month" (through today); "later this week", "the rest
    of the quarter", "the remainder of the year" (from today on, today included). Of a season, this one ("later this
    spring" in February: all of the coming spring)."""
    m = _TO_DATE.fullmatch(phrase)
    if not m:
        return None
    unit = m[1] or m[2] or _X_TO_DATE.get(m[3] or "") or m[5] or m[6] or m[7]
    if unit == "today":
        return _day(today)
    if unit in SEASONS:
        whole = _yearly(lambda year: _season(unit, year), "this", today, anchor)
    elif unit in ("week", "month", "quarter", "year"):
        whole = _unit_around(today, unit)
    else:
        return None
    if m[4] == "later" or m[7]:
        if whole.end <= today:
            raise _Unreadable(f"this {unit} ({whole}) is over; e.g. 'later this month'")
        return DateRange(max(today, whole.start), whole.end)
    if whole.start > today:
        raise _Unreadable(f"this {unit} ({whole}) has not begun; e.g. 'so far this month'")
    return DateRange(whole.start, today + dt.timedelta(days=1))


def _read_weekend(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """Saturday and Sunday: "this/last/next weekend" of this/last/next week; alone, the latest begun; "this coming
    weekend" the first still to begin (on a Wednesday, this week's)."""
    m = re.fullmatch(r"(?:(this past|past|last|previous|this coming|this|next|coming) )?weekend", phrase)
    if not m:
        return None
    if m[1] is None:
        return _weekend(anchor - dt.timedelta(days=(anchor.weekday() - 5) % 7))
    if m[1] == "this coming":
        return _weekend(today + dt.timedelta(days=(4 - today.weekday()) % 7 + 1))
    step = {"this": 0, "next": 1, "coming": 1}.get(m[1], -1)
    return _weekend(_week(today).start + dt.timedelta(days=5 + 7 * step))


def _read_weekend_of(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"the weekend of 6 December 2025": the Saturday and Sunday that day is in; of a Friday the weekend it starts, of a
    Monday the one it ends. Tuesday to Thursday are refused: the weekend before or after?"""
    m = re.match(r"weekend of ", phrase)
    if m is None:
        return None
    day = _read_single(_strip_fillers(phrase[m.end():]), today, anchor)
    if day is None or day.end - day.start != dt.timedelta(days=1):
        return None
    weekday = day.start.weekday()
    if weekday in (1, 2, 3):
        raise _Unreadable(f"{day.start.isoformat()} is a {WEEKDAY_NAMES[weekday]}, so its weekend could be the one "
                          f"before or the one after; name a Saturday or a Sunday, e.g. 'the weekend of 6 December "
                          f"2025'")
    return _weekend(day.start + dt.timedelta(days={4: 1, 0: -2, 5: 0, 6: -1}[weekday]))


def _read_before_last(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"the week before last", "the month before last": two calendar units back; "the week after next": two ahead."""
    m = re.fullmatch(r"(week|weekend|month|quarter|year) (before last|after next)", phrase)
    if not m:
        return None
    step = -2 if m[2] == "before last" else 2
    if m[1] == "weekend":
        return _weekend(_week(today).start + dt.timedelta(days=5 + 7 * step))
    return _unit_around(_shift(today, m[1], step), m[1])


_THIS_TIME = regex_cache.compile(rf"(?:this|(?:the )?same) time (?:(last|next) year|{_QTY} years? (ago|from now))")


def _read_this_time(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"this time last year" (or "the same time last year", "this time two years ago", "this time next year"): the
    same day that many years away, with a week either side (15 days)."""
    m = _THIS_TIME.fullmatch(phrase)
    if not m:
        return None
    years = 1 if m[1] else _quantity(m[2])
    if years != int(years):
        return None
    day = _shift(today, "year", int(years) * (1 if m[1] == "next" or m[3] == "from now" else -1))
    return DateRange(day - dt.timedelta(days=7), day + dt.timedelta(days=8))


_SAME_UNIT = regex_cache.compile(rf"(?:this|(?:the )?same) (day|week|month|quarter) (?:(last|next) year|{_QTY} years? "
                                 rf"(ago|from now))")


def _read_same_unit(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"this day last year" (or "the same day last year") is today's date a year back; "the same week / month /
    quarter last year" the Monday-Sunday week, month or quarter holding that day ("this week two years ago" too). On
    February 29 a year back is February 28."""
    m = _SAME_UNIT.fullmatch(phrase)
    if not m:
        return None
    years = 1 if m[2] else _quantity(m[3])
    if years != int(years):
        return None
    day = _shift(today, "year", int(years) * (1 if m[2] == "next" or m[4] == "from now" else -1))
    return _unit_around(day, m[1])


_WEEKDAYS_AGO = regex_cache.compile(rf"{_QTY} (monday|tuesday|wednesday|thursday|friday|saturday|sunday)s? "
                                    rf"(?:ago|back)|{_WEEKDAY} (before last|after next)")


def _read_weekdays_ago(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"two Fridays ago" is the second Friday before today ("last Friday" is the first, strictly before today, so on
    a Sunday the Friday of the week before); "the Monday before last" is two Mondays ago; "the Monday after next" the
    second Monday after today. A count that is no whole number ("a few Fridays ago") is refused."""
    m = _WEEKDAYS_AGO.fullmatch(phrase)
    if not m:
        return None
    if m[3]:
        weekday, n = WEEKDAYS[m[3]], (-2 if m[4] == "before last" else 2)
    else:
        weekday, qty = WEEKDAYS[m[2]], m[1]
        count = None if qty.removeprefix("a ").removesuffix(" of") in VAGUE_AGO else _quantity(qty)
        if count is None or count != int(count) or count < 1:
            raise _Unreadable(f"'{qty}' is not a whole number of {WEEKDAY_NAMES[weekday]}s; e.g. 'two "
                              f"{WEEKDAY_NAMES[weekday]}s ago'")
        n = -int(count)
    if n < 0:
        latest = today - dt.timedelta(days=(today.weekday() - weekday - 1) % 7 + 1)  # "last Friday"
    else:
        latest = today + dt.timedelta(days=(weekday - today.weekday() - 1) % 7 + 1)  # "next Friday"
    return _day(latest + dt.timedelta(days=7 * (n + 1 if n < 0 else n - 1)))


# Working days are Monday to Friday except New Year's Day and Christmas Day, the public holidays nearly every country
# keeps on those dates; "weekdays" are Monday to Friday.
_WORKING_DAY_WORDS = ("working day", "work day", "workday", "business day")
_NTH_WEEKDAY = regex_cache.compile(rf"{_NTH} ({'|'.join(_WORKING_DAY_WORDS)}|weekday|{_WEEKDAY[1:-1]}) (?:of|in) (.+)")


def _read_nth_weekday(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"the first Monday of March 2025" (March 3), "the last Friday in November 2025" (November 28), "the last
    working day of October 2025" (Friday October 31), "the first working day of 2026" (Friday January 2: working days
    are Monday to Friday, less January 1 and December 25), "the second weekday of 2026" (Monday to Friday)."""
    m = _NTH_WEEKDAY.fullmatch(phrase)
    if not m:
        return None
    nth, kind = m[1], m[2]
    whole = _read_whole(m[3], today, anchor)
    if whole is None:
        return None
    if kind in WEEKDAYS:
        keep = lambda day: day.weekday() == WEEKDAYS[kind]  # noqa: E731
    elif kind == "weekday":
        keep = lambda day: day.weekday() < 5  # noqa: E731
    else:
        keep = lambda day: day.weekday() < 5 and (day.month, day.day) not in ((1, 1), (12, 25))  # noqa: E731
    days = [whole.start + dt.timedelta(days=k) for k in range((whole.end - whole.start).days)]
    days = [day for day in days if keep(day)]
    index = -1 if nth in ("last", "final") else (int(nth[:-2]) if nth[0].isdigit() else ORDINAL_WORDS[nth]) - 1
    if not days or index >= len(days):
        name = WEEKDAY_NAMES[WEEKDAYS[kind]] if kind in WEEKDAYS else kind
        raise _Unreadable(f"{whole} has no {nth} {name}; e.g. 'the first Monday of March 2025'")
    return _day(days[index])


_EDGE_WEEKS = regex_cache.compile(r"(closing|final|last|dying|opening|first|initial) weeks of (.+)")


def _read_edge_weeks(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"the closing (final, last) weeks of 2025" are its last four weeks (December 4-31, 2025), "the opening weeks of
    2026" its first four (January 1-28): of a year, a half year, a quarter or a season. Of a month they could be half
    of it or all of it, so they are refused with a count to write instead."""
    m = _EDGE_WEEKS.fullmatch(phrase)
    if not m:
        return None
    whole = _read_whole(m[2], today, anchor)
    if whole is None:
        return None
    closing = m[1] in ("closing", "final", "last", "dying")
    if (_months_long(whole) or 0) < 3:
        raise _Unreadable(f"'the {m[1]} weeks' of {whole} could be half of it or all of it; write a count, e.g. "
                          f"'the {'last' if closing else 'first'} 2 weeks of October 2025'")
    return _nth_unit(whole, "week", -1 if closing else 0, 4)


_AROUND = regex_cache.compile(r"(?:around|round|circa|approximately|roughly) (.+)")


def _read_around(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"around Halloween 2025", "around Christmas": a day or a holiday of up to a week, with three days either side
    (a week around a single day); a longer span ("around March 2025") is itself."""
    m = _AROUND.fullmatch(phrase)
    if not m:
        return None
    whole = _read_whole(m[1], today, anchor)
    if whole is None:
        return None
    return _widened(whole)


def _widened(span: DateRange) -> DateRange:
    if span.end - span.start > dt.timedelta(days=7):
        return span
    return DateRange(span.start - dt.timedelta(days=3), span.end + dt.timedelta(days=3))


def _read_turn_of_the_year(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"the turn of the year": around New Year's Day (December 29 to January 4), the latest that has begun."""
    if phrase not in ("turn of the year", "turn of the new year"):
        return None
    return _yearly(lambda year: _widened(_holiday("new years day", year)), None, today, anchor)


_RUN_UP = regex_cache.compile(r"(?:run|lead|build)[- ]?up to (.+)")


def _read_run_up(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"the run-up to Christmas 2025" (or lead-up, build-up): the four weeks before it; before Christmas Day for
    Christmas, so its Eve is in the run-up (November 27 to December 24)."""
    m = _RUN_UP.fullmatch(phrase)
    if not m:
        return None
    target = _main_day(m[1], today, anchor)
    if target is None:
        return None
    return DateRange(target.start - dt.timedelta(days=28), target.start)


_NEXT_TO = regex_cache.compile(rf"(?:{_QTY} )?(day|week|fortnight|month)(s?) (before|after|leading up to|preceding"
                               rf"|following) (.+)")


def _read_next_to(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """"the week before Christmas 2025" (December 18-24), "the week after Christmas" (December 26 to January 1), "the
    3 days after March 3, 2025", "the month before Halloween": that many units just before the span starts, or just
    after it ends (a holiday of several days counts from its main day, ``HOLIDAY_MAIN_DAYS``)."""
    m = _NEXT_TO.fullmatch(phrase)
    if not m:
        return None
    qty, unit, plural, where, inner = m[1], m[2], m[3], m[4], m[5]
    if qty is None and plural or inner in ("last", "next"):
        return None  # "weeks before X" names no count; "the week before last" is another reader's
    n = 1 if qty is None else _quantity(qty)
    target = _main_day(inner, today, anchor)
    if target is None:
        return None
    if where in ("before", "leading up to", "preceding"):
        return DateRange(_shift(target.start, unit, -n), target.start)
    return DateRange(target.end, _shift(target.end, unit, n))


def _main_day(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """The span ``phrase`` names, or for a holiday of several days with a main day its main day."""
    whole = _read_whole(phrase, today, anchor)
    m = _HOLIDAY.fullmatch(_strip_fillers(phrase))
    if whole is None or m is None:
        return whole
    if m[2] in HOLIDAY_MAIN_DAYS:
        return _day(_make_date(whole.start.year, *HOLIDAY_MAIN_DAYS[m[2]]))
    if m[2] in COMPUTED_HOLIDAYS and (main := COMPUTED_HOLIDAYS[m[2]][2]) is not None:
        return _day(main(whole.start.year))  # Easter: Easter Sunday
    return whole


def _season(name: str, start_year: int) -> DateRange:
    start = _make_date(start_year, SEASONS[name], 1)
    return DateRange(start, start + relativedelta(months=3))


_WHICH = r"(?:(this past|past|last|previous|this|next|coming) )?"
# After the name: "the summer before last", "the Christmas after next"; or its year(s): "winter 2024-25".
_WHICH_AFTER = r"(?: (before last|after next)|(?: of)? (\d{4})(?:[-/](\d{4}|\d{2}))?)?"
_SEASON = regex_cache.compile(rf"{_WHICH}({'|'.join(SEASONS)}){_WHICH_AFTER}")
_HOLIDAY_NAMES = sorted([*HOLIDAYS, *COMPUTED_HOLIDAYS], key=len, reverse=True)  # the same pattern every run
_HOLIDAY = regex_cache.compile(rf"{_WHICH}({'|'.join(_HOLIDAY_NAMES)}){_WHICH_AFTER}")
_MOVABLE_HOLIDAY = regex_cache.compile(rf"\b({'|'.join(MOVABLE_HOLIDAYS)})\b")


def _read_season(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """Meteorological seasons of the northern hemisphere ("summer 2025" = June to August 2025).

    A winter spans two years, so it is named by both ("winter 2024-25"); "winter 2025" is refused.
    """
    m = _SEASON.fullmatch(phrase)
    if not m:
        return None
    which, name, year, second = m[1] or m[3], m[2], m[4], m[5]
    if m[1] and m[3]:
        return None  # "last summer before last"
    if year is None:
        return _yearly(lambda y: _season(name, y), which, today, anchor)
    if which is not None:
        return None
    year = int(year)
    if name != "winter":
        return None if second else _season(name, year)
    if second and _follows(year, second):  # "2024-25" or "2024-2025"
        return _season(name, year)
    raise _Unreadable(f"'winter {year}' could be the winter ending or the one starting in {year}; write "
                      f"e.g. 'winter {year}-{(year + 1) % 100:02d}' or 'winter {year - 1}-{year % 100:02d}'")


def _follows(year: int, second: str) -> bool:
    """Whether ``second`` ("25" or "2025") is the year after ``year``."""
    return int(second) == (year + 1) % 100 ** (len(second) // 2)


def _holiday(name: str, year: int) -> DateRange:
    if name in COMPUTED_HOLIDAYS:
        first_day, length, _main = COMPUTED_HOLIDAYS[name]
        start = first_day(year)
    else:
        month, day, length = HOLIDAYS[name]
        start = _make_date(year, month, day)
    return DateRange(start, start + dt.timedelta(days=length))


def _read_holiday(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """Holidays on a fixed date ("Christmas" = December 24-26, "the holidays" = December 24 to January 1) or computed
    for the year (``COMPUTED_HOLIDAYS``: Easter, Thanksgiving). "New Year('s) 2025-26", named by the two years it
    joins, is New Year's Eve and New Year's Day (December 31, 2025 and January 1, 2026)."""
    m = _HOLIDAY.fullmatch(phrase)
    if not m:
        return None
    which, name, year, second = m[1] or m[3], m[2], m[4], m[5]
    if m[1] and m[3]:
        return None
    if second:
        if which or name not in ("new years", "new year") or not _follows(int(year), second):
            return None
        return DateRange(_make_date(int(year), 12, 31), _make_date(int(year) + 1, 1, 2))
    if year:
        return None if which else _holiday(name, int(year))
    return _yearly(lambda y: _holiday(name, y), which, today, anchor)


def _read_movable_holiday(phrase: str, today: dt.date, anchor: dt.date) -> DateRange | None:
    """Passover, Diwali and the like fall on another day each year and are not computed: refused with a hint. So is a
    bank holiday other than August's (the UK has two in May; "bank holiday Monday": which one?)."""
    if m := _MOVABLE_HOLIDAY.search(phrase):
        raise _Unreadable(f"'{m[1]}' moves from year to year, so it is not read; write its date instead, "
                          f"e.g. 'March 30, 2025' or 'March 29 to March 31, 2025'")
    if re.search(r"\bbank holiday", phrase):
        raise _Unreadable("only the August bank holiday is read (the last Monday of August); for another, write its "
                          "date, e.g. 'May 5, 2025', or 'August bank holiday 2025'")
    return None


_READERS: tuple[Callable[[str, dt.date, dt.date], DateRange | None], ...] = (
    _read_named_day,
    _read_numeric,
    _read_nth_weekday,  # before the words: "the 3rd Monday of March 2025" is March 17, not Monday the 3rd
    _read_words,
    _read_day_span,
    _read_calendar_unit,
    _read_rolling,
    _read_ago,
    _read_vague_quantity,
    _read_weekday,
    _read_day_with_weekday,
    _read_relative_month,
    _read_week_of,
    _read_iso_week,
    _read_weekend_of,
    _read_quarter,
    _read_half,
    _read_part,
    _read_edge,
    _read_nth_of,
    _read_first_n_of,
    _read_third,
    _read_to_date,
    _read_weekend,
    _read_before_last,
    _read_season,
    _read_holiday,
    _read_this_time,
    _read_same_unit,
    _read_weekdays_ago,
    _read_edge_weeks,
    _read_around,
    _read_turn_of_the_year,
    _read_run_up,
    _read_next_to,
    _read_movable_holiday,  # last: it only explains a refusal
)
