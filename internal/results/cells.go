package results

import (
	"cmp"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"pelotao/internal/sheet"
	"pelotao/internal/textfold"
)

// statusPhrases are what timing companies write for a result without a place, folded, found
// anywhere in a cell with other words around them ("DNF/Tempo Excedido", "DNF (lesão)").
// Negative statuses are looked for before StatusOK: "não completou" holds "completou".
var statusPhrases = func() []statusPhrase {
	var out []statusPhrase
	for _, s := range statusWords {
		for _, p := range s.phrases {
			out = append(out, statusPhrase{s.status, strings.Fields(p)})
		}
	}
	return out
}()

type statusPhrase struct {
	status string
	words  []string
}

var statusWords = []struct {
	status  string
	phrases []string
}{
	{StatusDSQ, []string{"dsq", "dq", "desc", "desclassificado", "desclassificada", "disqualified", "disq"}},
	{StatusDNS, []string{"dns", "nl", "nao largou", "ausente", "did not start", "did not show up", "no show", "not started"}},
	{StatusDNF, []string{"dnf", "nc", "nao completou", "nao concluiu", "nao terminou", "abandono", "abandonou", "did not finish",
		"not finished", "retired", "race stopped", "tempo excedido", "otl", "over time limit", "aufgegeben"}},
}

// okWords are a status column's words for a finisher, as the whole cell.
var okWords = map[string]bool{"ok": true, "concluiu": true, "completou": true, "finalizou": true, "finished": true,
	"finisher": true, "fin": true, "classificado": true}

// statusOf finds the status a cell writes. notApplicable: in a place or status column, "N/A"
// says the athlete has none, which is not completing; in a time cell it is only a missing time.
func statusOf(cell string, notApplicable bool) (string, bool) {
	if !strings.ContainsFunc(cell, unicode.IsLetter) {
		return "", false // a time or a place: most cells, read quickly
	}
	f := textfold.Fold(cell)
	if f == "" {
		return "", false
	}
	if okWords[strings.Trim(f, ".")] {
		return StatusOK, true
	}
	words := strings.Fields(strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return ' '
	}, f))
	if notApplicable && slices.Equal(words, []string{"n", "a"}) {
		return StatusDNF, true
	}
	for _, p := range statusPhrases {
		if containsWords(words, p.words) {
			return p.status, true
		}
	}
	return "", false
}

func containsWords(words, phrase []string) bool {
	for i := 0; i+len(phrase) <= len(words); i++ {
		if slices.Equal(words[i:i+len(phrase)], phrase) {
			return true
		}
	}
	return false
}

// noTime tells what files write in a cell left empty on purpose.
func noTime(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "-", "--", "–", "—", "x", "n/a", "na", "n.a.", "n/d", "nd":
		return true
	}
	return false
}

// raceModality is the modality a race of the file is published as: the organizer's answer, or
// the modality whose name or distance the race's name matches best when one alone does. A
// race with no answer and no single match is a question.
func raceModality(race string, o Options) (*Modality, *sheet.Question) {
	names := make([]string, len(o.Modalities))
	for i, m := range o.Modalities {
		names[i] = m.Nome
	}
	if answer, ok := o.Races[race]; ok {
		for i := range o.Modalities {
			if o.Modalities[i].Nome == answer {
				return &o.Modalities[i], nil
			}
		}
		if answer == "" {
			return nil, nil // left out by the organizer
		}
	}
	best, bestScore, tie := -1, 0.0, false
	for i, m := range o.Modalities {
		s := raceScore(race, m)
		switch {
		case s > bestScore:
			best, bestScore, tie = i, s, false
		case s == bestScore && s > 0:
			tie = true
		}
	}
	q := &sheet.Question{Kind: sheet.QuestionRace, Field: race, Options: names,
		Message: fmt.Sprintf("Em qual modalidade publicar a prova “%s” do arquivo?", race)}
	if best < 0 || tie {
		return nil, q
	}
	if bestScore < 1 {
		q.Guess = o.Modalities[best].Nome
		return nil, q
	}
	return &o.Modalities[best], nil
}

var kmRE = regexp.MustCompile(`(\d+(?:[.,]\d+)?)\s*(?:k|km)\b`)

