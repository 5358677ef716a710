package participant

import (
	"testing"

	"pelotao/internal/team"
)

// REG-253: a minor's guardian's document is masked wherever the athlete's is (LGPD), and the
// participant given is left as it was.
func TestForRoleMasksTheGuardiansDocument(t *testing.T) {
	p := Participant{Documento: Documento{Tipo: CPF, Numero: "52998224725"},
		Responsavel: &Responsavel{Nome: "Marta Lima", Documento: Documento{Tipo: CPF, Numero: "11144477735"}}}
	for _, role := range []team.Role{team.Retirada, team.Gestao} {
		got := ForRole(p, role).Responsavel
		want := "11144477735"
		if !team.SeesFullDocument(role) {
			want = "***.444.777-**"
		}
		if got.Nome != "Marta Lima" || got.Documento.Numero != want {
			t.Errorf("%s: guardian %+v, want number %s", role, got, want)
		}
	}
	if p.Responsavel.Documento.Numero != "11144477735" {
		t.Errorf("the participant given was changed: %+v", p.Responsavel)
	}
}
