package results

import (
	"fmt"
	"regexp"
	"strings"

	"pelotao/internal/sheet"
	"pelotao/internal/textfold"
)

// Field names a column may map to: a result's JSON names, the parts of a name, the race that
// splits the file into modalities, the athlete's id, a split, or nothing.
const (
	fieldPosicao          = "posicao"
	fieldPosicaoSexo      = "posicaoSexo"
	fieldPosicaoCategoria = "posicaoCategoria"
	fieldNumeroPeito      = "numeroPeito"
	fieldNome             = "nome"
	fieldPrenome          = "prenome"
	fieldSobrenome        = "sobrenome"
	fieldSexo             = "sexo"
	fieldCategoria        = "categoria"
	fieldEquipe           = "equipe"
	fieldTempoBruto       = "tempoBruto"
	fieldTempoLiquido     = "tempoLiquido"
	fieldStatus           = "status"
	fieldProva            = "prova"
	fieldID               = "id"
	fieldDocumento        = "documento"
	fieldParcial          = "parcial"
	// Ignorar leaves a column out; ParcialPrefix + a name reads it as a split.
	Ignorar       = "ignorar"
	ParcialPrefix = "parcial:"
)

// placeWords and timeWords keep places and times apart from what they qualify.
var (
	placeWords = []string{"posicao", "position", "pos", "classificacao", "class", "clas", "cl", "colocacao", "coloc", "col", "place",
		"rank", "platz", "koht", "puesto", "lugar"}
	groupWords = []string{"categoria", "cat", "faixa", "fx", "division", "div", "category", "age", "group", "kategorie",
		"kl", "klasse", "sexo", "sex", "genero", "gender", "etaria", "grupo", "ag"}
)

