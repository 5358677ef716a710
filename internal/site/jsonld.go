package site

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"pelotao/internal/event"
)

// schemaStatus maps the event's status to schema.org's EventStatusType; the others are scheduled.
var schemaStatus = map[string]string{
	"Cancelado": "https://schema.org/EventCancelled",
	"Adiado":    "https://schema.org/EventPostponed",
}

// sportsEvent is the schema.org SportsEvent of e on today, which search engines show as an event
// result.
func sportsEvent(e *event.Event, today event.Date, pageURL, imageURL string) map[string]any {
	ld := map[string]any{
		"@context":            "https://schema.org",
		"@type":               "SportsEvent",
		"name":                strings.TrimSpace(e.Titulo),
		"url":                 pageURL,
		"eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
		"eventStatus":         "https://schema.org/EventScheduled",
	}
	if s, ok := schemaStatus[e.Status]; ok {
		ld["eventStatus"] = s
	}
	if start, ok := startOf(e); ok {
		ld["startDate"] = start
	}
	if d := strings.TrimSpace(e.Informacoes.Descricao); d != "" {
		ld["description"] = d
	}
	if imageURL != "" {
		ld["image"] = []string{imageURL}
	}
	l := e.Local
	address := map[string]any{"@type": "PostalAddress", "addressCountry": "BR"}
	for k, v := range map[string]string{"streetAddress": l.Endereco, "addressLocality": l.Cidade, "addressRegion": l.Estado} {
		if v = strings.TrimSpace(v); v != "" {
			address[k] = v
		}
	}
	ld["location"] = map[string]any{"@type": "Place", "name": cmp.Or(strings.TrimSpace(l.Local), strings.TrimSpace(l.Cidade)), "address": address}
	if offers := offersOf(e, today); offers != nil {
		ld["offers"] = offers
	}
	return ld
}

// startOf is when e starts as ISO 8601: the earliest largada on the event's own clock, with its
// UTC offset (REG-224), or the date alone when no largada has a time.
func startOf(e *event.Event) (string, bool) {
	start, timed, ok := e.Start()
	switch {
	case !ok:
		return "", false
	case !timed:
		return e.DataEvento.String(), true
	}
	return start.Format(time.RFC3339), true
}

// offersOf is the AggregateOffer of e: its purchase link and the range of its prices in reais. A
// past event's offer is not in stock whatever its document still says (TRUTH-1).
func offersOf(e *event.Event, today event.Date) map[string]any {
	var prices []float64
	for _, l := range e.Inscricoes.Lotes {
		if l.Valor.Valid {
			prices = append(prices, l.Valor.Value)
		}
	}
	for _, p := range e.Inscricoes.PrecosPorKit {
		if p.Valor.Valid {
			prices = append(prices, p.Valor.Value)
		}
	}
	link := strings.TrimSpace(e.LinkCompra)
	if !strings.HasPrefix(link, "https://") && !strings.HasPrefix(link, "http://") {
		link = ""
	}
	if link == "" && len(prices) == 0 {
		return nil
	}
	o := map[string]any{"@type": "AggregateOffer", "priceCurrency": "BRL"}
	if link != "" {
		o["url"] = link
	}
	if len(prices) > 0 {
		o["lowPrice"], o["highPrice"] = slices.Min(prices), slices.Max(prices)
	}
	switch e.ShownStatus(today) {
	case event.Const.OpenStatus:
		o["availability"] = "https://schema.org/InStock"
	case "Esgotado":
		o["availability"] = "https://schema.org/SoldOut"
	}
	return o
}
