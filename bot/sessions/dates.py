"""Dates and lengths of time in words: the day an absence ends ("3 Dec"), a short duration
("3h 20m"), and reading the return date a player types ("5d", "2026-12-03", "3 Dec", "3. Dez").
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.games.text import tx, tx_c, tx_n

_MONTHS = (
    tx_c("month", "Jan"),
    tx_c("month", "Feb"),
    tx_c("month", "Mar"),
    tx_c("month", "Apr"),
    tx_c("month", "May"),
    tx_c("month", "Jun"),
    tx_c("month", "Jul"),
    tx_c("month", "Aug"),
    tx_c("month", "Sep"),
    tx_c("month", "Oct"),
    tx_c("month", "Nov"),
    tx_c("month", "Dec"),
)
"""The months as away notes abbreviate them (English: strftime's `%b`)."""


def format_day(when: datetime) -> str:
    """ "3 Dec" (UTC), the way away notes name a date (a `Text`: "3. Dez." in German)."""
    return tx("{day} {month}", day=when.day, month=_MONTHS[when.month - 1])


def format_duration(span: timedelta) -> str:
    """A short human length: "45s", "12m", "3h 20m", "2d 4h"."""
    secs = int(span.total_seconds())
    if secs < 60:
        return tx("{s}s", s=secs)
    if secs < 3600:
        return tx("{m}m", m=secs // 60)
    if secs < 86400:
        h, m = divmod(secs // 60, 60)
        return tx("{h}h {m}m", h=h, m=m) if m else tx("{h}h", h=h)
    d, h = divmod(secs // 3600, 24)
    return tx("{d}d {h}h", d=d, h=h) if h else tx("{d}d", d=d)


def _days(span: timedelta) -> str:
    days = span.total_seconds() / 86400
    whole = int(days)
    if days == whole:
        return tx_n("{n} day", "{n} days", whole)
    return tx("{days} days", days=format(days, ".1f"))


_MAX_PARSED_DAYS = 3660
"""Longer absences than this are read as this long (and refused by the server's limit)."""


_GERMAN_MONTHS = {
    "januar": "jan",
    "jänner": "jan",
    "februar": "feb",
    "märz": "mar",
    "mär": "mar",
    "mrz": "mar",
    "maerz": "mar",
    "april": "apr",
    "mai": "may",
    "juni": "jun",
    "juli": "jul",
    "okt": "oct",
    "oktober": "oct",
    "dez": "dec",
    "dezember": "dec",
}
"""German month names and abbreviations that differ from English, as `%b` reads them (the
others, "Feb", "Aug", "Sep", "Nov"... are the same)."""


def parse_until(text: str, now: datetime) -> datetime | None:
    """A return date from "5" / "5d" (days from now), "2026-12-03" or "3 Dec" / "Dec 3"
    (also German: "3. Dez", "24. März"; the next such day, at the same time of day as now);
    None if it is not one of these."""
    raw = " ".join(text.strip().lower().split())
    if not raw:
        return None
    number = raw.removesuffix("days").removesuffix("day").removesuffix("d").strip()
    if number.isascii() and number.isdigit():
        # "²" passes isdigit() and 5,000 digits exceed int()'s limit: ASCII only, a bounded
        # count. 0 days is now and a huge count is capped, so `go_away` can say what is wrong
        # ("in the future", "at most N days") instead of "cannot read".
        days = int(number) if len(number) <= 7 else _MAX_PARSED_DAYS
        return now + timedelta(days=min(days, _MAX_PARSED_DAYS))
    try:
        day = datetime.strptime(raw, "%Y-%m-%d")
        return now.replace(year=day.year, month=day.month, day=day.day)
    except ValueError:
        pass
    # German day-month dates read as well ("3. Dez", "3. Dezember", "24. März").
    words = [_GERMAN_MONTHS.get(w.rstrip("."), w.rstrip(".")) for w in raw.split()]
    raw = " ".join(words)
    for pattern in ("%d %b", "%b %d", "%d %B", "%B %d"):
        try:
            day = datetime.strptime(f"{raw} 2000", f"{pattern} %Y")
        except ValueError:
            continue
        for year in (now.year, now.year + 1):
            try:
                candidate = now.replace(year=year, month=day.month, day=day.day)
            except ValueError:  # 29 Feb in a common year
                continue
            if candidate > now:
                return candidate
    return None
