package httpapi

import (
	"errors"
	"net/http"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/coaching"
	"pelotao/internal/store"
)

// planInterestLimit is how many plan interests one address may leave: enough for a family on
// one connection, too few to flood the organizers' list.
var planInterestLimit = store.SenderLimit{Max: 5, Window: time.Hour}

var errTooManyPlanInterests = &api.Error{Status: http.StatusTooManyRequests, Code: "too-many-requests",
	Message: "Você já enviou vários pedidos de interesse na última hora. Tente novamente mais tarde."}

type planInterestRequest struct {
	Nome     string `json:"nome"`
	Email    string `json:"email"`
	WhatsApp string `json:"whatsapp"`
	Plano    string `json:"plano"`
}

// createPlanInterest stores a visitor's interest in a coaching plan (PLANS-9).
func (s *Server) createPlanInterest(w http.ResponseWriter, r *http.Request) error {
	var req planInterestRequest
	if err := api.ReadJSON(r, &req); err != nil {
		return err
	}
	in, err := coaching.Interest{Nome: req.Nome, Email: req.Email, WhatsApp: req.WhatsApp, Plano: req.Plano}.Clean()
	if err != nil {
		return err
	}
	p := store.PlanInterest{Nome: in.Nome, Email: in.Email, WhatsApp: in.WhatsApp, Plano: in.Plano, CriadoEm: time.Now()}
	p, err = s.store.AddPlanInterest(r.Context(), p, s.clientIP(r), planInterestLimit)
	if errors.Is(err, store.ErrTooManyPlanInterests) {
		w.Header().Set("Retry-After", "3600")
		return errTooManyPlanInterests
	}
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusCreated, p)
	return nil
}
