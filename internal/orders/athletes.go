package orders

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"pelotao/internal/mail"
	"pelotao/internal/money"
	"pelotao/internal/participant"
	"pelotao/internal/registration"
	"pelotao/internal/store"
)

// Who changed a registration, as its athlete's e-mail says it ("foi cancelada pela organização do evento").
const (
	porComprador   = "por quem fez a sua inscrição"
	porOrganizacao = "pela organização do evento"
	porAtleta      = "por você"
)

// changeLabels name an edit's fields in the athlete's e-mail.
var changeLabels = map[string]string{"camiseta": "Camiseta", "equipe": "Equipe/assessoria", "contatoEmergencia": "Contato de emergência",
	"nome": "Nome", "documento": "Documento", "nascimento": "Data de nascimento", "categoria": "Categoria"}

// whoChanged is who did by's change of order o, as the athlete's e-mail names them.
func whoChanged(o store.Order, organizer bool, by store.Actor) string {
	switch {
	case by.UserID == o.BuyerID:
		return porComprador
	case organizer:
		return porOrganizacao
	}
	return porAtleta
}

// tellAthletes e-mails each athlete of regs whose e-mail is not the buyer's (the buyer has their
// own e-mail) what happened to their registration (REG-245); motivo is that, for the athlete
// named. A failure is logged: what happened stands whether or not the e-mail leaves.
func (s *Service) tellAthletes(ctx context.Context, o store.Order, regs []store.Registration, subject string,
	motivo func(evento string) string, detalhes []string) {
	if s.Mailer == nil || len(regs) == 0 {
		return
	}
	buyer, err := s.Store.UserByID(ctx, o.BuyerID)
	if err != nil {
		s.Log.Warn("athlete e-mail: buyer", "order", o.ID, "err", err)
		return
	}
	e, err := s.Store.GetEvent(ctx, o.EventID)
	if err != nil {
		s.Log.Warn("athlete e-mail: event", "order", o.ID, "err", err)
		return
	}
	for _, r := range regs {
		to := athleteEmail(r)
		if to == "" || strings.EqualFold(to, buyer.Email) {
			continue
		}
		msg, err := mail.Athlete(mail.AthleteNotice{To: to, Nome: r.Nome, Evento: e.Titulo, Assunto: subject, Motivo: motivo(e.Titulo),
			Detalhes: detalhes, Link: s.BaseURL + "/dashboard"})
		if err == nil {
			err = s.Mailer.Send(ctx, msg)
		}
		if err != nil {
			s.Log.Warn("athlete e-mail not sent", "order", o.ID, "registration", r.ID, "err", err)
		}
	}
}

// athleteEmail is the e-mail the athlete of r gave, or "".
func athleteEmail(r store.Registration) string {
	var a struct {
		Email string `json:"email"`
	}
	_ = json.Unmarshal(r.Atleta, &a) // an athlete without an e-mail is told nothing
	return strings.TrimSpace(a.Email)
}

// tellCanceled tells the athletes of regs, cancelled by who, that their registrations left the
// event; valor (centavos, 0: none) is what goes back to the account that paid, for one
// registration cancelled alone.
func (s *Service) tellCanceled(ctx context.Context, o store.Order, regs []store.Registration, who string, valor money.Centavos) {
	detalhes := []string{"A sua vaga foi liberada e o seu nome saiu da lista de inscritos."}
	if valor > 0 {
		detalhes = append(detalhes, fmt.Sprintf("O valor da inscrição, %s, volta pelo Pix para a conta que pagou o pedido.", valor.BRL()))
	}
	s.tellAthletes(ctx, o, regs, mail.AthleteCanceledSubject, func(evento string) string {
		if who == porAtleta {
			return fmt.Sprintf("Você cancelou a sua inscrição em \"%s\".", evento)
		}
		return fmt.Sprintf("A sua inscrição em \"%s\" foi cancelada %s.", evento, who)
	}, detalhes)
}

// tellRefunded tells the athletes of order o, refunded in full (reembolsado) by refund r, that
// their registrations were cancelled with it; those cancelled alone before were told then. Who
// asked the refund is in the order's history: its buyer; an athlete of the order (their account's
// verified e-mail is the athlete's), cancelling the order's last registration; or else the
// organization.
func (s *Service) tellRefunded(ctx context.Context, o store.Order, r store.Refund) {
	h, err := s.Store.OrderHistory(ctx, o.ID)
	if err != nil {
		s.Log.Warn("athlete e-mail: order history", "order", o.ID, "err", err)
		return
	}
	var before []string
	asker := ""
	for _, e := range h {
		var d struct {
			ID          string `json:"id"`
			InscricaoID string `json:"inscricaoId"`
		}
		if json.Unmarshal(e.Detalhe, &d) != nil {
			continue
		}
		switch {
		case e.Tipo == store.OrderRegistrationCanceledEvent:
			before = append(before, d.InscricaoID)
		case e.Tipo == store.OrderRefundEvent && d.ID == r.ID && e.Por != "": // its record, not its later status
			asker = e.Por
		}
	}
	regs := slices.DeleteFunc(slices.Clone(o.Inscricoes), func(r store.Registration) bool { return slices.Contains(before, r.ID) })
	if asker == o.BuyerID {
		s.tellCanceled(ctx, o, regs, porComprador, 0)
		return
	}
	var self string // the asker's verified e-mail, when an athlete asked
	if u, err := s.Store.UserByID(ctx, asker); asker != "" && err == nil && !u.EmailVerifiedAt.IsZero() {
		self = u.Email
	}
	mine := func(r store.Registration) bool { return self != "" && strings.EqualFold(athleteEmail(r), self) }
	s.tellCanceled(ctx, o, slices.DeleteFunc(slices.Clone(regs), func(r store.Registration) bool { return !mine(r) }), porAtleta, 0)
	s.tellCanceled(ctx, o, slices.DeleteFunc(regs, mine), porOrganizacao, 0)
}

// tellEdited tells the athlete of reg what who changed in it (REG-245).
func (s *Service) tellEdited(ctx context.Context, o store.Order, reg store.Registration, who string, changes map[string][2]any) {
	detalhes := make([]string, 0, len(changes))
	for _, k := range slices.Sorted(maps.Keys(changes)) {
		detalhes = append(detalhes, fmt.Sprintf("%s: %s → %s", changeLabels[k], changeValue(changes[k][0]), changeValue(changes[k][1])))
	}
	s.tellAthletes(ctx, o, []store.Registration{reg}, mail.AthleteEditedSubject, func(evento string) string {
		return fmt.Sprintf("Os dados da sua inscrição em \"%s\" foram alterados %s.", evento, who)
	}, detalhes)
}

// changeValue writes one side of a change as the athlete reads it.
func changeValue(v any) string {
	switch v := v.(type) {
	case registration.Contato:
		return strings.TrimSpace(v.Nome + " " + v.Telefone)
	case participant.Documento:
		return v.Numero
	case string:
		if v == "" {
			return "(em branco)"
		}
		return v
	}
	return fmt.Sprint(v)
}
