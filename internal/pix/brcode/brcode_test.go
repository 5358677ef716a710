package brcode

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// manualExample is the BR Code the Banco Central's manual of Pix initiation standards (Manual de
// Padrões para Iniciação do Pix) publishes: a static code for the key
// 123e4567-e12b-12d1-a456-426655440000, receiver "Fulano de Tal" in BRASILIA.
const manualExample = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D"

// REG-11: the writer and the CRC give the manual's example byte for byte from its listed fields.
func TestManualExample(t *testing.T) {
	if got := fmt.Sprintf("%04X", CRC16(strings.TrimSuffix(manualExample, "1D3D"))); got != "1D3D" {
		t.Fatalf("CRC of the manual's example = %s, want 1D3D", got)
	}
	got := encode([]field{
		{id: "00", value: "01"},
		{id: "26", sub: []field{{id: "00", value: "br.gov.bcb.pix"}, {id: "01", value: "123e4567-e12b-12d1-a456-426655440000"}}},
		{id: "52", value: "0000"},
		{id: "53", value: "986"},
		{id: "58", value: "BR"},
		{id: "59", value: "Fulano de Tal"},
		{id: "60", value: "BRASILIA"},
		{id: "62", sub: []field{{id: "05", value: "***"}}},
	})
	if got != manualExample {
		t.Errorf("encode(manual's fields)\n got %s\nwant %s", got, manualExample)
	}
}

// REG-11: CRC-16/CCITT-FALSE's standard check value (of "123456789") is 0x29B1.
func TestCRC16CheckValue(t *testing.T) {
	if got := CRC16("123456789"); got != 0x29B1 {
		t.Errorf("CRC16(123456789) = %04X, want 29B1", got)
	}
}

// REG-11: a dynamic code has the fields the standard lists, in order, and a CRC that checks.
func TestDynamicCodeHasTheStandardsFieldsAndACheckingCRC(t *testing.T) {
	location := "pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25"
	code, err := Dynamic(location, "Pelotão Eventos Esportivos Ltda", "São José dos Campos")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"00=01", "01=12", fmt.Sprintf("26=0014br.gov.bcb.pix25%02d%s", len(location), location), "52=0000", "53=986", "58=BR",
		"59=Pelotao Eventos Esportivo", "60=Sao Jose dos Ca", "62=0503***",
	}
	fields := parse(t, code)
	if got := fields[:len(fields)-1]; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("fields\n got %v\nwant %v", got, want)
	}
	last := fields[len(fields)-1]
	if crc := fmt.Sprintf("63=%04X", CRC16(code[:len(code)-4])); last != crc {
		t.Errorf("field 63 is %s, want %s", last, crc)
	}
}

// REG-11: the location may come with a scheme; a location no BR Code can carry is refused.
func TestDynamicLocation(t *testing.T) {
	a, errA := Dynamic("https://pix.example.com/qr/1", "Pelotao", "Sao Paulo")
	b, errB := Dynamic("pix.example.com/qr/1", "Pelotao", "Sao Paulo")
	if errA != nil || errB != nil || a != b {
		t.Errorf("with and without https:// differ: %q %v, %q %v", a, errA, b, errB)
	}
	for _, bad := range []string{"", strings.Repeat("x", 78), "pix.example.com/qr/ção"} {
		if _, err := Dynamic(bad, "Pelotao", "Sao Paulo"); err == nil {
			t.Errorf("Dynamic(%q) made a code", bad)
		}
	}
	if _, err := Dynamic("pix.example.com/qr/1", "ção", "  "); err == nil {
		t.Error("an empty name and city made a code")
	}
}

func TestFoldDropsAccentsAndSymbolsAndSqueezesSpaces(t *testing.T) {
	cases := map[string]string{
		"São Paulo":             "Sao Paulo",
		"  Pelotão   Eventos  ": "Pelotao Eventos",
		"Açaí 🏃 Run":            "Acai Run",
		"Florianópolis":         "Florianopolis",
	}
	for in, want := range cases {
		if got := fold(in, 15); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// parse reads a BR Code's top-level fields as "ID=value".
func parse(t *testing.T, code string) []string {
	t.Helper()
	var out []string
	for len(code) > 0 {
		if len(code) < 4 {
			t.Fatalf("a field cut short: %q", code)
		}
		n, err := strconv.Atoi(code[2:4])
		if err != nil || len(code) < 4+n {
			t.Fatalf("bad length in %q", code)
		}
		out = append(out, code[:2]+"="+code[4:4+n])
		code = code[4+n:]
	}
	return out
}