// raceScore is how well a race's name names a modality: 1 for the same name, or for the same
// distance with every other word of the modality's name in the race's; less for a part.
func raceScore(race string, m Modality) float64 {
	if sheet.HeaderKey(race) == sheet.HeaderKey(m.Nome) {
		return 1
	}
	words := map[string]bool{}
	for _, w := range sheet.HeaderWords(race) {
		words[strings.TrimLeft(w, "0")] = true
	}
	raceKm, sameKm := kmOf(race), false
	if raceKm > 0 {
		sameKm = raceKm == m.Km || raceKm == kmOf(m.Nome)
		if !sameKm {
			return 0
		}
	}
	var rest []string
	for _, w := range sheet.HeaderWords(kmRE.ReplaceAllString(strings.ToLower(m.Nome), " ")) {
		rest = append(rest, strings.TrimLeft(w, "0"))
	}
	found := 0
	for _, w := range rest {
		if words[w] {
			found++
		}
	}
	switch {
	case sameKm && found == len(rest):
		return 1
	case sameKm:
		return 0.5 + 0.4*float64(found)/float64(len(rest))
	case len(rest) > 0:
		return 0.4 * float64(found) / float64(len(rest))
	}
	return 0
}

func kmOf(s string) float64 {
	m := kmRE.FindStringSubmatch(strings.ToLower(s))
	if m == nil {
		return 0
	}
	km, _ := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", "."), 64)
	return km
}

// paceBounds are the paces (seconds per km) outside which a modality's median finisher cannot
// be: faster than the world records, slower than walking (or climbing, on a trail).
var paceBounds = map[string][2]float64{
	"Corrida de Rua": {150, 20 * 60},
	"Trail Running":  {150, 45 * 60},
	"Ciclismo":       {50, 12 * 60},
	"Duathlon":       {60, 20 * 60},
	"Triathlon":      {60, 25 * 60},
}

// implausiblePaces warns when a modality's paces cannot be its distance's: a marathon file
// published into a 6 km modality.
func implausiblePaces(lines []*line, sport string, km float64, percurso string) string {
	bounds, ok := paceBounds[sport]
	if !ok {
		bounds = paceBounds["Corrida de Rua"]
	}
	var paces []float64
	for _, l := range lines {
		if ms := max(l.liquido, l.bruto); l.Status == StatusOK && ms > 0 && km > 0 {
			paces = append(paces, float64(ms)/1000/km)
		}
	}
	if len(paces) == 0 {
		return ""
	}
	slices.Sort(paces)
	median := paces[len(paces)/2]
	if median >= bounds[0] && median <= bounds[1] {
		return ""
	}
	where := ""
	if percurso != "" {
		where = " de " + percurso
	}
	sec := int(median + 0.5)
	why := "mais rápido que o recorde mundial"
	if median > bounds[1] {
		why = "mais lento que caminhando"
	}
	return fmt.Sprintf("Os tempos%s não parecem de %s km: o pace mediano seria %d:%02d/km, %s. Confira se o arquivo é desta modalidade.",
		where, strconv.FormatFloat(km, 'f', -1, 64), sec/60, sec%60, why)
}

// lineNotes warn of what the lines read leave to check: names whose accents did not survive
// the file's encoding, lines without a name, codes in a place cell read as not classified.
func lineNotes(lines []*line) []string {
	var notes []string
	garbled, example := 0, ""
	var unnamed []string
	codes := map[string]int{}
	for _, l := range lines {
		for _, s := range []string{l.Nome, l.Equipe, l.Categoria} {
			if sheet.LooksGarbled(s) {
				garbled++
				example = cmp.Or(example, s)
				break
			}
		}
		if l.Nome == "" {
			unnamed = append(unnamed, strconv.Itoa(l.row))
		}
		if l.unknownCode != "" {
			codes[l.unknownCode]++
		}
	}
	if garbled > 0 {
		notes = append(notes, fmt.Sprintf("%d linhas têm nomes com acentos corrompidos, como “%s”: exporte o arquivo de novo em UTF-8 antes de publicar.", garbled, example))
	}
	if n := len(unnamed); n > 0 && n < len(lines) {
		notes = append(notes, fmt.Sprintf("%d linhas não têm nome do atleta (linhas %s).", n, strings.Join(unnamed[:min(n, 10)], ", ")))
	}
	for _, code := range slices.Sorted(maps.Keys(codes)) {
		notes = append(notes, fmt.Sprintf("A posição “%s” (%d linhas) não é um número nem um status conhecido: essas linhas foram lidas como não concluídas (DNF).", code, codes[code]))
	}
	return notes
}
