package participant

import (
	"encoding/json"
	"os"
	"testing"
)

func TestParseCPF(t *testing.T) {
	valid := map[string]string{
		"529.982.247-25":   "52998224725",
		"52998224725":      "52998224725",
		" 111.444.777-35 ": "11144477735",
		"111 444 777 35":   "11144477735",
		"741.436.62":       "00074143662", // leading zeros lost by a spreadsheet
	}
	for in, want := range valid {
		if got, err := ParseCPF(in); err != nil || got != want {
			t.Errorf("ParseCPF(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	invalid := map[string]error{
		"529.982.247-26": errCPFDigits,
		"529.982.247-15": errCPFDigits,
		"111.111.111-11": errCPFRepeated,
		"00000000000":    errCPFRepeated,
		"5299822472":     errCPFDigits, // padded to 05299822472, whose digits do not check
		"5299822":        errCPFLength,
		"529982247250":   errCPFLength,
		"":               errCPFLength,
		"529.982.247-2X": errCPFLetters,
		"ABC12345678":    errCPFLetters,
		"=1+1":           errCPFLetters,
	}
	for in, want := range invalid {
		if got, err := ParseCPF(in); err != want {
			t.Errorf("ParseCPF(%q) = %q, %v; want %v", in, got, err, want)
		}
	}
}

func TestCompleteFormatMask(t *testing.T) {
	if got := CompleteCPF("529982247"); got != "52998224725" {
		t.Fatalf("CompleteCPF: %s", got)
	}
	for base := 100000000; base < 100000000+2000; base += 7 {
		d := CompleteCPF(itoa9(base))
		if _, err := ParseCPF(d); err != nil {
			t.Fatalf("CompleteCPF(%d) = %s does not parse: %v", base, d, err)
		}
	}
	if got := FormatCPF("52998224725"); got != "529.982.247-25" {
		t.Fatalf("FormatCPF: %s", got)
	}
	if got := MaskCPF("52998224725"); got != "***.982.247-**" {
		t.Fatalf("MaskCPF: %s", got)
	}
	if got := MaskPassport("FX123456"); got != "***456" {
		t.Fatalf("MaskPassport: %s", got)
	}
}

func itoa9(n int) string {
	b := []byte("000000000")
	for i := 8; i >= 0 && n > 0; i-- {
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b)
}

// The table the registration form's tests run too (web/src/features/registration/documento.test.ts).
func TestParseDocumentoSharedCases(t *testing.T) {
	raw, err := os.ReadFile("testdata/documentos.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Tipo, Numero, Valido, Erro string
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	var msgs map[string]string
	var rules struct{ Messages json.RawMessage }
	if err := json.Unmarshal(documentoJSON, &rules); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(rules.Messages, &msgs); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		got, err := ParseDocumento(Documento{Tipo: c.Tipo, Numero: c.Numero})
		switch {
		case c.Erro != "" && (err == nil || err.Error() != msgs[c.Erro]):
			t.Errorf("%s %q: err %v, want %q", c.Tipo, c.Numero, err, msgs[c.Erro])
		case c.Erro == "" && (err != nil || got.Numero != c.Valido):
			t.Errorf("%s %q: %q, %v; want %q", c.Tipo, c.Numero, got.Numero, err, c.Valido)
		}
	}
}

// REG-302: a CPF given as a passport (11 digits whose check digits are a CPF's), in a form or in a
// file's passport column or row, is that CPF — the same athlete an order or an import holds with
// it; a passport of other digits, letters or fewer digits stays a passport (never padded).
func TestPassportThatIsACPF(t *testing.T) {
	cpf := Documento{Tipo: CPF, Numero: "52998224725"}
	for _, c := range []struct {
		in   Documento
		want Documento
	}{
		{Documento{Tipo: Passaporte, Numero: "52998224725"}, cpf},
		{Documento{Tipo: Passaporte, Numero: " 52998224725 "}, cpf},
		{Documento{Tipo: Passaporte, Numero: "52998224726"}, Documento{Tipo: Passaporte, Numero: "52998224726"}},
		{Documento{Tipo: Passaporte, Numero: "74143662"}, Documento{Tipo: Passaporte, Numero: "74143662"}}, // the CPF 00074143662 if padded
		{Documento{Tipo: Passaporte, Numero: "ab1234567"}, Documento{Tipo: Passaporte, Numero: "AB1234567"}},
	} {
		if got, err := ParseDocumento(c.in); err != nil || got != c.want {
			t.Errorf("ParseDocumento(%+v) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
	for _, cells := range [][3]string{{"Passaporte", "52998224725", ""}, {"", "", "52998224725"}, {"passport", "", "52998224725"}} {
		if got, field, problem := DocumentoOf(cells[0], cells[1], cells[2]); got != cpf || field != "" || problem != "" {
			t.Errorf("DocumentoOf%q = %+v %q %q; want the CPF", cells, got, field, problem)
		}
	}
}
