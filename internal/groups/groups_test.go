package groups

import (
	"strings"
	"testing"

	"pelotao/internal/team"
)

// GRP-2: a name is trimmed with its spaces made one, 3 to 80 characters with a letter or digit,
// and compared folded.
func TestNome(t *testing.T) {
	for typed, want := range map[string][2]string{
		"  Assessoria   Corre\tCuritiba ": {"Assessoria Corre Curitiba", ""},
		"":                                {"", "Informe o nome do grupo."},
		"ab":                              {"ab", "O nome do grupo deve ter de 3 a 80 caracteres."},
		"Ágil":                            {"Ágil", ""},
		strings.Repeat("é", 80):           {strings.Repeat("é", 80), ""},
		strings.Repeat("é", 81):           {strings.Repeat("é", 81), "O nome do grupo deve ter de 3 a 80 caracteres."},
		"— · —":                           {"— · —", "O nome do grupo precisa ter letras ou números."},
	} {
		if nome, problem := Nome(typed); nome != want[0] || problem != want[1] {
			t.Errorf("Nome(%q) = %q, %q; want %q, %q", typed, nome, problem, want[0], want[1])
		}
	}
	if a, b := Chave("Assessoria Corre-Curitibá"), Chave("  ASSESSORIA corre curitiba"); a != b || a != "assessoria corre curitiba" {
		t.Errorf("folded names %q and %q", a, b)
	}
}

// GRP-4: codes are 8 upper-case letters and digits without 0, O, 1 or I, and differ.
func TestCodigo(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		c := NewCodigo()
		if !ValidCodigo(c) || strings.ContainsAny(c, "0O1I") || seen[c] {
			t.Fatalf("code %q (seen before: %v)", c, seen[c])
		}
		seen[c] = true
	}
	for _, bad := range []string{"", "ABCDEFG", "ABCDEFGHJ", "abcdefgh", "ABCD-FGH", "ABCDÉFGH"} {
		if ValidCodigo(bad) {
			t.Errorf("%q taken for a code", bad)
		}
	}
	if got := Link("corrida-2027", "ABCDEFGH"); got != "/inscricao/corrida-2027?grupo=ABCDEFGH" {
		t.Errorf("link %q", got)
	}
}

// GRP-10: coaches and managers see and change a group; only managers remove it; the kit desk and
// anyone else nothing.
func TestAccessOf(t *testing.T) {
	cases := []struct {
		role  team.Role
		coach bool
		want  Access
	}{
		{"", false, Access{}},
		{"", true, Access{See: true, Change: true}},
		{team.Retirada, false, Access{}},
		{team.Retirada, true, Access{See: true, Change: true}},
		{team.Gestao, false, Access{See: true, Change: true, Remove: true}},
		{team.Owner, true, Access{See: true, Change: true, Remove: true}},
	}
	for _, c := range cases {
		if got := AccessOf(c.role, c.coach); got != c.want {
			t.Errorf("AccessOf(%q, coach %v) = %+v, want %+v", c.role, c.coach, got, c.want)
		}
	}
}
