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
