package event

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// Date is a calendar date with no time and no zone ("2026-03-15"). An event happens on a day,
// not at an instant, so it shows as the same day everywhere; storing it as UTC midnight is what
// makes 15/03 show as 14/03 in Brazil. The zero Date means "no date" and encodes as "".
type Date struct {
	year  int
	month time.Month
	day   int
	// invalid keeps text that is not a date, so Validate can point at the field instead of the
	// whole request failing to decode.
	invalid string
}

// NewDate returns the date y-m-d; it panics on an impossible date, as it is meant for literals.
func NewDate(y int, m time.Month, d int) Date {
	date, ok := makeDate(y, m, d)
	if !ok {
		panic(fmt.Sprintf("event.NewDate: %04d-%02d-%02d is not a date", y, m, d))
	}
	return date
}

func makeDate(y int, m time.Month, d int) (Date, bool) {
	t := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	if y < 1 || y > 9999 || t.Year() != y || t.Month() != m || t.Day() != d {
		return Date{}, false
	}
	return Date{year: y, month: m, day: d}, true
}

// DateOf is the calendar date of t in t's own location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{year: y, month: m, day: d}
}

// Today is the current date in loc (PELOTAO_TZ): at 2026-03-15T02:30Z it is still the 14th in
// São Paulo.
func Today(loc *time.Location, now time.Time) Date { return DateOf(now.In(loc)) }

// ParseDate reads "2026-03-15". It also accepts an RFC 3339 timestamp, as older documents stored
// one, and keeps the calendar date as written in it: "2026-03-15T00:00:00Z" (the UTC-midnight
// form) and "2026-03-15T00:00:00-03:00" are both the 15th.
func ParseDate(s string) (Date, bool) {
	if len(s) > 10 {
		if _, err := time.Parse(time.RFC3339Nano, s); err != nil {
			return Date{}, false
		}
		s = s[:10]
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return Date{}, false
	}
	return DateOf(t), true
}

// IsZero reports whether d is "no date". A date that failed to parse is not zero.
func (d Date) IsZero() bool { return d.year == 0 && d.invalid == "" }

// Valid reports whether d is a real date (not zero, not unparsable text).
func (d Date) Valid() bool { return d.year != 0 }

// String is "2026-03-15", "" for no date, or the unparsable text as received.
func (d Date) String() string {
	if d.year == 0 {
		return d.invalid
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.year, d.month, d.day)
}

// Compare returns -1, 0 or +1 as d is before, equal to or after e.
func (d Date) Compare(e Date) int {
	switch {
	case d.year != e.year:
		return cmpInt(d.year, e.year)
	case d.month != e.month:
		return cmpInt(int(d.month), int(e.month))
	default:
		return cmpInt(d.day, e.day)
	}
}

func cmpInt(a, b int) int {
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

// YMD returns d's year, month and day (zeros for no date).
func (d Date) YMD() (year int, month time.Month, day int) { return d.year, d.month, d.day }

// AddDays returns the date n days after d (before, for negative n).
func (d Date) AddDays(n int) Date {
	return DateOf(time.Date(d.year, d.month, d.day+n, 12, 0, 0, 0, time.UTC))
}

// IsUpcoming reports whether an event on d is upcoming on today: the day itself counts
// (docs/product.md §4: "today (midnight) or later"). An event with no date is upcoming, listed after the
// dated ones (docs/requirements.md HOME-7).
func (d Date) IsUpcoming(today Date) bool { return !d.Valid() || d.Compare(today) >= 0 }

func (d Date) MarshalJSON() ([]byte, error) { return json.Marshal(d.String()) }

func (d *Date) UnmarshalJSON(b []byte) error {
	*d = Date{}
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		d.invalid = string(b)
		return nil
	}
	return d.UnmarshalText([]byte(s))
}

func (d *Date) UnmarshalText(b []byte) error {
	s := string(bytes.TrimSpace(b))
	*d = Date{}
	if s == "" {
		return nil
	}
	if p, ok := ParseDate(s); ok {
		*d = p
	} else {
		d.invalid = truncate(s, 40)
	}
	return nil
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}
