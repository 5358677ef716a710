//go:build webdist

package httpapi

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/results"
)

// The results page carries each set and its first page of lines, and the server draws them:
// a visitor (or a crawler) sees the table before the app's code arrives.
func TestResultsPageDrawsTheFirstPageOfEachSet(t *testing.T) {
	app := newRenderingApp(t)
	e := storeEvent(t, app, event.Event{
		Titulo: "Corrida dos Resultados", DataEvento: event.Today(app.srv.cfg.Location, eventsClock()).AddDays(-3),
		Modalidades: []event.Modalidade{{Nome: "10 km", Km: event.Decimal{Value: 10, Valid: true}}},
	})
	var lines []results.Result
	for i := 1; i <= resultsFirstPage+5; i++ {
		place := i
		lines = append(lines, results.Result{
			NumeroPeito: fmt.Sprint(1000 + i), Nome: fmt.Sprintf("Atleta Número %03d", i), Sexo: "F", Categoria: "F30-34",
			Posicao: &place, TempoLiquido: fmt.Sprintf("0:%02d:00", 30+i%30), Status: results.StatusOK, Ordem: i,
		})
	}
	set, err := app.store.ReplaceResultSet(context.Background(), results.Set{EventID: e.ID, Percurso: "10 km", Status: results.Preliminar}, lines)
	if err != nil {
		t.Fatal(err)
	}

	w := app.Serve(httptest.NewRequest("GET", "/resultado/"+e.ID, nil))
	if w.Code != http.StatusOK {
		t.Fatalf("status %d", w.Code)
	}
	page := w.Body.String()
	markup := html.UnescapeString(rootMarkup(t, page))
	for _, want := range []string{"Atleta Número 001", fmt.Sprintf("Atleta Número %03d", resultsFirstPage), "Preliminar", "Carregar mais",
		`href="/resultado/` + e.ID + `/atleta/` + set.ID + `/1001"`} {
		if !strings.Contains(markup, want) {
			t.Errorf("the drawn page lacks %q", want)
		}
	}
	if strings.Contains(markup, fmt.Sprintf("Atleta Número %03d", resultsFirstPage+1)) {
		t.Error("the drawn page holds more than the first page")
	}
	if strings.Contains(markup, "Carregando resultados") {
		t.Error("the drawn page waits for the results instead of showing them")
	}
	for _, key := range []string{resultSetsPath(e.ID), resultPagePath(e.ID, set.ID)} {
		if !strings.Contains(page, `"`+key+`"`) {
			t.Errorf("the first data lacks %s", key)
		}
	}

	// The athlete's page is drawn with the athlete's answer.
	w = app.Serve(httptest.NewRequest("GET", "/resultado/"+e.ID+"/atleta/"+set.ID+"/1002", nil))
	if w.Code != http.StatusOK {
		t.Fatalf("athlete page: status %d", w.Code)
	}
	athlete := html.UnescapeString(rootMarkup(t, w.Body.String()))
	if h1s := h1Texts(athlete); len(h1s) != 1 || h1s[0] != "Atleta Número 002" {
		t.Errorf("athlete page: headings %q", h1s)
	}
	for _, want := range []string{fmt.Sprintf("2º de %d", resultsFirstPage+5), "Preliminar", "certificado"} {
		if !strings.Contains(athlete, want) {
			t.Errorf("the drawn athlete page lacks %q", want)
		}
	}
}

