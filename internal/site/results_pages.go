package site

import (
	"context"
	"fmt"

	"pelotao/internal/results"
	"pelotao/internal/store"
)

// resultsFirstPage is how many lines of each set the results page carries: the page size the app
// asks for (web/src/lib/results/resultsApi.ts resultPageSize), so that its first request is
// the one embedded.
const resultsFirstPage = store.DefaultResultLimit

// resultSetsPath and resultPagePath are the requests web/src/lib/results/resultsApi.ts makes
// for an event's sets and for the first page of one, unfiltered.
func resultSetsPath(eventID string) string { return "/api/events/" + eventID + "/results" }

func resultPagePath(eventID, setID string) string {
	return fmt.Sprintf("%s/%s?limit=%d", resultSetsPath(eventID), setID, resultsFirstPage)
}

// addResultsData puts the event's result sets and the first page of each into data, the results
// page's first data, so that the server draws the tables and the app needs no request. A failed
// read leaves them out: the app then asks, and reports what fails.
func (s *Server) addResultsData(ctx context.Context, data map[string]any, eventID string) {
	sets, ok := s.addResultSetsData(ctx, data, eventID)
	if !ok {
		return
	}
	pages := make(map[string]any, len(sets))
	for _, set := range sets {
		page, err := s.api.ResultsPage(ctx, set, store.ResultQuery{SetID: set.ID, Limit: resultsFirstPage})
		if err != nil {
			s.log.Error("reading the results of a page", "event", eventID, "set", set.ID, "err", err)
			delete(data, resultSetsPath(eventID))
			return
		}
		pages[resultPagePath(eventID, set.ID)] = page
	}
	for path, page := range pages {
		data[path] = page
	}
}

// addResultSetsData puts the event's result sets alone into data: a past event's page names its
// results link by their status (EVT-33), drawn by the server as the app draws it.
func (s *Server) addResultSetsData(ctx context.Context, data map[string]any, eventID string) ([]results.Set, bool) {
	sets, err := s.store.ListResultSets(ctx, eventID)
	if err != nil {
		s.log.Error("reading the result sets of a page", "event", eventID, "err", err)
		return nil, false
	}
	data[resultSetsPath(eventID)] = map[string]any{"resultSets": sets}
	return sets, true
}