// Vocabulary is how the results import recognises columns, in Portuguese, English and the
// languages of the timing software organizers meet; docs/architecture.md "Imports" explains
// the scoring.
var Vocabulary = sheet.NewVocabulary(
	sheet.Field{Name: fieldNumeroPeito, Label: "o número de peito", Key: true,
		Names: []string{"peito", "bib", "bib number", "dorsal", "numeral", "startnr", "start nr", "startnummer", "nr",
			"race number", "num~0.8", "no~0.7", "numero~0.8", "number~0.8", "n~0.5", "#~0.5"},
		Not: []string{"inscricao", "pedido", "documento", "cpf", "telefone", "registration", "order", "id", "idade", "age"}},
	sheet.Field{Name: fieldPosicaoCategoria, Label: "a classificação na categoria",
		Names: groupPlaces([]string{"categoria", "cat", "faixa", "fx", "faixa etaria", "division", "div", "category", "age group",
			"ag", "kl", "klasse", "ak"})},
	sheet.Field{Name: fieldPosicaoSexo, Label: "a classificação por sexo",
		Names: groupPlaces([]string{"sexo", "sex", "genero", "gender", "mf"}),
		Not:   []string{"categoria", "cat", "faixa", "fx", "division", "div", "category", "age", "group"}},
	sheet.Field{Name: fieldPosicao, Label: "a classificação geral",
		Names: []string{"posicao", "position", "classificacao", "class~0.8", "clas~0.8", "cl~0.6", "coloc", "colocacao", "col~0.6",
			"pos~0.8", "place", "overall", "overall place", "overall rank", "rank", "geral", "platz", "koht", "puesto",
			"posicion", "lugar~0.8", "plaats"},
		Not: groupWords},
	sheet.Field{Name: fieldNome, Label: "o nome do atleta", Key: true,
		Names: []string{"nome", "atleta", "name", "athlete", "full name", "nome completo", "nombre", "nimi", "competidor",
			"participante", "corredor", "runner", "teilnehmer"},
		Not: []string{"first", "last", "primeiro", "sobrenome", "given", "family", "equipe", "team", "club", "evento",
			"event", "race", "prova", "categoria", "category", "surname"}},
	sheet.Field{Name: fieldPrenome, Label: "o primeiro nome",
		Names: []string{"first name", "primeiro nome", "given name", "vorname", "prenom", "forename"}},
	sheet.Field{Name: fieldSobrenome, Label: "o sobrenome",
		Names: []string{"last name", "sobrenome", "surname", "family name", "nachname", "apellido", "apellidos"}},
	sheet.Field{Name: fieldTempoLiquido, Label: "o tempo líquido", Key: true,
		Names: []string{"tempo liquido", "liquido", "tempo~0.9", "tempo final", "tempo chip", "chip", "chip time", "net",
			"net time", "time", "finish time", "final time", "official time", "tempo oficial", "total time", "total~0.6",
			"tiempo", "tiempo oficial", "zeit~0.6", "lauf zeit", "netto", "nettozeit", "aeg", "finish", "resultado~0.6"},
		Not: []string{"bruto", "gun", "largada", "chegada", "start", "ziel", "half", "meia", "split", "parcial", "pace",
			"ritmo", "medio", "km", "volta", "lap", "t1", "t2", "swim", "bike", "natacao", "ciclismo", "hora", "gap",
			"behind", "diferenca", "rank", "pos", "posicao", "place", "classificacao", "particip", "brutto"}},
	sheet.Field{Name: fieldTempoBruto, Label: "o tempo bruto",
		Names: []string{"tempo bruto", "bruto", "gun", "gun time", "guntime", "brutto", "bruttozeit", "tempo~0.5"},
		Not:   []string{"liquido", "chip", "net", "half", "meia", "split", "parcial", "pace", "ritmo", "km"}},
	sheet.Field{Name: fieldSexo, Label: "o sexo",
		Names: []string{"sexo", "genero", "gender", "sex", "mf", "m f", "geschlecht", "sugu", "genre"},
		Not:   placeWords},
	sheet.Field{Name: fieldCategoria, Label: "a categoria",
		Names: []string{"categoria", "faixa", "faixa etaria", "cat~0.8", "division", "div~0.8", "category", "age group",
			"ag~0.6", "kategorie", "klasse", "vanus kl", "grupo", "age class", "age category"},
		Not: placeWords},
	sheet.Field{Name: fieldEquipe, Label: "a equipe",
		Names: []string{"equipe", "assessoria", "clube", "team", "club", "verein", "equipo", "tiim"},
		Not:   placeWords},
	sheet.Field{Name: fieldStatus, Label: "o status",
		Names: []string{"status", "situacao", "state", "result status", "estado"},
		Not:   []string{"pagamento", "payment", "uf"}},
	sheet.Field{Name: fieldProva, Label: "a prova (modalidade)",
		Names: []string{"prova", "percurso", "modalidade", "distancia", "race", "course", "distance", "wettbewerb",
			"competicao", "competition", "carrera", "event~0.6", "evento~0.6"},
		Not: append([]string{"time", "tempo", "number", "id", "categoria", "category"}, placeWords...)},
	sheet.Field{Name: fieldDocumento, Label: "o documento (CPF ou passaporte)",
		Names: []string{"cpf", "documento", "document", "doc~0.8", "cpf passaporte", "passaporte", "passport", "rg~0.6"},
		Not:   []string{"tipo", "type"}},
	sheet.Field{Name: fieldID, Label: "o código do atleta",
		Names: []string{"id", "contact id", "athlete id", "participant id", "codigo", "inscricao", "registration", "uid"}},
	sheet.Field{Name: fieldParcial, Label: "uma parcial", Many: true,
		Names: []string{"parcial", "split", "volta", "lap", "swim", "bike", "run", "natacao", "ciclismo", "corrida~0.6",
			"t1", "t2", "half", "meia", "meia maratona", "checkpoint", "pc", "km~0.5"},
		Not: []string{"pace", "ritmo", "velocidade", "speed"}},
	sheet.Field{Name: Ignorar, Label: "uma coluna a ignorar", Many: true,
		Names: []string{"pace", "ritmo", "velocidade", "speed", "km h", "min km", "idade", "age", "edad", "nascimento",
			"pais", "country", "nation", "nacionalidade", "nacionalidad", "cidade", "city", "uf", "origen", "geschwindigkeit",
			"ruckstand", "gap", "diferenca", "pts", "points", "pontos", "date", "data", "img", "hora", "elukoht"}},
)

// groupPlaces names a place within a group: each word of a place before or after each of the
// group's ("Pos. Categoria", "catPlace", "Div_Rank", "Colocação Gênero", "kl_koht").
func groupPlaces(group []string) []string {
	var names []string
	for _, p := range []string{"posicao", "pos", "classificacao", "class", "cl", "colocacao", "coloc", "place", "rank", "platz", "koht", "position"} {
		for _, g := range group {
			names = append(names, p+" "+g, g+" "+p)
		}
	}
	return names
}

