package salesapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"pelotao/internal/api/apitest"
	"pelotao/internal/registration"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// limitsWorld is a site selling the test event (300 slots, paid by Pix in the sandbox) under env.
func limitsWorld(t *testing.T, st store.Store, env map[string]string) *pixWorld {
	t.Helper()
	all := map[string]string{"PELOTAO_PIX_SANDBOX": "1"}
	for k, v := range env {
		all[k] = v
	}
	site := newTestSite(t, st, all)
	return &pixWorld{testSite: site, eventID: site.createEvent(t)}
}

// withDoc is the test order with its athlete's document the i-th of docs.
func withDoc(t *testing.T, i int) string {
	return strings.Replace(orderJSON(t, ""), docs[0], docs[i], 1)
}

func checkError(t *testing.T, rec *httptest.ResponseRecorder, status int, code, message string) {
	t.Helper()
	got := decode[errorAnswer](t, rec.Body.Bytes())
	if rec.Code != status || got.Error.Code != code || got.Error.Message != message {
		t.Fatalf("%d %s, want %d %s %q", rec.Code, rec.Body, status, code, message)
	}
}

// REG-191: an order's Idempotency-Key is the buyer's in one event: on another event it makes
// another order; sent again with another body it is refused (422 idempotency-key-reutilizada);
// the same body again answers the first order, however its JSON is spaced. A key longer than
// 128 characters is refused before anything is held.
func TestIdempotencyKeyPerEventAndBody(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := limitsWorld(t, st, nil)
		c := registration.Const
		path := "/api/events/" + w.eventID + "/pedidos"
		first := w.order(t, w.Call("POST", path, withDoc(t, 0), apitest.As(&bruno), apitest.Header("Idempotency-Key", "chave-da-bruna")), http.StatusCreated)
		spaced := strings.Replace(withDoc(t, 0), `"nome":"Ana Souza"`, `"nome" :  "Ana Souza"`, 1)
		if again := w.order(t, w.Call("POST", path, spaced, apitest.As(&bruno), apitest.Header("Idempotency-Key", "chave-da-bruna")), http.StatusCreated); again.ID != first.ID {
			t.Fatalf("the same body again made order %s, want %s", again.ID, first.ID)
		}
		checkError(t, w.Call("POST", path, withDoc(t, 1), apitest.As(&bruno), apitest.Header("Idempotency-Key", "chave-da-bruna")), http.StatusUnprocessableEntity,
			"idempotency-key-reutilizada", c.Messages.IdempotencyKeyReutilizada)

		otherEvent := w.createEvent(t)
		other := w.order(t, w.Call("POST", "/api/events/"+otherEvent+"/pedidos", withDoc(t, 0), apitest.As(&bruno), apitest.Header("Idempotency-Key", "chave-da-bruna")),
			http.StatusCreated)
		if other.ID == first.ID || other.EventID != otherEvent {
			t.Fatalf("the key on another event answered %s of %s, want a new order of %s", other.ID, other.EventID, otherEvent)
		}

		long := strings.Repeat("k", c.Limits.IdempotencyKeyMax+1)
		checkError(t, w.Call("POST", path, withDoc(t, 2), apitest.As(&bruno), apitest.Header("Idempotency-Key", long)), http.StatusUnprocessableEntity,
			"idempotency-key-invalida", "O cabeçalho Idempotency-Key pode ter no máximo 128 caracteres.")
		if os, err := st.OrdersOfBuyer(t.Context(), bruno.ID); err != nil || len(os) != 2 {
			t.Fatalf("orders after the refusals: %d %v, want 2", len(os), err)
		}
		w.order(t, w.Call("POST", path, withDoc(t, 2), apitest.As(&bruno), apitest.Header("Idempotency-Key", long[1:])), http.StatusCreated)
	})
}

// REG-192: past PELOTAO_MAX_INSCRICOES_POR_CONTA registrations of one account in an event, the
// order is refused with 409 limite-inscricoes saying how many it has; another account is not.
func TestRegistrationsPerAccount(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := limitsWorld(t, st, map[string]string{"PELOTAO_MAX_INSCRICOES_POR_CONTA": "2"})
		path := "/api/events/" + w.eventID + "/pedidos"
		w.order(t, w.Call("POST", path, withDoc(t, 0), apitest.As(&bruno)), http.StatusCreated)
		w.order(t, w.Call("POST", path, withDoc(t, 1), apitest.As(&bruno)), http.StatusCreated)
		checkError(t, w.Call("POST", path, withDoc(t, 2), apitest.As(&bruno)), http.StatusConflict, "limite-inscricoes",
			"Cada conta pode ter até 2 inscrições neste evento, confirmadas ou aguardando pagamento, e esta já tem 2. "+
				"Retire atletas deste pedido ou fale com a organização do evento.")
		w.order(t, w.Call("POST", path, withDoc(t, 2), apitest.As(&carla)), http.StatusCreated)
	})
}

