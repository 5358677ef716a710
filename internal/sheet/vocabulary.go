package sheet

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Field is one thing a column can hold, named by words rather than by whole headers, so that
// spellings no list foresaw still match ("Nº Peito", "num_peito", "Bib number").
type Field struct {
	Name  string
	Label string // pt-BR, for the questions the preview asks
	// Names are the word sets that name the field: "tempo liquido" matches a header with both
	// words, whatever else it has. A trailing "~0.6" weighs a name that is only a hint ("#").
	Names []string
	// Not are words that make the header something else: "Pos. Categoria" is no overall place.
	Not []string
	// Key fields are ones the import cannot do without: a weak guess for one is asked about.
	Key bool
	// Many lets several columns take the field (columns to leave out).
	Many bool
}

// Thresholds of a match's score (the share of the header's words a name explains).
const (
	minScore  = 0.3 // below it a header does not name the field at all
	confident = 0.6 // a key field's guess below it is asked about
	tieScore  = 0.01
)

type name struct {
	words  []string
	weight float64
}

type field struct {
	Field
	names []name
	not   map[string]bool
}

// Vocabulary is a domain's fields (results, participants), in order of precedence.
type Vocabulary struct {
	fields []field
	known  map[string]bool // every word the names use, to split compounds ("chiptime")
}

// NewVocabulary indexes fields. A name that cannot be read is a programming error and panics,
// at start-up.
func NewVocabulary(fields ...Field) *Vocabulary {
	v := &Vocabulary{known: map[string]bool{}}
	for _, f := range fields {
		ff := field{Field: f, not: map[string]bool{}}
		for _, n := range f.Names {
			text, weight := n, 1.0
			if t, w, ok := strings.Cut(n, "~"); ok {
				p, err := strconv.ParseFloat(w, 64)
				if err != nil || p <= 0 || p > 1 {
					panic("sheet: bad weight in " + n)
				}
				text, weight = t, p
			}
			words := HeaderWords(text)
			if len(words) == 0 {
				panic("sheet: empty name for " + f.Name)
			}
			for _, w := range words {
				v.known[w] = true
			}
			ff.names = append(ff.names, name{words, weight})
		}
		for _, w := range f.Not {
			ff.not[w] = true
		}
		v.fields = append(v.fields, ff)
	}
	return v
}

// Guess is a field a header may name, and how well.
type Guess struct {
	Field string
	Score float64
}

// words are the header's words with compounds split ("guntime" is "gun time", "Startnr" is
// "start nr") when both halves are words the vocabulary knows.
func (v *Vocabulary) words(header string) []string {
	var out []string
	for _, w := range HeaderWords(header) {
		out = append(out, v.split(w)...)
	}
	return out
}

func (v *Vocabulary) split(w string) []string {
	if v.known[w] || len(w) < 4 {
		return []string{w}
	}
	for i := 2; i <= len(w)-2; i++ {
		if v.known[w[:i]] && v.known[w[i:]] {
			return []string{w[:i], w[i:]}
		}
	}
	return []string{w}
}

// Guesses are the fields header may name, best first; ties keep the vocabulary's order.
func (v *Vocabulary) Guesses(header string) []Guess {
	words, dropped := meaningful(v.words(header))
	has := map[string]bool{}
	for _, w := range words {
		has[w] = true
	}
	var out []Guess
	for _, f := range v.fields {
		if slices.ContainsFunc(words, func(w string) bool { return f.not[w] }) {
			continue
		}
		best := 0.0
		for _, n := range f.names {
			if !all(n.words, has) {
				continue
			}
			// Filler words cost a little, so that "koht" beats "N koht" for the overall place.
			s := n.weight * float64(len(n.words)) / (float64(len(words)) + 0.1*float64(dropped))
			best = max(best, s)
		}
		if best >= minScore {
			out = append(out, Guess{f.Name, best})
		}
	}
	slices.SortStableFunc(out, func(a, b Guess) int { return cmp.Compare(b.Score, a.Score) })
	return out
}

