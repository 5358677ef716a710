package site

import (
	"errors"
	"net/http"
	"strings"

	"pelotao/internal/document"
	"pelotao/internal/event"
	"pelotao/internal/results"
	"pelotao/internal/store"
)

// athleteAPIPath is the athlete's answer; the certificate and the card hang under it.
func athleteAPIPath(eventID, setID, bib string) string {
	return "/api/events/" + eventID + "/results/" + setID + "/athletes/" + bib
}

// athleteHead is what the athlete's page says in link previews: the name and time in the
// title, the places in the description, and the share card as the picture.
func (s *Server) athleteHead(r *http.Request, h head, e *event.Event) head {
	a, err := s.athleteResult(r)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			s.log.Error("reading the athlete of a page", "path", r.URL.Path, "err", err)
		}
		return h // an unknown set or bib: the app says so
	}
	words := document.AthleteOf(e, a)
	switch {
	case a.Status == results.StatusOK:
		h.Title = a.Nome + ": " + words.Tempo + " nos " + a.ResultSet.Percurso + " — " + words.Evento
	default:
		h.Title = a.Nome + " (" + a.Status + ") nos " + a.ResultSet.Percurso + " — " + words.Evento
	}
	var facts []string
	for _, f := range []string{words.Geral, words.Sexo, words.Categoria} {
		if f != "" {
			facts = append(facts, f)
		}
	}
	if words.Pace != "" && a.Status == results.StatusOK {
		facts = append(facts, "pace "+words.Pace+"/km")
	}
	h.Description = strings.Join(facts, " · ")
	if h.Description != "" {
		h.Description += ". "
	}
	h.Description += "Resultado oficial."
	if words.Preliminar {
		h.Description = strings.TrimSuffix(h.Description, "Resultado oficial.") + "Resultado preliminar."
	}
	if a.Status == results.StatusOK {
		api := athleteAPIPath(e.ID, a.ResultSet.ID, a.Key())
		h.Image = ogImage{URL: s.absURL(api + "/card.png"), Width: document.CardW, Height: document.CardH,
			Alt: "Resultado de " + a.Nome + ": " + words.Tempo}
	}
	if h.Data == nil {
		h.Data = map[string]any{}
	}
	h.Data[athleteAPIPath(e.ID, a.ResultSet.ID, r.PathValue("bib"))] = a
	return h
}
