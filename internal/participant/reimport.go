package participant

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"

	"pelotao/internal/sheet"
)

// Update is an existing participant the file changes: Before as it is, P as it will be (its
// kit pickup as it was), Changes each changed field's old and new value.
type Update struct {
	Line    int
	Before  Participant
	P       Participant
	Changes map[string][2]any
}

// Plan is what importing a file into an event does: participants to add and to update, how
// many are unchanged, and those of the event the file no longer has (kept: nothing is deleted
// silently). With Errors, nothing may be saved. JaInscritos are the rows whose document is of a
// registration sold in Pelotão, or held by an order awaiting payment, one notice each: the import
// leaves them out, and the registration as it is.
type Plan struct {
	Add         []Row
	Update      []Update
	Unchanged   int
	Missing     []Participant
	Errors      []sheet.RowError
	JaInscritos []sheet.RowError
}

// Counts is the answer of a committed import.
type Counts struct {
	Added     int `json:"added"`
	Updated   int `json:"updated"`
	Unchanged int `json:"unchanged"`
	Missing   int `json:"missing"`
}

func (p Plan) Counts() Counts {
	return Counts{Added: len(p.Add), Updated: len(p.Update), Unchanged: p.Unchanged, Missing: len(p.Missing)}
}

// PlanImport sets a parsed file against the event's current participants. A row is the same
// participant as an existing one with its registration id (when the file has that column),
// else with its document in the same modality, else with its document alone (someone who
// changed modality). Fields whose column the file lacks keep their values, and so does a bib
// the row leaves empty; a recorded kit pickup is never changed. Rows still without a bib get the
// next free number of their modality's range. Bibs must stay unique in the event, including
// those of participants the file no longer has.
//
// Registrations sold in Pelotão are not the file's: a row with the document of one is left out
// (JaInscritos), whatever its modality, and they are never missing from a file; their bibs stay
// taken. So is a row with a document held by an order awaiting payment (held): its Pix would
// otherwise find the athlete in the event and go back (REG-181).
func PlanImport(existing []Participant, held []Held, parsed Parsed, settings Settings) Plan {
	var plan Plan
	existing, sold := splitSold(existing)
	parsed.Rows, plan.JaInscritos = leaveSold(parsed, sold, held)
	present := map[string]bool{}
	for _, c := range parsed.Columns {
		present[c.Field] = c.Field != ""
	}
	if present[FieldPassaporte] {
		present[FieldDocumento] = true
	}
	matched := make([]int, len(parsed.Rows)) // index in existing + 1; 0: new
	taken := make([]bool, len(existing))
	byInsc := map[string]int{}
	byDocPercurso := map[string]int{}
	byDoc := map[string][]int{}
	for i, p := range existing {
		if p.Inscricao != "" {
			byInsc[p.Inscricao] = i
		}
		doc := p.Documento.Tipo + ":" + p.Documento.Numero
		byDocPercurso[doc+"|"+Key(p.Percurso)] = i
		byDoc[doc] = append(byDoc[doc], i)
	}
	take := func(row, i int) {
		matched[row], taken[i] = i+1, true
	}
	// Registration ids first, then document and modality, then document alone: a looser match
	// never takes a participant a stricter one would have given to another row.
	for r, row := range parsed.Rows {
		if parsed.HasInscricao && row.P.Inscricao != "" {
			if i, ok := byInsc[row.P.Inscricao]; ok && !taken[i] {
				take(r, i)
			}
		}
	}
	docMatchable := func(i int) bool { return !taken[i] && (!parsed.HasInscricao || existing[i].Inscricao == "") }
	for r, row := range parsed.Rows {
		doc := row.P.Documento.Tipo + ":" + row.P.Documento.Numero
		if i, ok := byDocPercurso[doc+"|"+Key(row.P.Percurso)]; matched[r] == 0 && ok && docMatchable(i) {
			take(r, i)
		}
	}
	for r, row := range parsed.Rows {
		if matched[r] != 0 {
			continue
		}
		for _, i := range byDoc[row.P.Documento.Tipo+":"+row.P.Documento.Numero] {
			if docMatchable(i) {
				take(r, i)
				break
			}
		}
	}

	final := make([]Participant, len(parsed.Rows))
	for r, row := range parsed.Rows {
		if matched[r] == 0 {
			final[r] = row.P
			continue
		}
		final[r] = merge(existing[matched[r]-1], row.P, present)
	}
	for i, p := range existing {
		if !taken[i] {
			plan.Missing = append(plan.Missing, p)
		}
	}
	kept := append(append([]Participant(nil), plan.Missing...), sold...)
	plan.Errors = append(append([]sheet.RowError(nil), parsed.Errors...), assignBibs(parsed, final, kept, settings)...)
	if len(plan.Errors) > 0 {
		sort.SliceStable(plan.Errors, func(i, j int) bool { return plan.Errors[i].Row < plan.Errors[j].Row })
		return plan
	}
	for r, row := range parsed.Rows {
		if matched[r] == 0 {
			plan.Add = append(plan.Add, Row{Line: row.Line, P: final[r]})
			continue
		}
		if changes := diff(existing[matched[r]-1], final[r]); len(changes) > 0 {
			plan.Update = append(plan.Update, Update{Line: row.Line, Before: existing[matched[r]-1], P: final[r], Changes: changes})
		} else {
			plan.Unchanged++
		}
	}
	return plan
}

