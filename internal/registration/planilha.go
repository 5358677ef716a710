package registration

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode"

	"pelotao/internal/event"
	"pelotao/internal/participant"
	"pelotao/internal/sheet"
)

// The coach's spreadsheet (docs/requirements.md GRP-53 … GRP-55): the athletes a group's coach
// registers at once, read with the participants import's header engine and checked row by row
// with the same athlete rules as an order's (checkAthlete), before anything is held. It lives
// here, not in internal/groups, because its rules are the registration form's: the group adds
// only who may send it.

// MaxPlanilhaRows is how many athletes one spreadsheet may bring (GRP-55).
const MaxPlanilhaRows = 200

// PlanilhaPedidoMax is how many of a spreadsheet's athletes one of its orders holds: the rows
// are held as orders of at most this many each (GRP-71).
const PlanilhaPedidoMax = 50

// The coach's spreadsheet's own columns, beside the participants import's.
const (
	FieldEmergenciaNome     = "contatoEmergencia.nome"
	FieldEmergenciaTelefone = "contatoEmergencia.telefone"
	FieldKit                = "kit" // asked of an event sold by kit
	// The guardian of an athlete under Maioridade on race day (REG-252): their name and CPF or
	// passport (a passport has letters).
	FieldResponsavelNome      = "responsavel.nome"
	FieldResponsavelDocumento = "responsavel.documento"
)

// PlanilhaVocabulary recognises the columns the registration form asks: the participants
// import's (participant.Fields) and the emergency contact, which that import does not read.
var PlanilhaVocabulary = sheet.NewVocabulary(append(participant.FieldsNamed(participant.FieldNome,
	participant.FieldDocumento, participant.FieldPassaporte, participant.FieldTipoDocumento, participant.FieldNascimento,
	participant.FieldSexo, participant.FieldEmail, participant.FieldTelefone, participant.FieldPercurso, participant.FieldCamiseta),
	sheet.Field{Name: FieldEmergenciaNome, Label: "o nome do contato de emergência",
		Names: []string{"contato emergencia", "emergencia nome", "emergencia", "emergency contact", "emergency name"},
		Not:   []string{"telefone", "celular", "fone", "phone", "whatsapp"}},
	sheet.Field{Name: FieldEmergenciaTelefone, Label: "o telefone do contato de emergência",
		Names: []string{"telefone emergencia", "fone emergencia", "celular emergencia", "emergencia telefone", "emergency phone"}},
	sheet.Field{Name: FieldKit, Label: "o kit", Names: []string{"kit", "tipo kit", "kit nome"}},
	sheet.Field{Name: FieldResponsavelNome, Label: "o nome do responsável",
		Names: []string{"responsavel", "nome responsavel", "guardian"}, Not: []string{"cpf", "documento", "passaporte", "doc"}},
	sheet.Field{Name: FieldResponsavelDocumento, Label: "o documento do responsável",
		Names: []string{"cpf responsavel", "documento responsavel", "doc responsavel", "passaporte responsavel", "guardian document"}},
)...)

// planilhaRequired are the columns a spreadsheet must have (and the kit's, when the event sells kits), with the name a missing one is told
// by; the document is the CPF's or the passport's column.
var planilhaRequired = []struct{ field, nome string }{
	{participant.FieldNome, "nome"},
	{participant.FieldDocumento, "CPF ou passaporte"},
	{participant.FieldNascimento, "nascimento"},
	{participant.FieldSexo, "sexo"},
	{participant.FieldTelefone, "celular"},
	{participant.FieldPercurso, "modalidade"},
	{participant.FieldCamiseta, "camiseta"},
	{FieldEmergenciaNome, "contato de emergência"},
	{FieldEmergenciaTelefone, "telefone do contato de emergência"},
}

