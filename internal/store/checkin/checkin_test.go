package checkin

import (
	"slices"
	"testing"

	"pelotao/internal/store"
)

// Every situation has an answer of the contract's four, from respostas.json, which the kit
// desk's test server reads too.
func TestEverySituationIsAnswered(t *testing.T) {
	statuses := []string{store.PickupOK, store.PickupDuplicate, store.PickupConflict, store.PickupRefused}
	for _, before := range []string{"", store.PickupOK, store.PickupConflict} {
		for _, recusada := range []bool{false, true} {
			for _, kit := range []bool{false, true} {
				s := Situation{EnviadaAntes: before, Recusada: recusada, KitRetirado: kit}
				if got := Answer(s); !slices.Contains(statuses, got) {
					t.Errorf("%+v: %q", s, got)
				}
			}
		}
	}
	if got := Answer(Situation{}); got != store.PickupOK {
		t.Errorf("a first pickup of a free kit: %q, want ok", got)
	}
}
