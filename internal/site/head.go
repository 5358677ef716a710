package site

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"html/template"
	"net/http"
	"regexp"
	"strings"
	"sync"

	"pelotao/internal/event"
	"pelotao/internal/store"
	"pelotao/internal/upload"
)

// head is what a page says about itself to browsers, search engines and link previews
// (WhatsApp, Instagram, Facebook and X read the Open Graph and Twitter tags).
type head struct {
	Title       string
	Description string
	Canonical   string // absolute; "" on a page that is not the site's (an unknown event)
	OGType      string
	Image       ogImage
	// ImagePreloads fetch the page's largest picture while the app's code loads.
	ImagePreloads []imagePreload
	JSONLD        any // schema.org data of the page; nil for none
	// Data is the first data of the page, keyed by the API path the app would fetch it from
	// (web/src/lib/platform/initialData.ts), so that the first render needs no request.
	Data map[string]any
}

// imagePreload is a <link rel="preload" as="image">, for the screens that match Media.
type imagePreload struct {
	Href, Media string
	// Responsive holds imagesrcset and imagesizes, built by responsiveAttrs: html/template would
	// take imagesrcset (its name has "src") for one URL and encode the spaces between candidates.
	Responsive template.HTMLAttr
}

func responsiveAttrs(srcset, sizes string) template.HTMLAttr {
	return template.HTMLAttr(`imagesrcset="` + html.EscapeString(srcset) + `" imagesizes="` + html.EscapeString(sizes) + `"`)
}

// uploadedFile matches the path of a picture stored by POST /api/uploads, which has narrower copies.
var uploadedFile = regexp.MustCompile(`^/files/[A-Za-z0-9_-]+$`)

// ogImage is a link preview's picture; Width and Height are 0 when unknown.
type ogImage struct {
	URL           string
	Width, Height int
	Alt           string
}

func (s *Server) pageHead(r *http.Request, meta pageInfo) head {
	return head{Title: meta.Title, Description: meta.Description, Canonical: s.absURL(r.URL.Path), OGType: "website"}
}

// absURL is path on the public origin (PELOTAO_BASE_URL): links shared or crawled must not
// depend on the host a request happened to use.
func (s *Server) absURL(path string) string { return s.cfg.BaseURL.String() + path }

// homeEventsPath is the request web/src/features/events/eventList.ts loadAllEvents makes.
const homeEventsPath = "/api/events?limit=500"

// soonestCards is how many cards the home page draws first (eventList.ts firstCards), and
// soonestEventsPath the request of those, the soonest upcoming events (eventList.ts soonestEvents).
const soonestCards = 24

var soonestEventsPath = fmt.Sprintf("/api/events?when=upcoming&order=asc&limit=%d", soonestCards)

// maxEmbeddedPages bounds the home page's list, as a runaway cursor must not make a page endless.
const maxEmbeddedPages = 20

// homeData is the home page's first data; nil when it cannot be read (the app then fetches it
// and reports the failure). The plain address shows the soonest upcoming events first, so it
// carries only those and the app loads the rest: the page stays small however many events there
// are. An address with a search or a tab carries the whole list, every page merged as one answer.
func (s *Server) homeData(r *http.Request) map[string]any {
	if r.URL.RawQuery == "" {
		soonest, err := s.publicList(r.Context(), store.EventQuery{
			When: store.Upcoming, Today: event.Today(s.cfg.Location, eventsClock()), Ascending: true, Limit: soonestCards,
		})
		if err != nil {
			s.log.Error("reading the events of the home page", "err", err)
			return nil
		}
		return map[string]any{soonestEventsPath: json.RawMessage(soonest.JSON)}
	}
	q := store.EventQuery{Limit: store.MaxListLimit}
	var events []json.RawMessage
	for range maxEmbeddedPages {
		page, err := s.store.ListEvents(r.Context(), q)
		if err != nil {
			s.log.Error("reading the events of the home page", "err", err)
			return nil
		}
		events = append(events, page.Events...)
		if page.NextCursor == "" {
			return map[string]any{homeEventsPath: map[string]any{"events": events}}
		}
		q.Cursor = page.NextCursor
	}
	return nil
}

