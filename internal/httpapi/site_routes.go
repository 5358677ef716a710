package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"pelotao/internal/answercache"
	"pelotao/internal/api"
	"pelotao/internal/results"
	"pelotao/internal/store"
)

// siteAPI gives internal/site the answers of the JSON API that pages carry as first data.
type siteAPI struct{ s *Server }

func (a siteAPI) Session(r *http.Request) (any, error) { return a.s.session(r) }

func (a siteAPI) PublicEvents(ctx context.Context, q store.EventQuery) (answercache.Answer, error) {
	return a.s.publicList(ctx, q)
}

func (a siteAPI) ResultsPage(ctx context.Context, set results.Set, q store.ResultQuery) (json.RawMessage, error) {
	page, err := a.s.resultsPage(ctx, set, q)
	if err != nil {
		return nil, err
	}
	return resultsPageJSON(page), nil
}

func (a siteAPI) Athlete(r *http.Request) (results.AthleteResult, error) {
	ans, err := a.s.athleteResult(r)
	if apiErr := (*api.Error)(nil); errors.As(err, &apiErr) && apiErr.Status == http.StatusNotFound {
		return ans, store.ErrNotFound
	}
	return ans, err
}

// calendarSuffix ends the address of an event's calendar file, /event/{id}.ics: a path wildcard
// cannot carry a suffix, so the event page's route hands these requests over (withCalendar).
const calendarSuffix = ".ics"

// withCalendar answers /event/{eventId}.ics with the calendar file and leaves the rest to page.
func (s *Server) withCalendar(page http.Handler) http.Handler {
	return api.Func(func(w http.ResponseWriter, r *http.Request) error {
		id, ok := strings.CutSuffix(r.PathValue("eventId"), calendarSuffix)
		if !ok {
			page.ServeHTTP(w, r)
			return nil
		}
		return s.eventCalendar(w, r, id)
	})
}

// eventCalendar answers GET /event/{id}.ics: the event as an iCalendar file (RFC 5545), which
// phones add to their calendar ('Adicionar ao calendário').
func (s *Server) eventCalendar(w http.ResponseWriter, r *http.Request, id string) error {
	e, err := s.store.GetEvent(r.Context(), id)
	if err != nil {
		return api.NotFoundAs(err, api.ErrEventNotFound)
	}
	if !e.DataEvento.Valid() {
		return &api.Error{Status: http.StatusNotFound, Code: "no-date", Message: "O evento ainda não tem data."}
	}
	h := w.Header()
	h.Set("Content-Type", "text/calendar; charset=utf-8")
	h.Set("Content-Disposition", contentDisposition("attachment", "evento.ics"))
	h.Set("Cache-Control", "no-cache")
	_, _ = w.Write(s.site.EventCalendar(&e))
	return nil
}

// notRouted answers whatever no route matched: an unknown /api/ path gets a JSON 404, a file at
// the root of the built app (favicon…) is served, and any other page path is not a page of the
// site, so it is redirected to the home page (docs/product.md §2: "any other path").
func (s *Server) notRouted(w http.ResponseWriter, r *http.Request) {
	switch name := r.URL.Path[1:]; {
	case isAPI(r.URL.Path):
		api.WriteError(w, r, api.ErrNotFound)
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		api.WriteError(w, r, &api.Error{Status: http.StatusMethodNotAllowed, Code: "method-not-allowed", Message: "Método não permitido."})
	case s.site.RootFile(name):
		s.site.ServeRootFile(w, r, name)
	default:
		http.Redirect(w, r, "/", http.StatusFound)
	}
}
