package salesapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/orders"
	"pelotao/internal/pix/sandbox"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// pixWorld is the sales API on the sandbox PSP with an event sold by Pelotão with one slot (its
// owner ana), and bruno, who buys.
type pixWorld struct {
	*testSite
	eventID string
}

func newPixWorld(t *testing.T, st store.Store, env map[string]string) *pixWorld {
	t.Helper()
	all := map[string]string{"PELOTAO_PIX_SANDBOX": "1"}
	for k, v := range env {
		all[k] = v
	}
	site := newTestSite(t, st, all)
	eventID := site.createEvent(t, `"vagas": 300`, `"vagas": 1`)
	if err := site.sales.registerWebhook(t.Context()); err != nil {
		t.Fatal(err)
	}
	return &pixWorld{testSite: site, eventID: eventID}
}

func (w *pixWorld) order(t *testing.T, rec *httptest.ResponseRecorder, status int) orderAnswer {
	t.Helper()
	if rec.Code != status {
		t.Fatalf("status %d, want %d: %s", rec.Code, status, rec.Body)
	}
	var o orderAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &o); err != nil {
		t.Fatal(err)
	}
	return o
}

func (w *pixWorld) buy(t *testing.T) orderAnswer {
	t.Helper()
	return w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, ""), apitest.As(&bruno)), http.StatusCreated)
}

// REG-60, REG-61, REG-62: an order holds its slot and answers its Pix; paying it in the sandbox
// posts the webhook, which the server checks with the PSP before confirming the order once.
func TestOrderPaidByPix(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newPixWorld(t, st, nil)
		o := w.buy(t)
		if o.Status != store.OrderAwaiting || o.Total != 8990 || o.Pix == nil || o.Pix.CopiaECola == "" ||
			o.Pix.QRCode != "/api/pedidos/"+o.ID+"/qrcode.png" || len(o.Inscricoes) != 1 || o.Inscricoes[0].Status != store.RegistrationPending {
			t.Fatalf("new order %+v", o)
		}
		png := w.Call("GET", o.Pix.QRCode, "", apitest.As(&bruno))
		if png.Code != 200 || png.Header().Get("Content-Type") != "image/png" || !strings.HasPrefix(png.Body.String(), "\x89PNG") {
			t.Fatalf("qr code %d %q", png.Code, png.Header())
		}
		// The event has one slot: held, it is sold out for anyone else.
		other := api.User{ID: "carla", Email: "carla@exemplo.com.br"}
		body := strings.Replace(orderJSON(t, ""), "529.982.247-25", "111.444.777-35", 1)
		if rec := w.Call("POST", "/api/events/"+w.eventID+"/pedidos", body, apitest.As(&other)); rec.Code != 409 || !strings.Contains(rec.Body.String(), `"esgotado"`) {
			t.Fatalf("second order %d %s", rec.Code, rec.Body)
		}
		// REG-65: the offer and the quote count the hold.
		if rec := w.Call("GET", "/api/events/"+w.eventID+"/inscricao", ""); !strings.Contains(rec.Body.String(), `"aberta":false`) ||
			!strings.Contains(rec.Body.String(), `"codigo":"esgotado"`) {
			t.Fatalf("offer while held: %s", rec.Body)
		}
		if rec := w.Call("POST", "/api/events/"+w.eventID+"/inscricao/cotacao", body, apitest.As(&other)); rec.Code != 409 {
			t.Fatalf("quote while held: %d %s", rec.Code, rec.Body)
		}

		if rec := w.Call("POST", sandbox.Path+"simular/"+o.Pix.Txid, ""); rec.Code != 200 {
			t.Fatalf("simulate %d %s", rec.Code, rec.Body)
		}
		paid := w.order(t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&bruno)), 200)
		if paid.Status != store.OrderPaid || paid.PagoEm == nil || paid.Pix != nil || paid.Inscricoes[0].Codigo == "" ||
			paid.Inscricoes[0].Status != store.RegistrationConfirmed {
			t.Fatalf("paid order %+v", paid)
		}
		ps, err := st.ListParticipants(t.Context(), store.ParticipantQuery{EventID: w.eventID})
		if err != nil || len(ps.Participants) != 1 || ps.Participants[0].Nome != "Ana Souza" {
			t.Fatalf("participants %+v %v", ps, err)
		}

		// REG-66: the buyer's registrations list it, confirmed, with its event.
		var mine struct {
			Inscricoes []myRegistrationAnswer
		}
		if err := json.Unmarshal(w.Call("GET", "/api/me/inscricoes", "", apitest.As(&bruno)).Body.Bytes(), &mine); err != nil || len(mine.Inscricoes) != 1 ||
			mine.Inscricoes[0].Codigo != paid.Inscricoes[0].Codigo || mine.Inscricoes[0].Evento.Titulo != "Pedal do Pelotão" || mine.Inscricoes[0].PedidoID != o.ID {
			t.Fatalf("my registrations %+v %v", mine, err)
		}

		// The same notification five times confirms once.
		stored, _ := st.Order(t.Context(), o.ID)
		hook := `{"pix":[{"endToEndId":"` + stored.Pagamentos[0].EndToEndID + `","txid":"` + o.Pix.Txid + `","valor":"89.90","horario":"2030-01-01T10:00:00Z"}]}`
		for range 5 {
			if rec := w.Call("POST", "/api/pix/webhook/"+w.sales.WebhookSecret()+"/pix", hook); rec.Code != 200 {
				t.Fatalf("webhook %d %s", rec.Code, rec.Body)
			}
		}
		if again, _ := st.Order(t.Context(), o.ID); len(again.Pagamentos) != 1 || again.Inscricoes[0].Codigo != paid.Inscricoes[0].Codigo {
			t.Fatalf("after repeated webhooks %+v", again)
		}
	})
}

