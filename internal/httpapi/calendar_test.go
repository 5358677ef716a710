package httpapi

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"pelotao/internal/event"
)

// unfoldICS checks the content lines of an iCalendar body (CRLF ends, at most 75 octets) and
// returns the logical lines, unfolded.
func unfoldICS(t *testing.T, body string) []string {
	t.Helper()
	if !strings.HasSuffix(body, "\r\n") {
		t.Fatalf("the body does not end with CRLF: %q", body)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSuffix(body, "\r\n"), "\r\n") {
		if strings.ContainsAny(l, "\r\n") {
			t.Errorf("a bare line break in %q", l)
		}
		if len(l) > 75 {
			t.Errorf("%d octets in %q", len(l), l)
		}
		if !utf8.ValidString(l) {
			t.Errorf("folding split a character: %q", l)
		}
		if strings.HasPrefix(l, " ") {
			lines[len(lines)-1] += l[1:]
			continue
		}
		lines = append(lines, l)
	}
	return lines
}

func TestEventCalendarFile(t *testing.T) {
	app := newTestApp(t)
	long := strings.Repeat("Percurso plano à beira-mar, com hidratação a cada 2,5 km; ", 6)
	e, err := app.store.CreateEvent(context.Background(), event.Event{
		Titulo:      `Corrida, Caminhada; e "Pedal" \ Noturno`,
		DataEvento:  event.NewDate(2026, 3, 15),
		Local:       event.Local{Local: "Parque Taquaral", Endereco: "Av. Heitor Penteado, s/n", Cidade: "Campinas", Estado: "SP"},
		Largadas:    []event.Largada{{ID: "a", Horario: "07:30"}, {ID: "b", Horario: "06:45"}},
		Informacoes: event.Informacoes{Descricao: long + "\r\nSegunda linha\nTerceira"},
		Status:      "Cancelado",
	})
	if err != nil {
		t.Fatal(err)
	}
	w := app.Serve(httptest.NewRequest("GET", "/event/"+e.ID+".ics", nil))
	if w.Code != 200 || w.Header().Get("Content-Type") != "text/calendar; charset=utf-8" {
		t.Fatalf("status %d, type %q: %s", w.Code, w.Header().Get("Content-Type"), w.Body)
	}
	body := w.Body.String()
	lines := unfoldICS(t, body)
	if !strings.Contains(body, "\r\n ") {
		t.Errorf("the long description was not folded: %q", body)
	}
	pageURL := "http://localhost:8080/event/" + e.ID
	wantDescription := `DESCRIPTION:` + strings.ReplaceAll(strings.ReplaceAll(long, ",", `\,`), ";", `\;`) +
		`\nSegunda linha\nTerceira\n\nMais informações: ` + pageURL
	for _, want := range []string{
		"BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTIMEZONE", "TZID:America/Sao_Paulo", "TZOFFSETTO:-0300", "END:VTIMEZONE",
		"BEGIN:VEVENT", "UID:" + e.ID + "@localhost",
		"DTSTART;TZID=America/Sao_Paulo:20260315T064500", "DTEND;TZID=America/Sao_Paulo:20260315T084500",
		`SUMMARY:Corrida\, Caminhada\; e "Pedal" \\ Noturno`,
		`LOCATION:Parque Taquaral\, Av. Heitor Penteado\, s/n\, Campinas – SP`,
		wantDescription, "URL:" + pageURL, "STATUS:CANCELLED", "END:VEVENT", "END:VCALENDAR",
	} {
		if !contains(lines, want) {
			t.Errorf("no line %q in\n%s", want, strings.Join(lines, "\n"))
		}
	}
	if lines[0] != "BEGIN:VCALENDAR" || lines[len(lines)-1] != "END:VCALENDAR" {
		t.Errorf("not one VCALENDAR: %q … %q", lines[0], lines[len(lines)-1])
	}
	var stamp bool
	for _, l := range lines {
		if v, ok := strings.CutPrefix(l, "DTSTAMP:"); ok {
			_, err := time.Parse("20060102T150405Z", v)
			stamp = err == nil
		}
	}
	if !stamp {
		t.Errorf("no UTC DTSTAMP in %q", lines)
	}
}

func contains(lines []string, want string) bool {
	for _, l := range lines {
		if l == want {
			return true
		}
	}
	return false
}

// REG-224: the calendar file of an event in Rio Branco starts at its largada on Acre's clock
// (UTC−5), named by its IANA zone and described with that offset for calendars that do not know it.
func TestEventCalendarFileOnTheEventsClock(t *testing.T) {
	app := newTestApp(t)
	e, err := app.store.CreateEvent(context.Background(), event.Event{Titulo: "Meia do Acre", DataEvento: event.NewDate(2027, 3, 14),
		FusoHorario: "America/Rio_Branco", Largadas: []event.Largada{{ID: "a", Horario: "07:00"}}})
	if err != nil {
		t.Fatal(err)
	}
	lines := unfoldICS(t, app.Serve(httptest.NewRequest("GET", "/event/"+e.ID+".ics", nil)).Body.String())
	for _, want := range []string{"BEGIN:VTIMEZONE", "TZID:America/Rio_Branco", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0500", "END:VTIMEZONE",
		"DTSTART;TZID=America/Rio_Branco:20270314T070000", "DTEND;TZID=America/Rio_Branco:20270314T090000"} {
		if !contains(lines, want) {
			t.Errorf("no line %q in\n%s", want, strings.Join(lines, "\n"))
		}
	}
	if contains(lines, "TZID:America/Sao_Paulo") {
		t.Errorf("São Paulo's zone in Rio Branco's calendar:\n%s", strings.Join(lines, "\n"))
	}
}

func TestEventCalendarFileAllDay(t *testing.T) {
	app := newTestApp(t)
	e, err := app.store.CreateEvent(context.Background(), event.Event{Titulo: "Pedal", DataEvento: event.NewDate(2026, 12, 31), Largadas: []event.Largada{{Horario: ""}}})
	if err != nil {
		t.Fatal(err)
	}
	lines := unfoldICS(t, app.Serve(httptest.NewRequest("GET", "/event/"+e.ID+".ics", nil)).Body.String())
	if !contains(lines, "DTSTART;VALUE=DATE:20261231") || !contains(lines, "DTEND;VALUE=DATE:20270101") {
		t.Errorf("want an all-day event on 2026-12-31: %q", lines)
	}

	undated, err := app.store.CreateEvent(context.Background(), event.Event{Titulo: "Sem data"})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/event/" + undated.ID + ".ics", "/event/nao-existe.ics"} {
		if w := app.Serve(httptest.NewRequest("GET", path, nil)); w.Code != 404 {
			t.Errorf("%s: status %d, want 404", path, w.Code)
		}
	}
}
