// Package results is a modality's results as data: reading a timing company's spreadsheet into
// results (columns matched by name, times, statuses, places and pace computed when the file lacks
// them), and what an athlete's page shows of one result.
package results

import "time"

// Set statuses: a set stays preliminar until the organizer publishes it as oficial.
const (
	Preliminar = "preliminar"
	Oficial    = "oficial"
)

// Result statuses: only StatusOK results have places.
const (
	StatusOK  = "ok"
	StatusDNF = "DNF"
	StatusDNS = "DNS"
	StatusDSQ = "DSQ"
)

// Result is one athlete's line (docs/http-api.md "A result"). A missing time or pace is "".
type Result struct {
	NumeroPeito      string    `json:"numeroPeito"`
	Nome             string    `json:"nome"`
	Sexo             string    `json:"sexo"`
	Categoria        string    `json:"categoria"`
	Equipe           string    `json:"equipe"`
	Posicao          *int      `json:"posicao"`
	PosicaoSexo      *int      `json:"posicaoSexo"`
	PosicaoCategoria *int      `json:"posicaoCategoria"`
	TempoBruto       string    `json:"tempoBruto"`
	TempoLiquido     string    `json:"tempoLiquido"`
	Pace             string    `json:"pace"`
	Status           string    `json:"status"`
	Parciais         []Parcial `json:"parciais"`
	// Chave is the line's key in its set, for the athlete's page: the bib, else the file's id
	// column, else "linha-<row>".
	Chave string `json:"chave"`

	// Documento is the athlete's document as the file gives it (a CPF's 11 digits, else a passport's
	// letters and digits in upper case; "" without one): only the ranking by assessoria matches it
	// with a group's registrations (GRP-32). Never in the line's JSON: the results are public.
	Documento string `json:"-"`

	// Ordem is the line's place in the set's table (finishers by place, then the others in
	// file order), 1-based: what pages and sorts by.
	Ordem int `json:"-"`
}

// Parcial is a split time, named as the file's column.
type Parcial struct {
	Nome  string `json:"nome"`
	Tempo string `json:"tempo"`
}

// Set is a modality's published results (GET /api/events/{id}/results).
type Set struct {
	ID         string    `json:"id"`
	EventID    string    `json:"-"`
	Percurso   string    `json:"percurso"` // the modality's nome
	Status     string    `json:"status"`
	Finishers  int       `json:"finishers"`
	Total      int       `json:"total"`
	ImportedAt time.Time `json:"importedAt"`
	// Categorias lists the set's categories, for the filter of the results table.
	Categorias []string `json:"categorias"`
	// FinishersBy counts the finishers of each sex and category, for an athlete's "7º de 120".
	FinishersBy FinishersBy `json:"-"`
}

// FinishersBy counts finishers by sexo and by categoria (lines without one are not counted).
type FinishersBy struct {
	Sexo      map[string]int `json:"sexo"`
	Categoria map[string]int `json:"categoria"`
}

// CountFinishersBy counts the finishers of rs by sex and by category.
func CountFinishersBy(rs []Result) FinishersBy {
	f := FinishersBy{Sexo: map[string]int{}, Categoria: map[string]int{}}
	for _, r := range rs {
		if r.Status != StatusOK {
			continue
		}
		if r.Sexo != "" {
			f.Sexo[r.Sexo]++
		}
		if r.Categoria != "" {
			f.Categoria[r.Categoria]++
		}
	}
	return f
}

// Athlete is the single-athlete answer: the result, the set's totals and how it compares.
type Athlete struct {
	Result
	Total       int `json:"total"`
	Concluintes int `json:"concluintes"`
	// MaisRapidoQue is the percent of finishers slower than the athlete; nil without a place.
	MaisRapidoQue  *int `json:"maisRapidoQue"`
	TotalSexo      int  `json:"totalSexo"`      // finishers of the athlete's sex
	TotalCategoria int  `json:"totalCategoria"` // finishers of the athlete's category
}

// AthleteResult is an athlete's result, its totals and the set it is in (for the preliminary
// label): the answer of GET …/results/{setId}/athletes/{bib}, and what the certificate, the card
// and the athlete's page say.
type AthleteResult struct {
	Athlete
	ResultSet Set `json:"resultSet"`
	// Grupo is the name of the group (assessoria) the result counts for in the ranking by
	// assessoria, "" for none (GRP-33).
	Grupo string `json:"grupo"`
}

// AthleteIn is result res of set with the set's totals: what an athlete's page, certificate and
// "Minhas inscrições" say of it.
func AthleteIn(set Set, res Result) AthleteResult {
	a := AthleteResult{ResultSet: set, Athlete: Athlete{Result: res, Total: set.Total, Concluintes: set.Finishers,
		TotalSexo: set.FinishersBy.Sexo[res.Sexo], TotalCategoria: set.FinishersBy.Categoria[res.Categoria]}}
	if res.Posicao != nil {
		pct := MaisRapidoQue(*res.Posicao, set.Finishers)
		a.MaisRapidoQue = &pct
	}
	return a
}

// MaisRapidoQue is the percent (rounded down) of finishers slower than the place posicao.
func MaisRapidoQue(posicao, concluintes int) int {
	if concluintes == 0 || posicao < 1 || posicao > concluintes {
		return 0
	}
	return (concluintes - posicao) * 100 / concluintes
}

// Counts sums up a parsed file or a set.
type Counts struct {
	Total     int `json:"total"`
	Finishers int `json:"finishers"`
	DNF       int `json:"dnf"`
	DNS       int `json:"dns"`
	DSQ       int `json:"dsq"`
}

// CountOf counts results by status.
func CountOf(rs []Result) Counts {
	c := Counts{Total: len(rs)}
	for _, r := range rs {
		switch r.Status {
		case StatusOK:
			c.Finishers++
		case StatusDNF:
			c.DNF++
		case StatusDNS:
			c.DNS++
		case StatusDSQ:
			c.DSQ++
		}
	}
	return c
}

// Key is what finds the line in its set (the athlete page's {bib}): Chave, or the bib of a line
// stored before lines had one.
func (r Result) Key() string {
	if r.Chave != "" {
		return r.Chave
	}
	return r.NumeroPeito
}
