package salesapi

import (
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/participant"
	"pelotao/internal/store/dbtest"
)

// BenchmarkOrderCreation is POST …/pedidos making an order (priced, held and charged through
// the Pix sandbox) by 200 buyers at once on SQLite: each order's work at a registration opening
// (make load's rush), without HTTP and sessions; each buyer from an address of its own, as make
// load's rush behind its balancer. Its allocs/op barely moves from run to run.
func BenchmarkOrderCreation(b *testing.B) {
	site := newTestSite(b, dbtest.OpenSQLite(b, filepath.Join(memoryDir(b), "orders.db")),
		map[string]string{"PELOTAO_PIX_SANDBOX": "1", "PELOTAO_ORDERS_PER_HOUR": "1000000"})
	eventID := site.createEvent(b, `"vagas": 300`, `"vagas": 1000000`)
	if err := site.sales.registerWebhook(b.Context()); err != nil {
		b.Fatal(err)
	}
	body := orderJSON(b, "")
	var n atomic.Int64
	b.SetParallelism(100) // × GOMAXPROCS (2 here) buyers
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1)
			buyer := api.User{ID: fmt.Sprint("comprador-", i), Email: fmt.Sprintf("c%d@exemplo.com.br", i)}
			cpf := participant.CompleteCPF(fmt.Sprint(300000000 + i))
			from := fmt.Sprintf("10.%d.%d.%d:40000", i>>16&255, i>>8&255, i&255) // each buyer's own address
			rec := site.Call("POST", "/api/events/"+eventID+"/pedidos", strings.Replace(body, "529.982.247-25", cpf, 1), apitest.As(&buyer), apitest.From(from))
			if rec.Code != http.StatusCreated {
				b.Errorf("order %d: %d %s", i, rec.Code, rec.Body)
				return
			}
		}
	})
}
