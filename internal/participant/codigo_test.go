package participant

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// REG-140: a registration code is found however it is typed: any case, with spaces or hyphens;
// text that cannot be a code is none. The kit desk runs the same cases (codigo.test.ts).
func TestNormalizeCodigo(t *testing.T) {
	raw, err := os.ReadFile("testdata/codigo_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases struct {
		Normalize []struct{ In, Out string } `json:"normalize"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases.Normalize) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range cases.Normalize {
		if got := NormalizeCodigo(c.In); got != c.Out {
			t.Errorf("NormalizeCodigo(%q) = %q, want %q", c.In, got, c.Out)
		}
	}
}

// REG-140: a new code is 10 symbols of the alphabet, and reads back as itself.
func TestNewCodigo(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		c := NewCodigo()
		if len(c) != 10 || strings.Trim(c, "23456789ABCDEFGHJKLMNPQRSTUVWXYZ") != "" || NormalizeCodigo(c) != c {
			t.Fatalf("NewCodigo() = %q", c)
		}
		if seen[c] {
			t.Fatalf("NewCodigo() gave %q twice in 1,000", c)
		}
		seen[c] = true
	}
}
