package participant

import (
	"testing"

	"pelotao/internal/sheet"
)

// FuzzParse feeds arbitrary uploads through the reading of a participants file: whatever the
// bytes, no panic, every row error points at a data row (2 or more) with a message, and every
// participant read has a name and a valid document.
func FuzzParse(f *testing.F) {
	f.Add([]byte("Nome;CPF;Modalidade;Peito;Pago\nAna;529.982.247-25;5 km;1;Sim\nBia;111.444.777-35;5 km;1;talvez\n"))
	f.Add([]byte("Atleta,Documento,Tipo de documento,Nascimento\nJohn,AB12345,passaporte,1990-01-02\n"))
	f.Add([]byte("Nome\tCPF\tValor\n=1+1\t=2+2\tR$ 1.234,56\n"))
	f.Add([]byte("\xef\xbb\xbfNome;CPF;Sexo\nJos\xe9;52998224725;F\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tbl, err := sheet.Read(data, sheet.Options{Vocabulary: Vocabulary})
		if err != nil {
			return
		}
		parsed, err := Parse(tbl, nil, today)
		if err != nil {
			return
		}
		plan := PlanImport(nil, nil, parsed, Settings{FaixasPeito: []FaixaPeito{{Percurso: "5 km", Inicio: 1, Fim: 3}}})
		for _, e := range plan.Errors {
			if e.Row < 2 || e.Message == "" {
				t.Fatalf("row error %+v", e)
			}
		}
		for _, r := range parsed.Rows {
			if r.P.Nome == "" || r.P.Documento.Numero == "" {
				t.Fatalf("row %d read without name or document: %+v", r.Line, r.P)
			}
			if r.P.Documento.Tipo == CPF {
				if _, err := ParseCPF(r.P.Documento.Numero); err != nil {
					t.Fatalf("row %d: CPF %q read as valid: %v", r.Line, r.P.Documento.Numero, err)
				}
			}
		}
	})
}
