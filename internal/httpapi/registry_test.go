package httpapi

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"pelotao/internal/store"
)

// registryPage is a page of the page registry (internal/site/pages.json) as the tests of the
// served pages read it: what a page must answer with.
type registryPage struct {
	Paths       []string `json:"paths"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	EventTitle  string   `json:"eventTitle"` // the title of an event's page, with {titulo}
}

// registry reads the page registry once.
var registry = sync.OnceValue(func() map[string]registryPage {
	raw, err := os.ReadFile(filepath.Join("..", "site", "pages.json"))
	if err != nil {
		panic(err)
	}
	var reg struct {
		Pages map[string]registryPage `json:"pages"`
	}
	if err := json.Unmarshal(raw, &reg); err != nil {
		panic(err)
	}
	return reg.Pages
})

// pageByName is the page of the registry called name.
func pageByName(name string) registryPage {
	p, ok := registry()[name]
	if !ok {
		panic("pages.json has no page " + name)
	}
	return p
}

// Requests the home page makes for its first data (web/src/features/events/eventList.ts), which
// the drawn page carries: the soonest upcoming events, or the whole list.
const (
	soonestCards      = 24
	soonestEventsPath = "/api/events?when=upcoming&order=asc&limit=24"
	homeEventsPath    = "/api/events?limit=500"
)

// resultsFirstPage is how many lines of each set the results page carries: the page size
// web/src/lib/results/resultsApi.ts asks for.
const resultsFirstPage = store.DefaultResultLimit

// resultSetsPath and resultPagePath are the requests web/src/lib/results/resultsApi.ts makes for an
// event's sets and for the first page of one, which the results page carries as first data.
func resultSetsPath(eventID string) string { return "/api/events/" + eventID + "/results" }

func resultPagePath(eventID, setID string) string {
	return fmt.Sprintf("%s/%s?limit=%d", resultSetsPath(eventID), setID, resultsFirstPage)
}
