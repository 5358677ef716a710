package httpapi

import (
	"slices"
	"testing"
	"time"

	"pelotao/internal/participant"
)

// REG-253, GRP-47: the export names a minor's guardian and the document, blank for an adult, then
// the group in its last column; every row is as long as the header.
func TestExportRowNamesTheGuardianAndGroup(t *testing.T) {
	minor := participant.Participant{Nome: "Lia Menor", Documento: participant.Documento{Tipo: participant.CPF, Numero: "52998224725"},
		Responsavel: &participant.Responsavel{Nome: "Marta Lima", Documento: participant.Documento{Tipo: participant.CPF, Numero: "11144477735"}}}
	picked := minor
	picked.KitRetirado = &participant.Kit{At: time.Date(2027, 3, 14, 12, 0, 0, 0, time.UTC), Balcao: "1"}
	adult := participant.Participant{Nome: "Ana Souza"}
	grouped := adult
	grouped.Grupo, grouped.GrupoID = "Assessoria Pé Quente", "g1"
	for _, c := range []struct {
		p    participant.Participant
		want []string
	}{{minor, []string{"Marta Lima", "111.444.777-35", ""}}, {picked, []string{"Marta Lima", "111.444.777-35", ""}},
		{adult, []string{"", "", ""}}, {grouped, []string{"", "", "Assessoria Pé Quente"}}} {
		row := exportRow(c.p, time.UTC)
		if len(row) != len(exportHeader) || !slices.Equal(row[len(row)-3:], c.want) {
			t.Errorf("%s: %q, want it ending %q", c.p.Nome, row, c.want)
		}
	}
	if h := exportHeader[len(exportHeader)-3:]; !slices.Equal(h, []string{"Responsável (menor de idade)", "Documento do responsável", "Grupo"}) {
		t.Errorf("header ends %q", h)
	}
}
