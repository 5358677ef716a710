package participant

import (
	"fmt"
	"sort"
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

// headerNames are the headers each field is known by, in Portuguese and English (docs/product.md §10
// lists the ones ticketing exports use); accents, case and punctuation do not count.
var headerNames = map[string][]string{
	FieldNome:          {"nome", "atleta", "name", "nome completo", "full name", "participante", "nome do atleta", "nome do participante"},
	FieldEmail:         {"e mail", "email", "endereco de e mail", "correio eletronico"},
	FieldTelefone:      {"telefone", "celular", "phone", "mobile", "whatsapp", "telefone celular", "fone"},
	FieldDocumento:     {"cpf", "documento", "document", "doc", "n do documento", "no do documento", "numero do documento", "cpf passaporte", "cpf ou passaporte"},
	FieldPassaporte:    {"passaporte", "passport", "n do passaporte", "no do passaporte"},
	FieldTipoDocumento: {"tipo de documento", "tipo do documento", "tipo documento", "document type"},
	FieldNascimento:    {"nascimento", "data de nascimento", "data nascimento", "data nasc", "dt nascimento", "birth date", "birthdate", "date of birth", "dob"},
	FieldSexo:          {"sexo", "genero", "gender", "sex"},
	FieldPercurso:      {"modalidade", "percurso", "distancia", "distance", "course", "prova"},
	FieldCamiseta:      {"camiseta", "tamanho", "tamanho da camiseta", "tamanho camiseta", "camisa", "shirt", "t shirt", "tshirt", "shirt size", "t shirt size"},
	FieldEquipe:        {"equipe", "assessoria", "team", "club", "clube", "assessoria esportiva"},
	FieldNumeroPeito:   {"peito", "n de peito", "no de peito", "numero de peito", "numero do peito", "n peito", "no peito", "bib", "bib number", "numeral"},
	FieldPago:          {"pago", "status do pagamento", "status pagamento", "pagamento", "situacao do pagamento", "payment status", "paid", "payment"},
	FieldValor:         {"valor", "valor pago", "preco", "value", "amount", "price", "total"},
	FieldInscricao:     {"inscricao", "n da inscricao", "no da inscricao", "numero da inscricao", "id da inscricao", "codigo da inscricao", "pedido", "n do pedido", "no do pedido", "numero do pedido", "registration", "registration id", "order", "order id"},
}

// fields matches headers (sheet.HeaderKey: accents, case, spaces and punctuation do not count).
var fields = sheet.NewFields(headerNames)

// fieldLabels name the fields in messages, as organizers know them.
var fieldLabels = map[string]string{
	FieldNome: "Nome", FieldEmail: "E-mail", FieldTelefone: "Telefone", FieldDocumento: "CPF/Documento",
	FieldPassaporte: "Passaporte", FieldTipoDocumento: "Tipo de documento", FieldNascimento: "Nascimento",
	FieldSexo: "Sexo", FieldPercurso: "Modalidade", FieldCamiseta: "Camiseta", FieldEquipe: "Equipe",
	FieldNumeroPeito: "Nº de peito", FieldPago: "Pago", FieldValor: "Valor", FieldInscricao: "Inscrição",
}

// Column is one column of the file and the field it fills ("" when none was recognised).
type Column struct {
	Header string `json:"header"`
	Field  string `json:"field"`
}

// MappingError is a mapping that cannot be used.
type MappingError struct{ Message string }

func (e *MappingError) Error() string { return e.Message }

// MatchHeaders says which field each column fills: the mapping's choice for the headers it
// names (as written in the file), otherwise the field the header is known by. A field filled by
// two columns keeps the first and leaves the other out.
func MatchHeaders(header []string, mapping map[string]string) ([]Column, error) {
	for h, f := range mapping {
		if _, known := headerNames[f]; !known && f != Ignorar {
			return nil, &MappingError{fmt.Sprintf("O mapeamento da coluna %q aponta para %q, que não é um campo de inscrito. Use um destes: %s.", h, f, strings.Join(FieldNames(), ", "))}
		}
	}
	cols := make([]Column, len(header))
	taken := map[string]bool{}
	for i, h := range header {
		cols[i].Header = h
		f, ok := mapping[h]
		if !ok {
			f, _ = fields.Match(h)
		}
		if f == Ignorar || f == "" || taken[f] {
			continue
		}
		taken[f] = true
		cols[i].Field = f
	}
	return cols, nil
}

// FieldNames lists the fields a mapping may name, ignorar included.
func FieldNames() []string {
	names := make([]string, 0, len(headerNames)+1)
	for f := range headerNames {
		names = append(names, f)
	}
	sort.Strings(names)
	return append(names, Ignorar)
}
