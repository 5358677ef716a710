package participant

import (
	"fmt"
	"slices"
	"strings"

	"pelotao/internal/sheet"
)

// The fields a column can fill. Their names are the participant's JSON names, which is also
// what a mapping names; Ignorar leaves a column out.
const (
	FieldNome          = "nome"
	FieldEmail         = "email"
	FieldTelefone      = "telefone"
	FieldDocumento     = "documento" // a CPF, unless the row's tipoDocumento says passport
	FieldPassaporte    = "passaporte"
	FieldTipoDocumento = "tipoDocumento"
	FieldNascimento    = "nascimento"
	FieldSexo          = "sexo"
	FieldPercurso      = "percurso"
	FieldCamiseta      = "camiseta"
	FieldEquipe        = "equipe"
	FieldNumeroPeito   = "numeroPeito"
	FieldPago          = "pago"
	FieldValor         = "valor"
	FieldInscricao     = "inscricao"
	Ignorar            = "ignorar"
)

// Fields are the columns the participants import recognises (docs/product.md §10 lists the
// headers ticketing exports use). The coach's spreadsheet reads some of them (FieldsNamed).
var Fields = []sheet.Field{
	sheet.Field{Name: FieldNome, Label: "o nome do inscrito", Key: true,
		Names: []string{"nome", "atleta", "name", "full name", "nome completo", "participante", "nombre", "inscrito"},
		Not:   []string{"equipe", "team", "first", "last", "sobrenome", "emergencia", "contato", "mae", "pai", "responsavel", "social"}},
	sheet.Field{Name: FieldEmail, Label: "o e-mail", Names: []string{"email", "mail", "correio eletronico"}},
	sheet.Field{Name: FieldTelefone, Label: "o telefone",
		Names: []string{"telefone", "celular", "phone", "mobile", "whatsapp", "fone"}, Not: []string{"emergencia"}},
	sheet.Field{Name: FieldDocumento, Label: "o CPF (documento)", Key: true,
		Names: []string{"cpf", "documento", "document", "doc", "cpf passaporte"}, Not: []string{"tipo", "type"}},
	sheet.Field{Name: FieldPassaporte, Label: "o passaporte", Names: []string{"passaporte", "passport"}, Not: []string{"cpf", "tipo", "type"}},
	sheet.Field{Name: FieldTipoDocumento, Label: "o tipo de documento",
		Names: []string{"tipo documento", "document type", "tipo doc"}},
	sheet.Field{Name: FieldNascimento, Label: "a data de nascimento",
		Names: []string{"nascimento", "data nascimento", "data nasc", "dt nascimento", "nasc", "birth date", "date birth", "dob"}},
	sheet.Field{Name: FieldSexo, Label: "o sexo", Names: []string{"sexo", "genero", "gender", "sex"}},
	sheet.Field{Name: FieldPercurso, Label: "a modalidade",
		Names: []string{"modalidade", "percurso", "distancia", "distance", "course", "prova", "race"}},
	sheet.Field{Name: FieldCamiseta, Label: "a camiseta",
		Names: []string{"camiseta", "tamanho", "tamanho camiseta", "camisa", "shirt", "t shirt", "tshirt", "shirt size"}},
	sheet.Field{Name: FieldEquipe, Label: "a equipe", Names: []string{"equipe", "assessoria", "team", "club", "clube"}},
	sheet.Field{Name: FieldNumeroPeito, Label: "o número de peito",
		Names: []string{"peito", "bib", "numeral", "dorsal", "bib number"}},
	sheet.Field{Name: FieldPago, Label: "o pagamento",
		Names: []string{"pago", "status pagamento", "pagamento", "situacao pagamento", "payment status", "paid", "payment"}},
	sheet.Field{Name: FieldValor, Label: "o valor", Names: []string{"valor", "valor pago", "preco", "value", "amount", "price", "total"}},
	sheet.Field{Name: FieldInscricao, Label: "a inscrição",
		Names: []string{"inscricao", "id inscricao", "codigo inscricao", "pedido", "registration", "registration id", "order", "order id"},
		Not:   []string{"data", "date", "valor", "status"}},
}

// Vocabulary is how the participants import recognises columns; the engine is the results
// import's (sheet.Vocabulary).
var Vocabulary = sheet.NewVocabulary(Fields...)

// FieldsNamed are the Fields of those names, in that order; a name that is none is a
// programming error and panics, at start-up.
func FieldsNamed(names ...string) []sheet.Field {
	out := make([]sheet.Field, len(names))
	for i, n := range names {
		j := slices.IndexFunc(Fields, func(f sheet.Field) bool { return f.Name == n })
		if j < 0 {
			panic("participant: no field " + n)
		}
		out[i] = Fields[j]
	}
	return out
}

// fieldNames are the fields a mapping may name, ignorar included.
var fieldNames = []string{FieldNome, FieldEmail, FieldTelefone, FieldDocumento, FieldPassaporte, FieldTipoDocumento,
	FieldNascimento, FieldSexo, FieldPercurso, FieldCamiseta, FieldEquipe, FieldNumeroPeito, FieldPago, FieldValor,
	FieldInscricao, Ignorar}

// MappingError is a mapping that cannot be used.
type MappingError struct{ Message string }

func (e *MappingError) Error() string { return e.Message }

// MatchHeaders says which field each column fills: the mapping's choice for the headers it
// names (as written in the file), otherwise the engine's guess (Ignorar for none); the questions
// are what the guess leaves open.
func MatchHeaders(t *sheet.Table, mapping map[string]string) ([]sheet.Column, []sheet.Question, error) {
	for h, f := range mapping {
		if !slices.Contains(fieldNames, f) {
			return nil, nil, &MappingError{fmt.Sprintf("O mapeamento da coluna %q aponta para %q, que não é um campo de inscrito. Use um destes: %s.", h, f, strings.Join(fieldNames, ", "))}
		}
	}
	rec := Vocabulary.Recognise(t, mapping)
	for i := range rec.Columns {
		if rec.Columns[i].Field == "" {
			rec.Columns[i].Field = Ignorar
		}
	}
	return rec.Columns, rec.Questions, nil
}
