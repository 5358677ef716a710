package postgres

import (
	"context"
	"testing"
	"time"

	"pelotao/internal/store/storetest"
)

func TestImportKeepsPickups(t *testing.T) {
	s := openTemp(t)
	storetest.ImportKeepsPickups(t, s, func(t *testing.T, id string, at time.Time) {
		_, err := s.pool.Exec(context.Background(), `UPDATE participants SET kit_at = $1, kit_balcao = '2',
			kit_por = 'Rita', kit_camiseta_entregue = 'G', kit_retirado_por = '{"nome":"Pedro","documento":"123"}' WHERE id = $2`,
			at, id)
		if err != nil {
			t.Fatal(err)
		}
	})
}
