package event

import "testing"

// REG-271: a valid CNPJ is kept written one way, whatever punctuation it came with; anything else
// is left as typed, for Validate to refuse at its field (validation_cases.json has the rule's cases).
func TestNormalizeCNPJ(t *testing.T) {
	for in, want := range map[string]string{
		"11222333000181":      "11.222.333/0001-81",
		"11.222.333/0001-81":  "11.222.333/0001-81",
		"11 222 333/0001-81":  "11.222.333/0001-81",
		"12.abc.345/01de-35":  "12.ABC.345/01DE-35",
		"11.222.333/0001-82":  "11.222.333/0001-82",
		"CNPJ 11222333000181": "CNPJ 11222333000181",
	} {
		if got := NormalizeCNPJ(in); got != want {
			t.Errorf("NormalizeCNPJ(%q) = %q, want %q", in, got, want)
		}
	}
}