// mappable are the field names a mapping may name (besides splits).
var mappable = map[string]bool{
	fieldPosicao: true, fieldPosicaoSexo: true, fieldPosicaoCategoria: true, fieldNumeroPeito: true, fieldNome: true,
	fieldPrenome: true, fieldSobrenome: true, fieldSexo: true, fieldCategoria: true, fieldEquipe: true,
	fieldTempoBruto: true, fieldTempoLiquido: true, fieldStatus: true, fieldProva: true, fieldID: true, fieldDocumento: true,
	Ignorar: true,
}

// distanceRE recognises a split by the distance its header names (folded: "21,1 km" is "21 1 km"):
// "5K", "10 km", "matu 12,3", "Km 21,1".
var distanceRE = regexp.MustCompile(`(^|\s)\d+([., ]\d+)? ?(k|km|mi|miles?)$|\s\d+[., ]\d+$|^km \d+`)

// readColumns decides each column's field: the mapping first (header as written → field), then
// the engine's guess. A column guessed as a split whose cells are not times is left out. Problems
// with the mapping or the header come back as errors of the header's row.
func readColumns(t *sheet.Table, mapping map[string]string) ([]sheet.Column, []sheet.Question, []sheet.RowError) {
	var errs []sheet.RowError
	headerRow := t.HeaderLine()
	present := map[string]bool{}
	for _, h := range t.Header {
		present[h] = true
	}
	clean := map[string]string{}
	for h, f := range mapping {
		h = strings.TrimSpace(h)
		switch {
		case !present[h]:
			errs = append(errs, sheet.RowError{Row: headerRow, Column: h, Message: fmt.Sprintf("A coluna %q do mapeamento não está na planilha.", h)})
		case strings.HasPrefix(f, ParcialPrefix):
			if strings.TrimSpace(strings.TrimPrefix(f, ParcialPrefix)) == "" {
				errs = append(errs, sheet.RowError{Row: headerRow, Column: h, Message: "Dê um nome à parcial (parcial:<nome>)."})
			}
		case !mappable[f]:
			errs = append(errs, sheet.RowError{Row: headerRow, Column: h, Message: fmt.Sprintf("Campo %q desconhecido no mapeamento.", f)})
		}
		clean[h] = f
	}
	rec := Vocabulary.Recognise(t, clean)
	cols := rec.Columns
	seen := map[string]string{}
	for i := range cols {
		c := &cols[i]
		_, mapped := clean[c.Header]
		switch {
		case c.Field == fieldParcial || c.Field == "" && distanceRE.MatchString(textfold.Fold(c.Header)):
			c.Field = Ignorar
			if timesIn(t, i) {
				c.Field = ParcialPrefix + c.Header
			}
		case c.Field == "":
			c.Field = Ignorar
		case strings.HasPrefix(c.Field, ParcialPrefix):
			c.Field = ParcialPrefix + strings.TrimSpace(strings.TrimPrefix(c.Field, ParcialPrefix))
		}
		if c.Field == Ignorar || strings.HasPrefix(c.Field, ParcialPrefix) {
			continue
		}
		if other, dup := seen[c.Field]; dup && mapped {
			errs = append(errs, sheet.RowError{Row: headerRow, Column: c.Header, Message: fmt.Sprintf("As colunas %q e %q são lidas como o mesmo campo; indique no mapeamento qual usar.", other, c.Header)})
			continue
		}
		seen[c.Field] = c.Header
	}
	has := func(f string) bool { _, ok := seen[f]; return ok }
	if !has(fieldTempoLiquido) && !has(fieldTempoBruto) {
		errs = append(errs, sheet.RowError{Row: headerRow, Message: "A planilha não tem coluna de tempo (Tempo líquido, Chip time, Tempo bruto ou Gun time): escolha qual coluna é o tempo."})
	}
	return cols, rec.Questions, errs
}

// timesIn tells a column that holds times: at least half of its filled cells read as one.
func timesIn(t *sheet.Table, col int) bool {
	filled, times := 0, 0
	for _, r := range t.Rows {
		s := r.Cell(col)
		if s == "" || noTime(s) {
			continue
		}
		filled++
		if _, msg := parseTime(s); msg == "" {
			times++
		}
	}
	return filled > 0 && times*2 >= filled
}