// ErrPlanilhaGrande refuses a spreadsheet of more than MaxPlanilhaRows athletes (GRP-55).
var ErrPlanilhaGrande = &sheet.Error{Message: fmt.Sprintf("A planilha tem mais de %d atletas. Divida-a em arquivos de até %d linhas.", MaxPlanilhaRows, MaxPlanilhaRows)}

// PlanilhaRow is a row of the spreadsheet read as the form's athlete.
type PlanilhaRow struct {
	Linha  int
	Atleta Athlete
}

// Planilha is a checked spreadsheet: its rows, and every row's problem in the imports' one
// vocabulary (sheet.RowError: the line as the spreadsheet numbers it, the column as its header
// names it, a pt-BR message). Rows holds only the rows without an error.
type Planilha struct {
	Linhas int
	Rows   []PlanilhaRow
	Errors []sheet.RowError
}

// CheckPlanilha reads t's rows as athletes of e on today and checks each as an order's athlete
// (the coach accepts the regulation for the group). A document twice in the file, or already
// registered in the event (registered: participants and held or confirmed registrations, as
// the order's one-document-per-event rule counts them), is the row's error (GRP-54).
// ErrPlanilhaGrande: more than MaxPlanilhaRows rows.
func CheckPlanilha(e *event.Event, t *sheet.Table, today event.Date, registered map[participant.Documento]bool) (Planilha, error) {
	if len(t.Rows) > MaxPlanilhaRows {
		return Planilha{}, ErrPlanilhaGrande
	}
	out := Planilha{Linhas: len(t.Rows)}
	at := map[string]int{}
	for i, c := range PlanilhaVocabulary.Recognise(t, nil).Columns {
		if _, taken := at[c.Field]; c.Field != "" && !taken {
			at[c.Field] = i
		}
	}
	required := planilhaRequired
	if e.Inscricoes.TipoPreco == event.TipoPrecoKit {
		required = append(slices.Clone(required), struct{ field, nome string }{FieldKit, "kit"})
	}
	for _, req := range required {
		_, ok := at[req.field]
		if req.field == participant.FieldDocumento {
			_, pass := at[participant.FieldPassaporte]
			ok = ok || pass
		}
		if !ok {
			out.Errors = append(out.Errors, sheet.RowError{Row: t.HeaderLine(),
				Message: "Falta a coluna " + req.nome + ". Use o modelo ou dê à coluna esse nome."})
		}
	}
	if len(out.Errors) > 0 {
		return out, nil
	}
	seen := map[participant.Documento]int{}
	for _, row := range t.Rows {
		r := planilhaRow{t: t, row: row, at: at}
		a, failed := r.athlete(today)
		errs := FieldErrors{}
		checkAthlete(e, &a, today, "", errs)
		for _, k := range slices.Sorted(maps.Keys(errs)) {
			if !failed[k] {
				r.fail(r.field(k), errs[k])
			}
		}
		if !failed["documento"] && errs["documento"] == "" {
			switch first, twice := seen[a.Documento]; {
			case twice:
				r.fail(r.docField(), fmt.Sprintf("Este documento já está na linha %d da planilha.", first))
			case registered[a.Documento]:
				r.fail(r.docField(), "Este documento já está inscrito neste evento.")
			default:
				seen[a.Documento] = row.Number
			}
		}
		if len(r.errs) == 0 {
			out.Rows = append(out.Rows, PlanilhaRow{Linha: row.Number, Atleta: a})
		}
		out.Errors = append(out.Errors, r.errs...)
	}
	return out, nil
}

// planilhaRow reads one row's cells by field.
type planilhaRow struct {
	t    *sheet.Table
	row  sheet.Row
	at   map[string]int
	errs []sheet.RowError
}

func (r *planilhaRow) cell(field string) string {
	i, ok := r.at[field]
	if !ok {
		return ""
	}
	return r.row.Cell(i)
}

// header is the column's header as the file names it, or "" for a field without a column.
func (r *planilhaRow) header(field string) string {
	if i, ok := r.at[field]; ok {
		return r.t.Header[i]
	}
	return ""
}

