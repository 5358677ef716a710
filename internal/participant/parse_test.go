package participant

import (
	"errors"
	"strings"
	"testing"
	"time"

	"pelotao/internal/money"
	"pelotao/internal/sheet"
)

var today = time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)

// table reads a semicolon-separated text as an upload is read.
func table(t *testing.T, s string) *sheet.Table {
	t.Helper()
	tbl, err := sheet.Read([]byte(strings.TrimSpace(s)+"\n"), sheet.Options{Vocabulary: Vocabulary})
	if err != nil {
		t.Fatalf("sheet: %v", err)
	}
	return tbl
}

func TestParseHeadersAndValues(t *testing.T) {
	got, err := Parse(table(t, `
Nº da Inscrição;ATLETA;Cpf;Data de Nascimento;Gênero;Distância;Tamanho;Assessoria;Nº de peito;E-mail;Celular;Status do pagamento;Valor;Observação
A-1; Ana  Souza ;529.982.247-25;31/12/1990;Feminino;10 km;p;Corre Recife;101;Ana@Exemplo.com.br;(81) 99999-0000;Aprovado;R$ 1.234,56;vip
A-2;=HIPERLINK("x");11144477735;1985-02-03;m;5 km;GG;;;;;Pendente;89,9;
`), nil, today)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Errors) != 0 || len(got.Rows) != 2 || !got.HasInscricao {
		t.Fatalf("parsed: %+v", got)
	}
	if got.Columns[13].Field != Ignorar || got.Columns[1].Field != FieldNome || got.Columns[8].Field != FieldNumeroPeito {
		t.Fatalf("columns: %+v", got.Columns)
	}
	a := got.Rows[0].P
	if a.Nome != "Ana Souza" || a.Documento != (Documento{CPF, "52998224725"}) || *a.Nascimento != "1990-12-31" ||
		a.Sexo != "F" || a.Percurso != "10 km" || a.Camiseta != "P" || a.Equipe != "Corre Recife" || *a.NumeroPeito != 101 ||
		a.Email != "ana@exemplo.com.br" || !a.Pago || *a.Valor != 123456 || a.Inscricao != "A-1" || got.Rows[0].Line != 2 {
		t.Fatalf("row 2: %+v", a)
	}
	b := got.Rows[1].P
	// A formula-looking cell is text, kept as written.
	if b.Nome != `=HIPERLINK("x")` || *b.Nascimento != "1985-02-03" || b.Sexo != "M" || b.Pago || *b.Valor != 8990 || b.NumeroPeito != nil {
		t.Fatalf("row 3: %+v", b)
	}
}

func TestParseRowErrors(t *testing.T) {
	got, err := Parse(table(t, `
Nome;CPF;Nascimento;Sexo;Modalidade;Pago;Peito;Email
Ana;529.982.247-25;31/12/1990;F;10 km;Sim;1;
Bia;529.982.247-2X;32/01/1990;Q;10 km;talvez;0;bia@
Caio;52998224725;01/01/1980;M;10 KM;Não;1;
Duda;52998224725;01/01/1980;M;5 km;Não;2;
;;;;;;;
Eva;;;;5 km;;;
`), nil, today)
	if err != nil {
		t.Fatal(err)
	}
	want := []sheet.RowError{
		{Row: 3, Column: "CPF", Message: errCPFLetters.Error()},
		{Row: 3, Column: "Nascimento", Message: "Data inválida: use dd/mm/aaaa (por exemplo 31/12/1990)."},
		{Row: 3, Column: "Sexo", Message: "Sexo não reconhecido: use F, M ou X."},
		{Row: 3, Column: "Pago", Message: "Valor de pagamento não reconhecido: use Sim ou Não (ou Pago/Pendente)."},
		{Row: 3, Column: "Peito", Message: "Nº de peito inválido: use um número inteiro de 1 a 999999."},
		{Row: 3, Column: "Email", Message: "E-mail inválido."},
		{Row: 4, Column: "CPF", Message: `CPF repetido na modalidade "10 KM": já está na linha 2.`},
		{Row: 4, Column: "Peito", Message: "Nº de peito 1 repetido: já está na linha 2."},
		{Row: 7, Column: "CPF", Message: "Informe o CPF (ou o passaporte, para estrangeiros)."},
	}
	if len(got.Errors) != len(want) {
		t.Fatalf("errors: %+v", got.Errors)
	}
	for i := range want {
		if got.Errors[i] != want[i] {
			t.Errorf("error %d: %+v, want %+v", i, got.Errors[i], want[i])
		}
	}
	// The same CPF in another modality is another registration.
	if len(got.Rows) != 2 || got.Rows[1].P.Nome != "Duda" {
		t.Fatalf("rows: %+v", got.Rows)
	}
}

