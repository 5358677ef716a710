package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"pelotao/internal/registration"
	"pelotao/internal/store"
)

// msgDocumentTaken is the edit's refusal of a document registered in the event already.
const msgDocumentTaken = "Este documento já está inscrito neste evento."

// Edit changes registration registrationID of order o (registration.Edit says who changes what,
// until when); each change goes to the order's history. Nothing changed: the order as it is.
func (s *Service) Edit(ctx context.Context, o store.Order, registrationID string, p registration.Patch, organizer bool, by store.Actor) (store.Order, error) {
	var reg *store.Registration
	for i := range o.Inscricoes {
		if o.Inscricoes[i].ID == registrationID {
			reg = &o.Inscricoes[i]
		}
	}
	if reg == nil {
		return o, store.ErrNotFound
	}
	if reg.Status == store.RegistrationCanceled {
		return o, &Refusal{Code: "conflict", Motivo: "Esta inscrição foi cancelada e não pode ser alterada."}
	}
	e, err := s.Store.GetEvent(ctx, o.EventID)
	if err != nil {
		return o, err
	}
	var a registration.Athlete
	if err := json.Unmarshal(reg.Atleta, &a); err != nil {
		return o, fmt.Errorf("orders: registration %s's athlete: %w", reg.ID, err)
	}
	ed, err := registration.Edit(&e, a, reg.Categoria, p, organizer, e.Today(s.now()))
	if err != nil || len(ed.Changes) == 0 {
		return o, err
	}
	atleta, err := json.Marshal(ed.Atleta)
	if err != nil {
		return o, err
	}
	changes := make(map[string]store.Change, len(ed.Changes))
	for k, v := range ed.Changes {
		changes[k] = store.Change{De: v[0], Para: v[1]}
	}
	got, err := s.Store.EditRegistration(ctx, reg.ID, store.RegistrationEdit{Nome: ed.Atleta.Nome, Documento: ed.Atleta.Documento,
		Categoria: ed.Categoria, Camiseta: ed.Atleta.Camiseta, Atleta: atleta, Changes: changes}, by)
	if errors.Is(err, store.ErrAlreadyRegistered) {
		return o, registration.FieldErrors{"documento": msgDocumentTaken}
	}
	if err == nil {
		if who := whoChanged(o, organizer, by); who != porAtleta {
			s.tellEdited(ctx, got, *reg, who, ed.Changes)
		}
	}
	return got, err
}