// REG-193: one client address makes at most PELOTAO_ORDERS_PER_HOUR orders and
// PELOTAO_QUOTES_PER_HOUR quotes an hour, as sign-ups are limited: over that, 429 muitos-pedidos
// with a Retry-After; another address has its own budget, and each limit its own.
func TestOrdersAndQuotesPerAddress(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := limitsWorld(t, st, map[string]string{"PELOTAO_ORDERS_PER_HOUR": "2", "PELOTAO_QUOTES_PER_HOUR": "3"})
		c := registration.Const
		const here, there = "198.51.100.7:4000", "198.51.100.8:4000"
		quote, order := "/api/events/"+w.eventID+"/inscricao/cotacao", "/api/events/"+w.eventID+"/pedidos"
		for i := range 3 {
			if rec := w.Call("POST", quote, withDoc(t, 0), apitest.As(&bruno), apitest.From(here)); rec.Code != http.StatusOK {
				t.Fatalf("quote %d: %d %s", i+1, rec.Code, rec.Body)
			}
		}
		over := w.Call("POST", quote, withDoc(t, 0), apitest.As(&bruno), apitest.From(here))
		checkError(t, over, http.StatusTooManyRequests, "muitos-pedidos", c.Messages.MuitosPedidos)
		if got := over.Header().Get("Retry-After"); got != "3600" {
			t.Errorf("Retry-After %q", got)
		}
		w.order(t, w.Call("POST", order, withDoc(t, 0), apitest.As(&bruno), apitest.From(here)), http.StatusCreated) // quotes used up, orders not
		w.order(t, w.Call("POST", order, withDoc(t, 1), apitest.As(&carla), apitest.From(here)), http.StatusCreated)
		checkError(t, w.Call("POST", order, withDoc(t, 2), apitest.As(&carla), apitest.From(here)), http.StatusTooManyRequests, "muitos-pedidos", c.Messages.MuitosPedidos)
		if rec := w.Call("POST", quote, withDoc(t, 2), apitest.As(&carla), apitest.From(there)); rec.Code != http.StatusOK {
			t.Fatalf("a quote from another address: %d %s", rec.Code, rec.Body)
		}
		w.order(t, w.Call("POST", order, withDoc(t, 2), apitest.As(&carla), apitest.From(there)), http.StatusCreated)
	})
}

// REG-193, REG-300, REG-321: an order takes its slot in its own transaction, and an order
// refused — its body unreadable (400) before that transaction, its document taken (409) inside
// it — takes one all the same: the limit is on the work asked.
func TestRefusedOrdersTakeTheirSlot(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := limitsWorld(t, st, map[string]string{"PELOTAO_ORDERS_PER_HOUR": "3"})
		const here = "198.51.100.9:4000"
		order := "/api/events/" + w.eventID + "/pedidos"
		w.order(t, w.Call("POST", order, withDoc(t, 0), apitest.As(&bruno), apitest.From(here)), http.StatusCreated)
		if rec := w.Call("POST", order, `{"atletas": [`, apitest.As(&carla), apitest.From(here)); rec.Code != http.StatusBadRequest {
			t.Fatalf("an unreadable order: %d %s", rec.Code, rec.Body)
		}
		if rec := w.Call("POST", order, withDoc(t, 0), apitest.As(&carla), apitest.From(here)); rec.Code != http.StatusConflict {
			t.Fatalf("an order of a document taken: %d %s", rec.Code, rec.Body)
		}
		c := registration.Const
		checkError(t, w.Call("POST", order, withDoc(t, 1), apitest.As(&carla), apitest.From(here)), http.StatusTooManyRequests, "muitos-pedidos", c.Messages.MuitosPedidos)
	})
}

// REG-321: an order a rule refuses in its transaction keeps the slot it took there, one slot
// and not a second taken on its own: at 3 an hour, an order, a refused one and an order pass.
func TestRefusedOrderTakesOneSlot(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := limitsWorld(t, st, map[string]string{"PELOTAO_ORDERS_PER_HOUR": "3"})
		const here = "198.51.100.10:4000"
		order := "/api/events/" + w.eventID + "/pedidos"
		w.order(t, w.Call("POST", order, withDoc(t, 0), apitest.As(&bruno), apitest.From(here)), http.StatusCreated)
		if rec := w.Call("POST", order, withDoc(t, 0), apitest.As(&carla), apitest.From(here)); rec.Code != http.StatusConflict {
			t.Fatalf("an order of a document taken: %d %s", rec.Code, rec.Body)
		}
		w.order(t, w.Call("POST", order, withDoc(t, 1), apitest.As(&carla), apitest.From(here)), http.StatusCreated)
		c := registration.Const
		checkError(t, w.Call("POST", order, withDoc(t, 2), apitest.As(&carla), apitest.From(here)), http.StatusTooManyRequests, "muitos-pedidos", c.Messages.MuitosPedidos)
	})
}