// eventHead fills in what the page of e says about it: its title, date and city, its banner and
// the event itself as first data; on the event page (details) also the SportsEvent of schema.org
// and the preload of the banner.
func (s *Server) eventHead(ctx context.Context, h head, meta pageInfo, e *event.Event, details bool) head {
	title := strings.TrimSpace(e.Titulo)
	if title != "" && meta.EventTitle != "" {
		h.Title = strings.ReplaceAll(meta.EventTitle, "{titulo}", title)
	}
	var facts []string
	if d := event.LongDate(e.DataEvento); d != "" {
		facts = append(facts, d)
	}
	if c := e.Local.CityUF(); c != "" {
		facts = append(facts, c)
	}
	if len(facts) > 0 {
		h.Description = strings.Join(facts, " · ") + ". " + meta.Description
	}
	h.OGType = "article"
	h.Image = s.bannerImage(ctx, e.Banners)
	if h.Image.URL != "" {
		h.Image.Alt = "Banner de " + cmp.Or(title, "evento")
	}
	h.Data = map[string]any{"/api/events/" + e.ID: e}
	if details {
		h.ImagePreloads = bannerPreloads(e.Banners)
		h.JSONLD = sportsEvent(e, e.Today(eventsClock()), h.Canonical, h.Image.URL)
	}
	return h
}

// ogImageWidth is the width previews ask for: Facebook and WhatsApp show 1200-pixel pictures
// best, and the stored 1200 variant is a fraction of the original's bytes.
const ogImageWidth = 1200

// bannerImage is the preview picture of an event: the desktop banner (wide, as previews are),
// else the mobile one, at ogImageWidth when it is a stored file.
func (s *Server) bannerImage(ctx context.Context, b event.Banners) ogImage {
	src := cmp.Or(strings.TrimSpace(b.Desktop), strings.TrimSpace(b.Mobile))
	switch {
	case uploadedFile.MatchString(src):
		img := ogImage{URL: s.absURL(fmt.Sprintf("%s?w=%d", src, ogImageWidth))}
		img.Width, img.Height = s.imageSizes.get(ctx, s.store, strings.TrimPrefix(src, "/files/"), ogImageWidth)
		return img
	case strings.HasPrefix(src, "https://") || strings.HasPrefix(src, "http://"):
		return ogImage{URL: src}
	}
	return ogImage{}
}

// imageSizes remembers the size of the picture GET /files/{id}?w= answers: files never change,
// and reading one from the database on every page view would cost its bytes each time.
type imageSizes struct{ m sync.Map }

type sizeKey struct {
	id    string
	width int
}

func (c *imageSizes) get(ctx context.Context, st store.FileStore, id string, width int) (w, h int) {
	k := sizeKey{id, width}
	if v, ok := c.m.Load(k); ok {
		wh := v.([2]int)
		return wh[0], wh[1]
	}
	f, err := st.GetFile(ctx, id, width)
	if errors.Is(err, store.ErrNotFound) {
		c.m.Store(k, [2]int{}) // a missing banner leaves the size out, and stays missing: ids are never reused
		return 0, 0
	}
	if err != nil {
		return 0, 0 // a failed read is tried again next time
	}
	c.m.Store(k, [2]int{f.Width, f.Height})
	return f.Width, f.Height
}

// bannerPreloads preload the banner web/src/features/events/components/EventBanner.tsx shows: the
// desktop one from 768 pixels up and the mobile one below, each standing in for the other, with
// the srcset and sizes the page gives it, so the browser reuses what it preloaded.
func bannerPreloads(b event.Banners) []imagePreload {
	d, m := strings.TrimSpace(b.Desktop), strings.TrimSpace(b.Mobile)
	desktop, mobile := cmp.Or(d, m), cmp.Or(m, d)
	one := func(src, media string) []imagePreload {
		p := imagePreload{Href: src, Media: media}
		switch {
		case uploadedFile.MatchString(src):
			p.Responsive = responsiveAttrs(upload.SrcSet(src), upload.EventBannerSizes)
		case !strings.HasPrefix(src, "https://") && !strings.HasPrefix(src, "http://"):
			return nil
		}
		return []imagePreload{p}
	}
	if desktop == mobile {
		return one(desktop, "")
	}
	return append(one(desktop, "(min-width: 768px)"), one(mobile, "not all and (min-width: 768px)")...)
}