// HOME-19: the drawn home names a past card's results by what its event has published, and says
// when there are none yet; the card still leads to the results page (HOME-12).
func TestDrawnHomeNamesAPastCardsResults(t *testing.T) {
	app := newRenderingApp(t)
	today := event.Today(app.srv.cfg.Location, eventsClock())
	past := storeEvent(t, app, event.Event{Titulo: "Corrida de Ontem", DataEvento: today.AddDays(-1), Modalidades: []event.Modalidade{{Nome: "10 km"}}})
	cardOf := regexp.MustCompile(`<a[^>]*href="/resultado/` + regexp.QuoteMeta(past.ID) + `"[\s\S]*?</a>`)
	card := func() string {
		t.Helper()
		w := app.Serve(httptest.NewRequest("GET", "/?aba=anteriores", nil))
		if w.Code != http.StatusOK {
			t.Fatalf("status %d", w.Code)
		}
		c := cardOf.FindString(html.UnescapeString(rootMarkup(t, w.Body.String())))
		if c == "" {
			t.Fatal("the drawn home has no card of the past event")
		}
		return c
	}
	if c := card(); !strings.Contains(c, "Resultados ainda não publicados") || strings.Contains(c, "Ver resultados") {
		t.Errorf("no results yet: the drawn card says %q", c)
	}
	line := []results.Result{{NumeroPeito: "1", Nome: "Ana", Status: results.StatusOK, Ordem: 1}}
	if _, err := app.store.ReplaceResultSet(context.Background(), results.Set{EventID: past.ID, Percurso: "10 km", Status: results.Preliminar}, line); err != nil {
		t.Fatal(err)
	}
	if c := card(); !strings.Contains(c, "Ver resultados preliminares") || strings.Contains(c, "Resultados ainda não publicados") {
		t.Errorf("a preliminary set: the drawn card says %q", c)
	}
}

// EVT-33: a past event's page is drawn with its results link named by the sets' status, and no
// calendar; an upcoming one reads no sets and keeps its calendar.
func TestEventPageNamesAPastEventsResultsByTheirStatus(t *testing.T) {
	app := newRenderingApp(t)
	today := event.Today(app.srv.cfg.Location, eventsClock())
	modalidades := []event.Modalidade{{Nome: "10 km"}, {Nome: "5 km"}}
	past := storeEvent(t, app, event.Event{Titulo: "Corrida de Ontem", DataEvento: today.AddDays(-1), Modalidades: modalidades})
	line := []results.Result{{NumeroPeito: "1", Nome: "Ana", Status: results.StatusOK, Ordem: 1}}
	drawn := func(id string) string {
		t.Helper()
		w := app.Serve(httptest.NewRequest("GET", "/event/"+id, nil))
		if w.Code != http.StatusOK {
			t.Fatalf("status %d", w.Code)
		}
		return w.Body.String()
	}
	publish := func(percurso, status string) {
		t.Helper()
		if _, err := app.store.ReplaceResultSet(context.Background(), results.Set{EventID: past.ID, Percurso: percurso, Status: status}, line); err != nil {
			t.Fatal(err)
		}
	}

	// EVT-34: no set and no file yet, the drawn page says so and links to no empty page.
	if markup := html.UnescapeString(rootMarkup(t, drawn(past.ID))); !strings.Contains(markup, "Resultados ainda não publicados") ||
		strings.Contains(markup, "Ver resultados") {
		t.Error("no results yet: the drawn page does not say so, or still links to them")
	}

	publish("10 km", results.Oficial)
	publish("5 km", results.Preliminar)
	page := drawn(past.ID)
	markup := html.UnescapeString(rootMarkup(t, page))
	if !strings.Contains(markup, "Ver resultados preliminares") || strings.Contains(markup, "Ver resultados oficiais") {
		t.Errorf("one preliminary set: the drawn link is not 'preliminares'")
	}
	if strings.Contains(markup, "Adicionar ao calendário") {
		t.Error("a past event offers its calendar")
	}
	if !strings.Contains(page, `"`+resultSetsPath(past.ID)+`"`) {
		t.Error("the first data lacks the sets the app names the link by")
	}

	publish("5 km", results.Oficial)
	if markup := html.UnescapeString(rootMarkup(t, drawn(past.ID))); !strings.Contains(markup, "Ver resultados oficiais") {
		t.Error("every set official: the drawn link is not 'oficiais'")
	}

	upcoming := storeEvent(t, app, event.Event{Titulo: "Corrida de Amanhã", DataEvento: today.AddDays(1)})
	page = drawn(upcoming.ID)
	if strings.Contains(page, `"`+resultSetsPath(upcoming.ID)+`"`) || !strings.Contains(html.UnescapeString(rootMarkup(t, page)), "Adicionar ao calendário") {
		t.Error("an upcoming event's page reads sets, or lacks its calendar")
	}
}
