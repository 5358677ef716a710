package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"time"

	"pelotao/internal/certificate"
	"pelotao/internal/event"
	"pelotao/internal/results"
)

// athleteAPIPath is the athlete's answer; the certificate and the card hang under it.
func athleteAPIPath(eventID, setID, bib string) string {
	return "/api/events/" + eventID + "/results/" + setID + "/athletes/" + bib
}

// athleteWords is what the certificate, the card and the page's preview say of a result.
func athleteWords(e *event.Event, a athleteAnswer) certificate.Athlete {
	tempo, nome := results.RankingTime(a.Result, e.TempoClassificacao)
	places := results.PlaceWords(a.Athlete)
	local := strings.Trim(strings.TrimSpace(e.Local.Cidade)+" – "+strings.TrimSpace(e.Local.Estado), " –")
	return certificate.Athlete{Evento: strings.TrimSpace(e.Titulo), Data: longDate(e.DataEvento), Local: local,
		Percurso: a.ResultSet.Percurso, Nome: a.Nome, Peito: a.NumeroPeito, Tempo: tempo, TempoNome: nome, Pace: a.Pace,
		Geral: places.Geral, Sexo: places.Sexo, Categoria: places.Categoria,
		Preliminar: a.ResultSet.Status != results.Oficial, At: a.ResultSet.ImportedAt}
}

// keepsake serves a drawing of the athlete's result (certificate or card). Its ETag changes with
// the set's import and the event's last change, so a client's copy is answered 304 without
// drawing, and a re-import or a renamed event is drawn again.
func (s *Server) keepsake(kind, contentType string, draw func(certificate.Athlete) ([]byte, error)) apiFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		e, err := s.store.GetEvent(r.Context(), r.PathValue("id"))
		if err != nil {
			return notFoundAs(err, errEventNotFound)
		}
		a, err := s.athleteResult(r)
		if err != nil {
			return err
		}
		if a.Status != results.StatusOK {
			return &Error{Status: http.StatusNotFound, Code: "not-found",
				Message: "O certificado e o cartão são de quem concluiu a prova."}
		}
		sum := sha256.Sum256([]byte(strings.Join([]string{kind, a.ResultSet.ID, a.ResultSet.ImportedAt.Format(time.RFC3339Nano),
			e.AtualizadoEm.Format(time.RFC3339Nano), a.Key()}, "|")))
		etag := `"` + hex.EncodeToString(sum[:12]) + `"`
		h := w.Header()
		h.Set("ETag", etag)
		h.Set("Cache-Control", "public, no-cache")
		if etagMatches(r.Header.Get("If-None-Match"), etag) {
			w.WriteHeader(http.StatusNotModified)
			return nil
		}
		body, err := draw(athleteWords(&e, a))
		if err != nil {
			return err
		}
		h.Set("Content-Type", contentType)
		if kind == "certificado" {
			h.Set("Content-Disposition", `inline; filename="certificado-`+a.Key()+`.pdf"`)
		}
		_, _ = w.Write(body)
		return nil
	}
}

// athleteHead is what the athlete's page says in link previews: the name and time in the
// title, the places in the description, and the share card as the picture.
func (s *Server) athleteHead(r *http.Request, h head, e *event.Event) head {
	a, err := s.athleteResult(r)
	if err != nil {
		if _, known := err.(*Error); !known {
			s.log.Error("reading the athlete of a page", "path", r.URL.Path, "err", err)
		}
		return h // an unknown set or bib: the app says so
	}
	words := athleteWords(e, a)
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
		h.Image = ogImage{URL: s.absURL(api + "/card.png"), Width: certificate.CardW, Height: certificate.CardH,
			Alt: "Resultado de " + a.Nome + ": " + words.Tempo}
	}
	if h.Data == nil {
		h.Data = map[string]any{}
	}
	h.Data[athleteAPIPath(e.ID, a.ResultSet.ID, r.PathValue("bib"))] = a
	return h
}