// splitSold parts an event's participants into those imports manage and the registrations sold
// in Pelotão.
func splitSold(all []Participant) (imported, sold []Participant) {
	for _, p := range all {
		if p.Origem == OrigemPelotao {
			sold = append(sold, p)
		} else {
			imported = append(imported, p)
		}
	}
	return imported, sold
}

// Held is a registration of an order awaiting payment (its hold not passed): its athlete's
// document and name.
type Held struct {
	Documento Documento
	Nome      string
}

// leaveSold is the parsed rows without those whose document is of a registration sold in
// Pelotão or held by an order awaiting payment, and a notice for each of those.
func leaveSold(parsed Parsed, sold []Participant, held []Held) ([]Row, []sheet.RowError) {
	if len(sold) == 0 && len(held) == 0 {
		return parsed.Rows, nil
	}
	notice := make(map[Documento]string, len(sold)+len(held)) // document → the row's message
	for _, h := range held {
		notice[h.Documento] = fmt.Sprintf("%s com inscrição em andamento no Pelotão (%s, pedido aguardando pagamento): a linha não é importada; se o pedido não for pago, importe o arquivo de novo.",
			docName(h.Documento), h.Nome)
	}
	for _, p := range sold {
		notice[p.Documento] = fmt.Sprintf("%s já inscrito pelo Pelotão (%s, código %s): a linha não é importada e a inscrição fica como está.",
			docName(p.Documento), p.Nome, p.Codigo)
	}
	column := columnOf(parsed, FieldDocumento, FieldPassaporte)
	rows := make([]Row, 0, len(parsed.Rows))
	var notices []sheet.RowError
	for _, row := range parsed.Rows {
		message, ok := notice[row.P.Documento]
		if !ok {
			rows = append(rows, row)
			continue
		}
		notices = append(notices, sheet.RowError{Row: row.Line, Column: column, Message: message})
	}
	return rows, notices
}

// docName is the kind of d as a row's message names it.
func docName(d Documento) string {
	if d.Tipo == Passaporte {
		return "Passaporte"
	}
	return "CPF"
}

// columnOf is the header of the file's first column read as one of fields, or "".
func columnOf(parsed Parsed, fields ...string) string {
	for _, c := range parsed.Columns {
		if slices.Contains(fields, c.Field) {
			return c.Header
		}
	}
	return ""
}

// merge is the existing participant with what the file says about it.
func merge(old, in Participant, present map[string]bool) Participant {
	p := old
	set := func(field string, apply func()) {
		if present[field] {
			apply()
		}
	}
	p.Nome, p.Documento = in.Nome, in.Documento
	set(FieldInscricao, func() { p.Inscricao = in.Inscricao })
	set(FieldEmail, func() { p.Email = in.Email })
	set(FieldTelefone, func() { p.Telefone = in.Telefone })
	set(FieldNascimento, func() { p.Nascimento = in.Nascimento })
	set(FieldSexo, func() { p.Sexo = in.Sexo })
	set(FieldPercurso, func() { p.Percurso = in.Percurso })
	set(FieldCamiseta, func() { p.Camiseta = in.Camiseta })
	set(FieldEquipe, func() { p.Equipe = in.Equipe })
	set(FieldPago, func() { p.Pago = in.Pago })
	set(FieldValor, func() { p.Valor = in.Valor })
	if in.NumeroPeito != nil {
		p.NumeroPeito = in.NumeroPeito
	}
	return p
}

