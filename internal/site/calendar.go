package site

import (
	"cmp"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"pelotao/internal/event"
)

// nominalDuration is how long a timed event lasts in calendars: the event document has start
// times but no end, and a calendar entry of no length is easy to miss.
const nominalDuration = 2 * time.Hour

// icsTimezone is the zone of start as calendars need it (RFC 5545 VTIMEZONE): one STANDARD rule
// at the offset the zone has on that day. Brazil's zones keep one offset all year since 2019, and
// a calendar that does not know the IANA name still puts the event at the right instant.
func icsTimezone(start time.Time) string {
	name, seconds := start.Zone()
	sign := "+"
	if seconds < 0 {
		sign, seconds = "-", -seconds
	}
	offset := fmt.Sprintf("%s%02d%02d", sign, seconds/3600, seconds%3600/60)
	return "BEGIN:VTIMEZONE\r\nTZID:" + start.Location().String() + "\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n" +
		"TZOFFSETFROM:" + offset + "\r\nTZOFFSETTO:" + offset + "\r\nTZNAME:" + name + "\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
}

// icsOf is e as a VCALENDAR with one VEVENT: at the earliest largada on the event's own clock
// (its fusoHorario, REG-224), or all day.
func icsOf(e *event.Event, pageURL, host string, now time.Time) []byte {
	var b strings.Builder
	line := func(name, value string) { b.WriteString(foldICS(name + ":" + value)) }
	line("BEGIN", "VCALENDAR")
	line("VERSION", "2.0")
	line("PRODID", "-//Pelotão//Eventos//PT-BR")
	line("CALSCALE", "GREGORIAN")
	line("METHOD", "PUBLISH")
	start, end, allDay := calendarSpan(e)
	if !allDay {
		b.WriteString(icsTimezone(start))
	}
	line("BEGIN", "VEVENT")
	line("UID", e.ID+"@"+host)
	line("DTSTAMP", now.UTC().Format("20060102T150405Z"))
	if allDay {
		line("DTSTART;VALUE=DATE", start.Format("20060102"))
		line("DTEND;VALUE=DATE", end.Format("20060102"))
	} else {
		line("DTSTART;TZID="+start.Location().String(), start.Format("20060102T150405"))
		line("DTEND;TZID="+end.Location().String(), end.Format("20060102T150405"))
	}
	line("SUMMARY", escapeICS(cmp.Or(strings.TrimSpace(e.Titulo), "Evento")))
	if place := placeOf(e.Local); place != "" {
		line("LOCATION", escapeICS(place))
	}
	description := strings.TrimSpace(e.Informacoes.Descricao)
	if description != "" {
		description += "\n\n"
	}
	line("DESCRIPTION", escapeICS(description+"Mais informações: "+pageURL))
	line("URL", pageURL)
	if e.Status == "Cancelado" {
		line("STATUS", "CANCELLED")
	}
	line("END", "VEVENT")
	line("END", "VCALENDAR")
	return []byte(b.String())
}

// calendarSpan is when e happens on its own clock: from its earliest largada for
// nominalDuration, or the whole day.
func calendarSpan(e *event.Event) (start, end time.Time, allDay bool) {
	start, timed, _ := e.Start()
	if !timed {
		return start, start.AddDate(0, 0, 1), true
	}
	return start, start.Add(nominalDuration), false
}

// placeOf is the venue, address, and city – UF, as one line.
func placeOf(l event.Local) string {
	var parts []string
	for _, p := range []string{l.Local, l.Endereco, l.CityUF()} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// escapeICS escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks.
func escapeICS(s string) string {
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)
	return strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\n", `\n`).Replace(s)
}

// foldICS ends a content line with CRLF, folded (RFC 5545 §3.1) so that no line is longer than 75
// octets: each continuation starts with a space, and no UTF-8 character is split.
func foldICS(s string) string {
	var b strings.Builder
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		b.WriteString(s[:cut])
		b.WriteString("\r\n ")
		s = s[cut:]
		limit = 74 // the leading space counts
	}
	b.WriteString(s)
	b.WriteString("\r\n")
	return b.String()
}