func all(words []string, has map[string]bool) bool {
	for _, w := range words {
		if !has[w] {
			return false
		}
	}
	return true
}

// Best is the field header names best, "" for none.
func (v *Vocabulary) Best(header string) Guess {
	if g := v.Guesses(header); len(g) > 0 {
		return g[0]
	}
	return Guess{}
}

func (v *Vocabulary) field(name string) (field, bool) {
	for _, f := range v.fields {
		if f.Name == name {
			return f, true
		}
	}
	return field{}, false
}

// Column is one column of a file and the field it is read as ("" or a domain's "ignorar" for
// none). Every import answers its columns so.
type Column struct {
	Header string `json:"header"`
	Field  string `json:"field"`
}

// Question is what a preview asks the organizer, only about what the file leaves truly open:
// which of two columns is a field, whether a weak guess is right, which sheet, which modality a
// race is. Options are what may be answered; Guess is what is used meanwhile ("" for nothing).
type Question struct {
	Kind    string   `json:"kind"` // QuestionColumn, QuestionSheet, QuestionRace, QuestionStatus
	Field   string   `json:"field,omitempty"`
	Message string   `json:"message"`
	Options []string `json:"options"`
	Guess   string   `json:"guess"`
}

// Kinds of Question.
const (
	QuestionColumn = "column" // Field is the field; Options are headers
	QuestionSheet  = "sheet"  // Options are the sheets' names
	QuestionRace   = "race"   // Field is the race as the file writes it; Options are modalities
	QuestionStatus = "status" // downgrading an official set; Options are the set statuses
)

// Recognition is how a table's columns are read: each column's field, and the questions left.
type Recognition struct {
	Columns   []Column
	Questions []Question
}

// Recognise reads each column of t as a field. The mapping (header as written → field) is
// taken as said; every other column gets the field it names best that no column naming it
// better took. Two columns naming one field equally well, or a key field named weakly, are
// questions (the first column is used meanwhile).
func (v *Vocabulary) Recognise(t *Table, mapping map[string]string) Recognition {
	n := len(t.Header)
	rec := Recognition{Columns: make([]Column, n)}
	type cand struct {
		col   int
		field string
		score float64
		order int
	}
	var cands []cand
	taken := map[string]int{}
	order := map[string]int{}
	for i, f := range v.fields {
		order[f.Name] = i
	}
	for i, h := range t.Header {
		rec.Columns[i].Header = h
		if f, ok := mapping[h]; ok {
			rec.Columns[i].Field = f
			taken[f]++
			continue
		}
		for _, text := range t.headerTexts(i) {
			for _, g := range v.Guesses(text) {
				cands = append(cands, cand{i, g.Field, g.Score, order[g.Field]})
			}
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.order, b.order), cmp.Compare(a.col, b.col))
	})
	done := make([]bool, n)
	for i := range done {
		done[i] = rec.Columns[i].Field != ""
	}
	for k, c := range cands {
		f, _ := v.field(c.field)
		if done[c.col] || taken[c.field] > 0 && !f.Many {
			continue
		}
		done[c.col] = true
		taken[c.field]++
		rec.Columns[c.col].Field = c.field
		if f.Many {
			continue
		}
		rivals := []string{t.Header[c.col]}
		for _, o := range cands[k+1:] {
			if o.field == c.field && !done[o.col] && c.score-o.score < tieScore && !slices.Contains(rivals, t.Header[o.col]) {
				rivals = append(rivals, t.Header[o.col])
			}
		}
		switch {
		case len(rivals) > 1:
			rec.Questions = append(rec.Questions, Question{Kind: QuestionColumn, Field: c.field, Options: rivals,
				Guess: t.Header[c.col], Message: fmt.Sprintf("Qual coluna é %s?", f.Label)})
		case f.Key && c.score < confident:
			rec.Questions = append(rec.Questions, Question{Kind: QuestionColumn, Field: c.field, Options: rivals,
				Guess: t.Header[c.col], Message: fmt.Sprintf("A coluna “%s” é %s?", t.Header[c.col], f.Label)})
		}
	}
	return rec
}