// diff lists the fields an import changes, old and new value as JSON shows them.
func diff(old, new Participant) map[string][2]any {
	changes := map[string][2]any{}
	add := func(field string, a, b any) {
		if !reflect.DeepEqual(a, b) {
			changes[field] = [2]any{a, b}
		}
	}
	add(FieldInscricao, old.Inscricao, new.Inscricao)
	add(FieldNome, old.Nome, new.Nome)
	add(FieldEmail, old.Email, new.Email)
	add(FieldTelefone, old.Telefone, new.Telefone)
	add(FieldDocumento, old.Documento, new.Documento)
	add(FieldNascimento, old.Nascimento, new.Nascimento)
	add(FieldSexo, old.Sexo, new.Sexo)
	add(FieldPercurso, old.Percurso, new.Percurso)
	add(FieldCamiseta, old.Camiseta, new.Camiseta)
	add(FieldEquipe, old.Equipe, new.Equipe)
	add(FieldNumeroPeito, old.NumeroPeito, new.NumeroPeito)
	add(FieldPago, old.Pago, new.Pago)
	add(FieldValor, old.Valor, new.Valor)
	return changes
}

// ChangesJSON is an update's changes as its history entry keeps them: {"campo":[antes, depois]}.
func ChangesJSON(changes map[string][2]any) json.RawMessage {
	b, _ := json.Marshal(changes) // values are strings, numbers, booleans and documents
	return b
}

// assignBibs checks that the bibs the event will have are unique and gives the rows without one
// the next free number of their modality's range, in file order; kept are the event's
// participants the file does not have.
func assignBibs(parsed Parsed, final []Participant, kept []Participant, settings Settings) []sheet.RowError {
	var errs []sheet.RowError
	type holder struct {
		nome string
		line int // 0: a participant the file does not have
	}
	used := map[int]holder{}
	for _, p := range kept {
		if p.NumeroPeito != nil {
			used[*p.NumeroPeito] = holder{nome: p.Nome}
		}
	}
	column := columnOf(parsed, FieldNumeroPeito)
	for r, p := range final {
		if p.NumeroPeito == nil {
			continue
		}
		n := *p.NumeroPeito
		if h, dup := used[n]; dup {
			where := "um inscrito que não está neste arquivo"
			if h.line > 0 {
				where = fmt.Sprintf("a linha %d", h.line)
			}
			errs = append(errs, sheet.RowError{Row: parsed.Rows[r].Line, Column: column,
				Message: fmt.Sprintf("Nº de peito %d já é de %s (%s).", n, h.nome, where)})
			continue
		}
		used[n] = holder{nome: p.Nome, line: parsed.Rows[r].Line}
	}
	ranges := map[string]FaixaPeito{}
	for _, f := range settings.FaixasPeito {
		ranges[Key(f.Percurso)] = f
	}
	next := map[string]int{}
	for r := range final {
		p := &final[r]
		f, ok := ranges[Key(p.Percurso)]
		if p.NumeroPeito != nil || !ok {
			continue
		}
		n := max(next[Key(p.Percurso)], f.Inicio)
		for ; n <= f.Fim; n++ {
			if _, busy := used[n]; !busy {
				break
			}
		}
		if n > f.Fim {
			errs = append(errs, sheet.RowError{Row: parsed.Rows[r].Line, Column: column,
				Message: fmt.Sprintf("A faixa de nº de peito da modalidade %q (%d a %d) não tem mais números livres: amplie a faixa.", f.Percurso, f.Inicio, f.Fim)})
			continue
		}
		bib := n
		p.NumeroPeito = &bib
		used[n] = holder{nome: p.Nome, line: parsed.Rows[r].Line}
		next[Key(p.Percurso)] = n + 1
	}
	return errs
}
