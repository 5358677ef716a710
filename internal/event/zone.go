package event

import (
	"slices"
	"strings"
	"time"

	// The tz database inside the binary: an event's clock must not depend on the host having
	// /usr/share/zoneinfo (a scratch or distroless image has none). It adds about 450 KB.
	_ "time/tzdata"
)

// zones are the locations of Const.FusosHorarios, loaded once.
var zones = func() map[string]*time.Location {
	m := make(map[string]*time.Location, len(Const.FusosHorarios))
	for _, f := range Const.FusosHorarios {
		loc, err := time.LoadLocation(f.Zona)
		if err != nil {
			panic("internal/event/constants.json: fusosHorarios: " + err.Error())
		}
		m[f.Zona] = loc
	}
	return m
}()

// IsFusoHorario reports whether zona is one of the zones an event may keep its clock in.
func IsFusoHorario(zona string) bool {
	return slices.ContainsFunc(Const.FusosHorarios, func(f FusoHorario) bool { return f.Zona == zona })
}

// Zone is the event's clock (docs/requirements.md REG-220): the zone its fusoHorario names, or
// the default zone for a document that names none (or, never stored, one not in the list). Its
// calendar days (lots, period, edits, status) and its hours (largadas, kit pickup) are read in it.
func (e *Event) Zone() *time.Location {
	if loc, ok := zones[e.FusoHorario]; ok {
		return loc
	}
	return zones[Const.Defaults.FusoHorario]
}

// Today is the event's calendar day at now, in its own zone (REG-221): at 2027-03-11T04:30Z it
// is still the 10th in Rio Branco and already the 11th in São Paulo.
func (e *Event) Today(now time.Time) Date { return Today(e.Zone(), now) }

// Start is when the event begins on its own clock (REG-223): its date at its earliest largada
// time (timed), or at its midnight when no largada has a time. ok is false for an event without
// a date. The buyer's 48-hour limit, the calendar file and the search engines' startDate use it.
func (e *Event) Start() (start time.Time, timed, ok bool) {
	if !e.DataEvento.Valid() {
		return time.Time{}, false, false
	}
	best := ""
	for _, l := range e.Largadas {
		if h := strings.TrimSpace(l.Horario); validHorario(h) && (best == "" || h < best) {
			best = h
		}
	}
	hour, minute := 0, 0
	if best != "" {
		t, _ := time.Parse("15:04", best)
		hour, minute = t.Hour(), t.Minute()
	}
	return time.Date(e.DataEvento.year, e.DataEvento.month, e.DataEvento.day, hour, minute, 0, 0, e.Zone()), best != "", true
}