func TestParsePassports(t *testing.T) {
	got, err := Parse(table(t, `
Nome;Tipo de documento;Documento;Passaporte
John;Passaporte;ab 123456;
Marie;;;FR998877
Zé;CPF;111.444.777-35;
Ivan;passport;12;
`), nil, today)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Rows) != 3 || got.Rows[0].P.Documento != (Documento{Passaporte, "AB123456"}) ||
		got.Rows[1].P.Documento != (Documento{Passaporte, "FR998877"}) || got.Rows[2].P.Documento != (Documento{CPF, "11144477735"}) {
		t.Fatalf("rows: %+v", got.Rows)
	}
	if len(got.Errors) != 1 || got.Errors[0].Row != 5 || got.Errors[0].Column != "Documento" {
		t.Fatalf("errors: %+v", got.Errors)
	}
}

func TestParseFileErrors(t *testing.T) {
	cases := map[string]string{
		"Ana;529.982.247-25;5k\nBia;111.444.777-35;5k": "A primeira linha parece ser de dados",
		"Coluna A;Coluna B\nx;y":                       "Nenhuma coluna do cabeçalho",
		"Nome;Modalidade\nAna;5k":                      "Falta a coluna de documento",
		"CPF;Modalidade\n529.982.247-25;5k":            "Falta a coluna de nome",
	}
	for in, want := range cases {
		_, err := Parse(table(t, in), nil, today)
		var fe *FileError
		if !errors.As(err, &fe) || !strings.HasPrefix(fe.Message, want) {
			t.Errorf("%q: %v, want %q…", in, err, want)
		}
	}
}

func TestParseMapping(t *testing.T) {
	tbl := table(t, `
Participante;Identidade;Obs;Nome
Ana;529.982.247-25;x;Apelido`)
	got, err := Parse(tbl, map[string]string{"Identidade": "documento", "Nome": "ignorar"}, today)
	if err != nil || len(got.Errors) != 0 || got.Rows[0].P.Nome != "Ana" || got.Rows[0].P.Documento.Numero != "52998224725" {
		t.Fatalf("%+v, %v", got, err)
	}
	var me *MappingError
	if _, err := Parse(tbl, map[string]string{"Obs": "senha"}, today); !errors.As(err, &me) {
		t.Fatalf("unknown field in the mapping: %v", err)
	}
}