// REG-62: a notification is only a hint: an unknown txid, or a charge the PSP says is unpaid,
// confirms nothing, and a wrong secret is a 404.
func TestForgedWebhookConfirmsNothing(t *testing.T) {
	w := newPixWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/f.db"), nil)
	o := w.buy(t)
	path := "/api/pix/webhook/" + w.sales.WebhookSecret() + "/pix"
	for _, txid := range []string{o.Pix.Txid, "naoexiste0000000000000000000"} {
		hook := `{"pix":[{"endToEndId":"E00000000202601011000abcdefghijk","txid":"` + txid + `","valor":"89.90","horario":"2030-01-01T10:00:00Z"}]}`
		if rec := w.Call("POST", path, hook); rec.Code != 200 {
			t.Fatalf("webhook %d %s", rec.Code, rec.Body)
		}
	}
	if rec := w.Call("POST", "/api/pix/webhook/errado/pix", `{"pix":[]}`); rec.Code != 404 {
		t.Fatalf("wrong secret %d", rec.Code)
	}
	if got := w.order(t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&bruno)), 200); got.Status != store.OrderAwaiting {
		t.Fatalf("forged webhook confirmed %+v", got)
	}
}

// REG-63: with the webhook lost, the reconciliation confirms the paid order once its webhook had
// time to come (orders.WebhookGrace); a hold that passes frees its slot.
func TestReconciliationAndExpiry(t *testing.T) {
	w := newPixWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/r.db"), nil)
	o := w.buy(t)
	// A webhook URL nobody serves: the payment's notification is lost.
	if err := w.sales.psp.RegisterWebhook(t.Context(), "http://perdido.invalid/hook"); err != nil {
		t.Fatal(err)
	}
	w.Call("POST", sandbox.Path+"simular/"+o.Pix.Txid, "")
	if got, _ := w.st.Order(t.Context(), o.ID); got.Status != store.OrderAwaiting {
		t.Fatalf("confirmed without webhook or reconciliation: %s", got.Status)
	}
	w.sales.reconcileAt(t.Context(), time.Now())
	if got, _ := w.st.Order(t.Context(), o.ID); got.Status != store.OrderAwaiting {
		t.Fatalf("a charge younger than its webhook's grace was read back: %s", got.Status)
	}
	w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
	if got, _ := w.st.Order(t.Context(), o.ID); got.Status != store.OrderPaid {
		t.Fatalf("reconciliation left %s", got.Status)
	}

	// A second event whose hold lasts a minute: after it, the slot is free and the charge removed.
	x := newPixWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/x.db"), map[string]string{"PELOTAO_REGISTRATION_HOLD": "1m"})
	held := x.buy(t)
	x.sales.expireHoldsAt(t.Context(), time.Now().Add(2*time.Minute))
	if got, _ := x.st.Order(t.Context(), held.ID); got.Status != store.OrderExpired {
		t.Fatalf("hold not ended: %s", got.Status)
	}
	if ch, err := x.sales.psp.Charge(t.Context(), held.Pix.Txid); err != nil || ch.Status != "REMOVIDA_PELO_USUARIO_RECEBEDOR" {
		t.Fatalf("charge %+v %v", ch, err)
	}
	other := api.User{ID: "carla", Email: "carla@exemplo.com.br"}
	body := strings.Replace(orderJSON(t, ""), "529.982.247-25", "111.444.777-35", 1)
	if rec := x.Call("GET", "/api/events/"+x.eventID+"/inscricao", ""); !strings.Contains(rec.Body.String(), `"aberta":true`) {
		t.Fatalf("offer after the hold: %s", rec.Body)
	}
	x.order(t, x.Call("POST", "/api/events/"+x.eventID+"/pedidos", body, apitest.As(&other)), http.StatusCreated)
}

