package event

import (
	"fmt"
	"strings"
)

// months are the months' names as Brazilians write them, January first.
var months = [...]string{"janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
	"outubro", "novembro", "dezembro"}

// LongDate is d as Brazilians write it in prose ("15 de março de 2026"); "" for no date.
func LongDate(d Date) string {
	if !d.Valid() {
		return ""
	}
	return fmt.Sprintf("%d de %s de %d", d.day, months[d.month-1], d.year)
}

// CityUF is the city and state as the site writes them ("Recife – PE"), either alone when the
// other is missing; "" for neither. (The web app's cityOf, web/src/lib/events/eventText.ts, writes the
// same place.)
func (l Local) CityUF() string {
	c, uf := strings.TrimSpace(l.Cidade), strings.TrimSpace(l.Estado)
	if c != "" && uf != "" {
		return c + " – " + uf
	}
	return c + uf
}