func TestCellValuesParseMoneyPaymentDatesAndBibs(t *testing.T) {
	for in, want := range map[string]money.Centavos{"89,90": 8990, "89.9": 8990, "R$ 1.234,56": 123456, "1,234.56": 123456, "1,005": 101, "1.234.567": 123456700, "0": 0} {
		if got, err := parseValor(in); err != nil || got != want {
			t.Errorf("parseValor(%q) = %d, %v", in, got, err)
		}
	}
	for _, in := range []string{"abc", "-5", "1e5", "NaN", "R$"} {
		if _, err := parseValor(in); err == nil {
			t.Errorf("parseValor(%q) accepted", in)
		}
	}
	for in, want := range map[string]bool{"Sim": true, "NÃO": false, "s": true, "N": false, "Pago": true, "Aprovado": true, "Pendente": false, "true": true, "FALSE": false, "1": true, "0": false, "": false} {
		if got, err := parsePaid(in); err != nil || got != want {
			t.Errorf("parsePaid(%q) = %v, %v", in, got, err)
		}
	}
	for in, want := range map[string]string{"1/2/1990": "1990-02-01", "01-02-1990": "1990-02-01", "1990-02-01T00:00:00Z": "1990-02-01"} {
		if got, err := ParseDate(in, today); err != nil || got != want {
			t.Errorf("ParseDate(%q) = %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"29/02/1991", "1990/02/01", "12/31/1990", "01/01/2030", "01/01/1850", "ontem"} {
		if got, err := ParseDate(in, today); err == nil {
			t.Errorf("ParseDate(%q) = %q, accepted", in, got)
		}
	}
	if n, err := parseBib("12.0"); err != nil || n != 12 {
		t.Errorf("parseBib(12.0) = %d, %v", n, err)
	}
}

func TestSearchTermsKeepDocumentsAndEmailsAndFoldWords(t *testing.T) {
	cases := map[string][]string{
		"529.982.247-25":  {"52998224725"},
		" 1234 ":          {"1234"},
		"José  D'Ávila":   {"jose", "d", "avila"},
		"Ana@Exemplo.com": {"ana@exemplo.com"},
		"ana.souza":       {"ana", "souza"},
		"":                nil,
		"...":             nil,
	}
	for q, want := range cases {
		if got := QueryTerms(q); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("QueryTerms(%q) = %q, want %q", q, got, want)
		}
	}
	bib := 42
	p := Participant{Nome: "José Conceição", Email: "jose.c@exemplo.com.br", Documento: Documento{CPF, "52998224725"}, NumeroPeito: &bib}
	if got := strings.Join(SearchTerms(p), " "); got != "jose conceicao c jose.c@exemplo.com.br 52998224725 42" {
		t.Errorf("SearchTerms: %q", got)
	}
}

// A cell an export neutralised ('=…) reads back as it was written; any other apostrophe stays.
func TestParseNeutralisedCells(t *testing.T) {
	got, err := Parse(table(t, "Nome;CPF\n'=SOMA(A1,B1);529.982.247-25\nD'Ávila;111.444.777-35\n'-;123.456.789-09\n"), nil, today)
	if err != nil || len(got.Rows) != 3 {
		t.Fatalf("%+v, %v", got, err)
	}
	for i, want := range []string{"=SOMA(A1,B1)", "D'Ávila", "-"} {
		if got.Rows[i].P.Nome != want {
			t.Errorf("row %d: %q, want %q", i+2, got.Rows[i].P.Nome, want)
		}
	}
}

// The participants import reads headers with the results' engine (sheet.Vocabulary): ticketing
// exports' spellings, filler words and punctuation aside (PART-11).
func TestParticipantHeaderSpellings(t *testing.T) {
	cases := map[string]string{
		"Nome": FieldNome, "NOME COMPLETO": FieldNome, "Participante": FieldNome, "Full name": FieldNome,
		"E-mail": FieldEmail, "Email": FieldEmail, "CPF": FieldDocumento, "Nº do Documento": FieldDocumento,
		"CPF/Passaporte": FieldDocumento, "Passaporte": FieldPassaporte, "Tipo de documento": FieldTipoDocumento,
		"Data de Nascimento": FieldNascimento, "Dt. Nasc.": FieldNascimento, "birthDate": FieldNascimento,
		"Gênero": FieldSexo, "Modalidade": FieldPercurso, "Distância": FieldPercurso, "Tamanho da Camiseta": FieldCamiseta,
		"T-Shirt Size": FieldCamiseta, "Assessoria": FieldEquipe, "Nº Peito": FieldNumeroPeito, "num_peito": FieldNumeroPeito,
		"Bib": FieldNumeroPeito, "Status do pagamento": FieldPago, "Valor pago": FieldValor, "Nº da Inscrição": FieldInscricao,
		"Order ID": FieldInscricao, "Data da inscrição": Ignorar, "Observação": Ignorar, "Celular": FieldTelefone,
	}
	for h, want := range cases {
		cols, _, err := MatchHeaders(&sheet.Table{Header: []string{h}}, nil)
		if err != nil || cols[0].Field != want {
			t.Errorf("%q read as %q (%v), want %q", h, cols[0].Field, err, want)
		}
	}
}