// REG-64: a PSP that is down leaves no hold; the order is priced by the server only; only the
// buyer and the event's managers see an order.
func TestOrderRefusals(t *testing.T) {
	down := newPixWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/d.db"), nil)
	down.sales.sandbox.Inject(sandbox.Unavailable, 100)
	rec := down.Call("POST", "/api/events/"+down.eventID+"/pedidos", orderJSON(t, ""), apitest.As(&bruno))
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), `"pagamento-indisponivel"`) ||
		!strings.Contains(rec.Body.String(), "Pagamento indisponível no momento. Tente novamente em instantes.") {
		t.Fatalf("PSP down: %d %s", rec.Code, rec.Body)
	}
	if os, err := down.st.OrdersOfBuyer(t.Context(), bruno.ID); err != nil || len(os) != 0 {
		t.Fatalf("a hold remained: %+v %v", os, err)
	}

	w := newPixWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/u.db"), nil)

	if rec := w.Call("POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, `,"total":1`), apitest.As(&bruno)); rec.Code != 400 {
		t.Fatalf("client total: %d %s", rec.Code, rec.Body)
	}
	o := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, ""), apitest.As(&bruno), apitest.Header("Idempotency-Key", "k1")), http.StatusCreated)
	again := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, ""), apitest.As(&bruno), apitest.Header("Idempotency-Key", "k1")), http.StatusCreated)
	if again.ID != o.ID {
		t.Fatalf("the same key made two orders: %s %s", o.ID, again.ID)
	}
	stranger := api.User{ID: "carla", Email: "carla@exemplo.com.br"}
	owner := api.User{ID: ana.ID, Email: ana.Email}
	for _, c := range []struct {
		u    *api.User
		want int
	}{{nil, 401}, {&stranger, 404}, {&owner, 200}, {&bruno, 200}} {
		if rec := w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(c.u)); rec.Code != c.want {
			t.Errorf("%v: %d, want %d", c.u, rec.Code, c.want)
		}
	}
}

// REG-67: a coupon is read from the store in its own units (hundredths of a percent here); an
// order it makes free is paid at once, with no charge.
func TestFreeOrderWithStoredCoupon(t *testing.T) {
	w := newPixWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/c.db"), nil)
	if err := w.st.SaveCoupon(t.Context(), store.Coupon{EventID: w.eventID, Codigo: "CORTESIA", Tipo: store.CouponPercent, Valor: 10000, Ativo: true}); err != nil {
		t.Fatal(err)
	}
	if err := w.st.SaveCoupon(t.Context(), store.Coupon{EventID: w.eventID, Codigo: "DEZ", Tipo: store.CouponFixed, Valor: 1000, Ativo: true}); err != nil {
		t.Fatal(err)
	}
	rec := w.Call("POST", "/api/events/"+w.eventID+"/inscricao/cotacao", orderJSON(t, `,"cupom":"dez"`), apitest.As(&bruno))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"total":79.9`) {
		t.Fatalf("R$ 10 off: %d %s", rec.Code, rec.Body)
	}
	o := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, `,"cupom":"cortesia"`), apitest.As(&bruno)), http.StatusCreated)
	if o.Status != store.OrderPaid || o.Total != 0 || o.Pix != nil || o.Inscricoes[0].Codigo == "" || o.Inscricoes[0].Desconto != 8990 {
		t.Fatalf("free order %+v", o)
	}
}

// REG-45, REG-150: a double tap whose first request takes the last slot answers the twin with
// that order, not esgotado (the store looks the key up before it counts: a window the double
// taps of make load's rush fall into at the moment of selling out).
func TestTwinOfTheLastSlotsOrder(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newPixWorld(t, st, nil)
		o := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, ""), apitest.As(&bruno), apitest.Header("Idempotency-Key", "k1")), http.StatusCreated)
		again := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, ""), apitest.As(&bruno), apitest.Header("Idempotency-Key", "k1")), http.StatusCreated)
		if again.ID != o.ID || again.Pix == nil || again.Pix.Txid != o.Pix.Txid || again.Pix.CopiaECola != o.Pix.CopiaECola {
			t.Fatalf("the twin answered %+v, want the first order %+v", again, o)
		}
		other := w.Call("POST", "/api/events/"+w.eventID+"/pedidos", strings.Replace(orderJSON(t, ""), "529.982.247-25", "111.444.777-35", 1), apitest.As(&bruno), apitest.Header("Idempotency-Key", "k2"))
		if other.Code != http.StatusConflict || !strings.Contains(other.Body.String(), `"esgotado"`) {
			t.Fatalf("another key after the last slot: %d %s", other.Code, other.Body)
		}
	})
}
