package registration

import (
	"strings"

	"pelotao/internal/event"
	"pelotao/internal/participant"
)

// Patch is an edit of one registration (PATCH /api/inscricoes/{id}); a nil field stays as it is.
// The athlete or the buyer may change Camiseta, Equipe and ContatoEmergencia until the event's
// edicaoAte; Nome, Documento and Nascimento only the event's owner or gestao, at any time.
type Patch struct {
	Camiseta          *string                `json:"camiseta,omitempty"`
	Equipe            *string                `json:"equipe,omitempty"`
	ContatoEmergencia *Contato               `json:"contatoEmergencia,omitempty"`
	Nome              *string                `json:"nome,omitempty"`
	Documento         *participant.Documento `json:"documento,omitempty"`
	Nascimento        *event.Date            `json:"nascimento,omitempty"`
}

// Edited is a registration after an edit: the athlete, its category (recomputed when the birth
// date changed) and each changed field's value before and after.
type Edited struct {
	Atleta    Athlete
	Categoria string
	Changes   map[string][2]any
}

// Edit applies p to athlete a (category categoria) of event e on today. organizer: the event's
// owner or gestao. A *Closed (code edicao-encerrada) refuses an athlete's edit after edicaoAte;
// FieldErrors name what is wrong, or what only the organizer may change.
func Edit(e *event.Event, a Athlete, categoria string, p Patch, organizer bool, today event.Date) (Edited, error) {
	errs := FieldErrors{}
	if !organizer {
		if until := e.EdicaoAteEfetiva(); until.Valid() && today.Compare(until) > 0 {
			return Edited{}, &Closed{Code: Const.Codes.EdicaoEncerrada,
				Motivo: Fill(Const.Messages.EdicaoEncerrada, "data", brDate(until))}
		}
		for field, set := range map[string]bool{"nome": p.Nome != nil, "documento": p.Documento != nil, "nascimento": p.Nascimento != nil} {
			if set {
				errs.add(field, Const.Messages.EdicaoSoOrganizacao)
			}
		}
		if len(errs) > 0 {
			return Edited{}, errs
		}
	}
	next := a
	touched := map[string]bool{}
	if p.Camiseta != nil {
		next.Camiseta, touched["camiseta"] = *p.Camiseta, true
	}
	if p.Equipe != nil {
		next.Equipe, touched["equipe"] = *p.Equipe, true
	}
	if p.ContatoEmergencia != nil {
		next.ContatoEmergencia, touched["contatoEmergencia"] = *p.ContatoEmergencia, true
	}
	if p.Nome != nil {
		next.Nome, touched["nome"] = *p.Nome, true
	}
	if p.Documento != nil {
		next.Documento, touched["documento"] = *p.Documento, true
	}
	if p.Nascimento != nil {
		next.Nascimento, touched["nascimento"] = *p.Nascimento, true
	}
	all := FieldErrors{}
	nova := checkAthlete(e, &next, today, "", all)
	for field, msg := range all {
		root, _, _ := strings.Cut(field, ".")
		switch {
		case touched[root]:
			errs.add(field, msg)
		case field == "percurso" && touched["nascimento"] && nova == "" && msg != Const.Messages.Percurso:
			errs.add("nascimento", msg) // no category admits the new age
		}
	}
	if len(errs) > 0 {
		return Edited{}, errs
	}
	out := Edited{Atleta: next, Categoria: categoria, Changes: map[string][2]any{}}
	if touched["nascimento"] && nova != "" {
		out.Categoria = nova
	}
	change := func(field string, before, after any) {
		if touched[field] && before != after {
			out.Changes[field] = [2]any{before, after}
		}
	}
	change("camiseta", a.Camiseta, next.Camiseta)
	change("equipe", a.Equipe, next.Equipe)
	change("contatoEmergencia", a.ContatoEmergencia, next.ContatoEmergencia)
	change("nome", a.Nome, next.Nome)
	change("documento", a.Documento, next.Documento)
	change("nascimento", a.Nascimento.String(), next.Nascimento.String())
	if out.Categoria != categoria {
		out.Changes["categoria"] = [2]any{categoria, out.Categoria}
	}
	return out, nil
}

// brDate is a calendar date as Brazilians write it (dd/mm/aaaa).
func brDate(d event.Date) string {
	y, m, day := d.YMD()
	return pad2(day) + "/" + pad2(int(m)) + "/" + itoa(y)
}
