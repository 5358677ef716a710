package answercache

import (
	"encoding/json"
	"net/http"

	"pelotao/internal/store"
)

// ordersJSONMax bounds the orders kept encoded: 30,000 take about 20 MB.
const ordersJSONMax = 60_000

// OrdersJSON keeps each order's JSON as the API answers it, by id and rev (encodedJSON), and each
// buyer's by what it says: the organizer's orders list, searched by many at once, is put together
// from bytes. An order's rev moves with every change to it or its parts; a buyer renamed is
// another key.
type OrdersJSON struct {
	kept   encodedJSON[orderKey]
	buyers encodedJSON[store.Buyer]
}

type orderKey struct {
	id  string
	rev int64
}

// WritePage writes {"nextCursor":…,"pedidos":[…],"total":n}, as api.WriteJSON would the map,
// each order's answer(o) (a JSON object) with "comprador": buyer(buyers[o.BuyerID]) after its
// fields (encoding the buyers of each page anew took a quarter of its answer's time).
func (c *OrdersJSON) WritePage(w http.ResponseWriter, page store.OrderPage, answer func(store.Order) any,
	buyers map[string]store.Buyer, buyer func(store.Buyer) any) error {
	next, err := json.Marshal(page.NextCursor)
	if err != nil {
		return err
	}
	return writePage(w, next, "pedidos", page.Total, len(page.Orders), func(body []byte, i int) ([]byte, error) {
		o := &page.Orders[i]
		b, err := c.kept.of(orderKey{o.ID, o.Rev}, o.Rev != 0, ordersJSONMax, func() any { return answer(*o) })
		if err != nil {
			return body, err
		}
		by := buyers[o.BuyerID]
		bb, err := c.buyers.of(by, true, ordersJSONMax, func() any { return buyer(by) })
		if err != nil {
			return body, err
		}
		body = append(append(append(body, b[:len(b)-1]...), `,"comprador":`...), bb...)
		return append(body, '}'), nil
	})
}
