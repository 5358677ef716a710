package results

import (
	"fmt"
	"regexp"
	"strings"

	"pelotao/internal/sheet"
	"pelotao/internal/textfold"
)

// Field names a column may map to: a result's JSON names, a split, or nothing.
const (
	fieldPosicao          = "posicao"
	fieldPosicaoSexo      = "posicaoSexo"
	fieldPosicaoCategoria = "posicaoCategoria"
	fieldNumeroPeito      = "numeroPeito"
	fieldNome             = "nome"
	fieldSexo             = "sexo"
	fieldCategoria        = "categoria"
	fieldEquipe           = "equipe"
	fieldTempoBruto       = "tempoBruto"
	fieldTempoLiquido     = "tempoLiquido"
	fieldStatus           = "status"
	// Ignorar leaves a column out; ParcialPrefix + a name reads it as a split.
	Ignorar       = "ignorar"
	ParcialPrefix = "parcial:"
)

// fields recognises the headers timing companies write, in Portuguese and English. Pace columns
// are recognised to be ignored: pace is computed from the modality's distance.
var fields = sheet.NewFields(map[string][]string{
	fieldPosicao: {"Classificação", "Classificação geral", "Class.", "Clas.", "Posição", "Posição geral", "Pos",
		"Colocação", "Place", "Overall", "Overall place", "Rank", "Geral", "Col."},
	fieldPosicaoSexo: {"Classificação por sexo", "Class. sexo", "Posição sexo", "Pos. sexo", "Colocação sexo",
		"Gender place", "Sex place", "Pos. gênero", "Classificação gênero"},
	fieldPosicaoCategoria: {"Classificação por categoria", "Class. categoria", "Class. cat.", "Posição categoria",
		"Pos. categoria", "Pos. cat.", "Colocação categoria", "Division place", "Category place", "Age group place", "Cat. pos."},
	fieldNumeroPeito: {"Peito", "Nº", "Nº de peito", "Número de peito", "Número", "Num", "Bib", "Bib number", "Dorsal"},
	fieldNome:        {"Nome", "Atleta", "Nome do atleta", "Nome completo", "Name", "Athlete", "Full name"},
	fieldSexo:        {"Sexo", "M/F", "Gênero", "Gender", "Sex"},
	fieldCategoria:   {"Categoria", "Faixa etária", "Cat.", "Division", "Category", "Age group"},
	fieldEquipe:      {"Equipe", "Assessoria", "Assessoria esportiva", "Clube", "Team", "Club"},
	fieldTempoBruto:  {"Tempo bruto", "Bruto", "Gun time", "Gun", "Tempo de largada"},
	fieldTempoLiquido: {"Tempo líquido", "Líquido", "Tempo", "Tempo final", "Tempo chip", "Tempo oficial",
		"Chip time", "Chip", "Net time", "Net", "Official time", "Time", "Finish time"},
	fieldStatus: {"Status", "Situação", "Situacao da prova"},
	Ignorar:     {"Pace", "Ritmo", "Ritmo médio", "Min/km", "Pace médio", "Velocidade", "Vel. média", "Km/h"},
})

// mappable are the field names a mapping may name (besides splits and Ignorar).
var mappable = map[string]bool{
	fieldPosicao: true, fieldPosicaoSexo: true, fieldPosicaoCategoria: true, fieldNumeroPeito: true,
	fieldNome: true, fieldSexo: true, fieldCategoria: true, fieldEquipe: true, fieldTempoBruto: true,
	fieldTempoLiquido: true, fieldStatus: true, Ignorar: true,
}

// splitRE recognises a split column by its folded header (textfold turns "21,1 km" into "21 1 km"):
// "5K", "10 km", "21,1 km", "Parcial 1", "Split 2", "Half", "Meia maratona", "Volta 3", "Lap 3", "T1".
var splitRE = regexp.MustCompile(`^(\d+([., ]\d+)? ?(k|km|mi|mile|miles)|(parcial|split|volta|lap|pc|checkpoint) ?\d*|half|meia|meia maratona|t\d)$`)

// Column is how one header of the file is read: a field name, ParcialPrefix + a split's name,
// or Ignorar.
type Column struct {
	Header string `json:"header"`
	Field  string `json:"field"`
}

// guessField is what a header means when the mapping does not say.
func guessField(header string) string {
	if f, ok := fields.Match(header); ok {
		return f
	}
	if splitRE.MatchString(textfold.Fold(strings.TrimSpace(header))) {
		return ParcialPrefix + strings.TrimSpace(header)
	}
	return Ignorar
}

// mapColumns decides each column's field: the mapping first (header as written → field), then
// the guess. Problems with the header row come back as errors of row 1.
func mapColumns(header []string, mapping map[string]string) ([]Column, []sheet.RowError) {
	var errs []sheet.RowError
	present := map[string]bool{}
	for _, h := range header {
		present[strings.TrimSpace(h)] = true
	}
	for h, f := range mapping {
		switch {
		case !present[strings.TrimSpace(h)]:
			errs = append(errs, sheet.RowError{Row: 1, Column: h, Message: fmt.Sprintf("A coluna %q do mapeamento não está na planilha.", h)})
		case strings.HasPrefix(f, ParcialPrefix):
			if strings.TrimSpace(strings.TrimPrefix(f, ParcialPrefix)) == "" {
				errs = append(errs, sheet.RowError{Row: 1, Column: h, Message: "Dê um nome à parcial (parcial:<nome>)."})
			}
		case !mappable[f]:
			errs = append(errs, sheet.RowError{Row: 1, Column: h, Message: fmt.Sprintf("Campo %q desconhecido no mapeamento.", f)})
		}
	}
	trimmed := map[string]string{}
	for h, f := range mapping {
		trimmed[strings.TrimSpace(h)] = f
	}
	cols := make([]Column, len(header))
	seen := map[string]string{}
	for i, h := range header {
		h = strings.TrimSpace(h)
		f, ok := trimmed[h]
		if !ok {
			f = guessField(h)
		}
		if strings.HasPrefix(f, ParcialPrefix) {
			f = ParcialPrefix + strings.TrimSpace(strings.TrimPrefix(f, ParcialPrefix))
		}
		cols[i] = Column{Header: h, Field: f}
		if f == Ignorar {
			continue
		}
		if other, dup := seen[f]; dup {
			errs = append(errs, sheet.RowError{Row: 1, Column: h, Message: fmt.Sprintf("As colunas %q e %q são lidas como o mesmo campo; indique no mapeamento qual usar.", other, h)})
			continue
		}
		seen[f] = h
	}
	has := func(f string) bool { _, ok := seen[f]; return ok }
	if !has(fieldNumeroPeito) {
		errs = append(errs, sheet.RowError{Row: 1, Message: "A planilha não tem a coluna do número de peito (Peito, Nº de peito ou Bib)."})
	}
	if !has(fieldNome) {
		errs = append(errs, sheet.RowError{Row: 1, Message: "A planilha não tem a coluna do nome do atleta (Nome, Atleta ou Name)."})
	}
	if !has(fieldTempoLiquido) && !has(fieldTempoBruto) {
		errs = append(errs, sheet.RowError{Row: 1, Message: "A planilha não tem coluna de tempo (Tempo líquido, Chip time, Tempo bruto ou Gun time)."})
	}
	return cols, errs
}
