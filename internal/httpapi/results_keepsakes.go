package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/document"
	"pelotao/internal/results"
)

// keepsake serves a drawing of the athlete's result (certificate or card). Its ETag changes with
// the set's import and the event's last change, so a client's copy is answered 304 without
// drawing, and a re-import or a renamed event is drawn again.
func (s *Server) keepsake(kind, contentType string, draw func(document.Athlete) ([]byte, error)) api.Func {
	return func(w http.ResponseWriter, r *http.Request) error {
		e, err := s.store.GetEvent(r.Context(), r.PathValue("id"))
		if err != nil {
			return api.NotFoundAs(err, api.ErrEventNotFound)
		}
		a, err := s.athleteResult(r)
		if err != nil {
			return err
		}
		if a.Status != results.StatusOK {
			return &api.Error{Status: http.StatusNotFound, Code: "not-found",
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
		body, err := draw(document.AthleteOf(&e, a))
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