func (r *planilhaRow) fail(field, message string) {
	column := r.header(field)
	if column == "" {
		column = planilhaLabels[field]
	}
	r.errs = append(r.errs, sheet.RowError{Row: r.row.Number, Column: column, Message: message})
}

// docField is the document's column: the CPF's, or the passport's when the row has no CPF.
func (r *planilhaRow) docField() string {
	if r.cell(participant.FieldDocumento) == "" && r.cell(participant.FieldPassaporte) != "" {
		return participant.FieldPassaporte
	}
	return participant.FieldDocumento
}

// athlete is the row as the form would send it. The cells the form would not let through
// (a document, a date or a sex that cannot be read) are the row's errors already, with the
// import's messages; failed names them as checkAthlete does, so that they are told once.
func (r *planilhaRow) athlete(today event.Date) (a Athlete, failed map[string]bool) {
	failed = map[string]bool{}
	a = Athlete{
		Nome: r.cell(participant.FieldNome), Email: r.cell(participant.FieldEmail), Celular: r.cell(participant.FieldTelefone),
		Percurso: r.cell(participant.FieldPercurso), Camiseta: r.cell(participant.FieldCamiseta), Kit: r.cell(FieldKit),
		ContatoEmergencia: Contato{Nome: r.cell(FieldEmergenciaNome), Telefone: r.cell(FieldEmergenciaTelefone)},
		AceiteRegulamento: true,
	}
	if nome, doc := r.cell(FieldResponsavelNome), r.cell(FieldResponsavelDocumento); nome != "" || doc != "" {
		tipo := participant.CPF
		if strings.ContainsFunc(doc, unicode.IsLetter) {
			tipo = participant.Passaporte
		}
		a.Responsavel = &participant.Responsavel{Nome: nome, Documento: participant.Documento{Tipo: tipo, Numero: doc}}
	}
	doc, field, problem := participant.DocumentoOf(r.cell(participant.FieldTipoDocumento), r.cell(participant.FieldDocumento),
		r.cell(participant.FieldPassaporte))
	if problem != "" {
		r.fail(field, problem)
		failed["documento"] = true
	}
	a.Documento = doc
	if s := r.cell(participant.FieldNascimento); s != "" {
		y, m, d := today.YMD()
		iso, err := participant.ParseDate(s, time.Date(y, m, d, 0, 0, 0, 0, time.UTC))
		if err != nil {
			r.fail(participant.FieldNascimento, err.Error())
			failed["nascimento"] = true
		} else {
			a.Nascimento, _ = event.ParseDate(iso)
		}
	}
	if sexo, err := participant.ParseSexo(r.cell(participant.FieldSexo)); err != nil {
		r.fail(participant.FieldSexo, err.Error())
		failed["sexo"] = true
	} else {
		a.Sexo = sexo
	}
	return a, failed
}

// field is the column of checkAthlete's field k.
func (r *planilhaRow) field(k string) string {
	switch k {
	case "documento":
		return r.docField()
	case "celular":
		return participant.FieldTelefone
	}
	return k // nome, nascimento, sexo, email, percurso, kit, camiseta, the emergency contact: the same names
}

// planilhaLabels name the fields that have no column in the file, in an error's column.
var planilhaLabels = map[string]string{
	participant.FieldNome: "nome", participant.FieldDocumento: "CPF", participant.FieldPassaporte: "passaporte",
	participant.FieldTipoDocumento: "tipo de documento", participant.FieldNascimento: "nascimento",
	participant.FieldSexo: "sexo", participant.FieldEmail: "e-mail", participant.FieldTelefone: "celular",
	participant.FieldPercurso: "modalidade", participant.FieldCamiseta: "camiseta", FieldKit: "kit",
	FieldEmergenciaNome: "contato de emergência", FieldEmergenciaTelefone: "telefone do contato de emergência",
	FieldResponsavelNome: "responsável", FieldResponsavelDocumento: "documento do responsável",
}
