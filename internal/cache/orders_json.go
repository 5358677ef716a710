package cache

import (
	"encoding/json"
	"net/http"

	"pelotao/internal/store"
)

// ordersJSONMax bounds the orders kept encoded: 30,000 take about 20 MB.
const ordersJSONMax = 60_000

// OrdersJSON keeps each order's JSON as the API answers it, by id and rev (encodedJSON): the
// organizer's orders list, searched by many at once, is put together from bytes. An order's rev
// moves with every change to it or its parts.
type OrdersJSON struct {
	kept encodedJSON[orderKey]
}

type orderKey struct {
	id  string
	rev int64
}

var (
	buyerField = []byte(`,"comprador":`)
	closeBrace = []byte{'}'}
)

// WritePage writes {"nextCursor":…,"pedidos":[…],"total":n}, as api.WriteJSON would the map,
// each order's answer(o) (a JSON object) with "comprador": buyers[o.BuyerID] after its fields.
func (c *OrdersJSON) WritePage(w http.ResponseWriter, page store.OrderPage, answer func(store.Order) any, buyers map[string][]byte) error {
	next, err := json.Marshal(page.NextCursor)
	if err != nil {
		return err
	}
	head, tail := pageEnds(next, "pedidos", page.Total)
	parts := make([][]byte, 0, 5*len(page.Orders)+2)
	parts = append(parts, head)
	for i, o := range page.Orders {
		b, err := c.kept.of(orderKey{o.ID, o.Rev}, o.Rev != 0, ordersJSONMax, func() any { return answer(o) })
		if err != nil {
			return err
		}
		if i > 0 {
			parts = append(parts, comma)
		}
		parts = append(parts, b[:len(b)-1], buyerField, buyers[o.BuyerID], closeBrace)
	}
	writeJSONParts(w, append(parts, tail))
	return nil
}
