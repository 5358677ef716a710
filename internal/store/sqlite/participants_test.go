package sqlite

import (
	"context"
	"testing"
	"time"

	"pelotao/internal/store/storetest"
)

func TestImportKeepsPickups(t *testing.T) {
	s := openTemp(t)
	storetest.ImportKeepsPickups(t, s, func(t *testing.T, id string, at time.Time) {
		_, err := s.write.ExecContext(context.Background(), `UPDATE participants SET kit_at = ?, kit_balcao = '2',
			kit_por = 'Rita', kit_camiseta_entregue = 'G', kit_retirado_por = '{"nome":"Pedro","documento":"123"}' WHERE id = ?`,
			unixMilli(at), id)
		if err != nil {
			t.Fatal(err)
		}
	})
}
