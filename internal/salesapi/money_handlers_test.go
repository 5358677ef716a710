package salesapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/orders"
	"pelotao/internal/participant"
	"pelotao/internal/pix"
	"pelotao/internal/pix/sandbox"
	"pelotao/internal/registration"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
	"pelotao/internal/team"
)

// moneyWorld is a pixWorld with room for several orders, bruno's account, and a gestao and a
// retirada member of the event's team.
type moneyWorld struct {
	*pixWorld
	gestao, retirada api.User
}

var docs = []string{"529.982.247-25", "111.444.777-35", "390.533.447-05", "987.654.321-00"}

func newMoneyWorld(t *testing.T, st store.Store, edits ...string) *moneyWorld {
	t.Helper()
	site := newTestSite(t, st, map[string]string{"PELOTAO_PIX_SANDBOX": "1"})
	eventID := site.createEvent(t, edits...)
	if err := site.sales.registerWebhook(t.Context()); err != nil {
		t.Fatal(err)
	}
	w := &moneyWorld{pixWorld: &pixWorld{testSite: site, eventID: eventID}}
	now := time.Now()
	account := func(u api.User) {
		err := st.CreateUser(t.Context(), store.User{ID: u.ID, Email: u.Email, DisplayName: u.DisplayName, PasswordHash: "x",
			CreatedAt: now, EmailVerifiedAt: now})
		if err != nil && !errors.Is(err, store.ErrConflict) { // bruno buys in each world of a test
			t.Fatal(err)
		}
	}
	account(bruno)
	for _, m := range []struct {
		u    *api.User
		role team.Role
	}{{&w.gestao, team.Gestao}, {&w.retirada, team.Retirada}} {
		*m.u = api.User{ID: "u-" + string(m.role) + "-" + eventID, Email: string(m.role) + "@" + eventID + ".exemplo.com.br", DisplayName: "Equipe"}
		account(*m.u)
		if _, err := st.AddStaff(t.Context(), store.StaffMember{EventID: eventID, UserID: m.u.ID, Email: m.u.Email, Role: m.role,
			InvitedBy: ana.ID, InvitedAt: now}); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// buyAs makes an order of the i-th test document (name nome) as u.
func (w *moneyWorld) buyAs(t *testing.T, u api.User, i int, nome string) orderAnswer {
	t.Helper()
	body := strings.NewReplacer(docs[0], docs[i], "Ana Souza", nome).Replace(orderJSON(t, ""))
	return w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", body, apitest.As(&u)), http.StatusCreated)
}

// paid pays o in the sandbox (its webhook confirms it) and answers it as its buyer reads it.
func (w *moneyWorld) paid(t *testing.T, o orderAnswer) orderAnswer {
	t.Helper()
	if rec := w.Call("POST", sandbox.Path+"simular/"+o.Pix.Txid, ""); rec.Code != 200 {
		t.Fatalf("simulate %d %s", rec.Code, rec.Body)
	}
	return w.get(t, o.ID)
}

func (w *moneyWorld) get(t *testing.T, id string) orderAnswer {
	t.Helper()
	return w.order(t, w.Call("GET", "/api/pedidos/"+id, "", apitest.As(&ana)), 200)
}

func decode[T any](t *testing.T, body []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	return v
}

type errorAnswer struct {
	Error struct {
		Code, Message string
		Fields        map[string]string
	}
}

// REG-160: the orders list, put together from each order's kept JSON, answers the bytes
// api.WriteJSON makes of the page's managed orders (a buyer with no account left blank), and an
// order changed since it was kept is answered as it is now.
func TestOrdersListAnswersAsEncoded(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		w.paid(t, w.buyAs(t, bruno, 0, "Ana <Souza> & \u2028"))
		held := w.buyAs(t, bruno, 1, "Caio Lima")
		if _, err := st.CreateOrder(t.Context(), store.NewOrder{EventID: w.eventID, BuyerID: "conta-apagada", Now: time.Now(),
			ExpiraEm: time.Now().Add(time.Hour), Price: func(store.Taken, *store.Coupon) ([]store.NewRegistration, error) {
				return []store.NewRegistration{{DocTipo: participant.CPF, DocNumero: "39053344705", Nome: "Sem Conta", Percurso: "60 km",
					Categoria: "Open", Camiseta: "M", Valor: 1000, Total: 1000}}, nil
			}}); err != nil {
			t.Fatal(err)
		}
		want := func(q store.OrderQuery) string {
			page, err := st.EventOrders(t.Context(), q)
			if err != nil {
				t.Fatal(err)
			}
			ids := []string{}
			for _, o := range page.Orders {
				ids = append(ids, o.BuyerID)
			}
			slices.Sort(ids)
			found, err := st.Buyers(t.Context(), slices.Compact(ids))
			if err != nil {
				t.Fatal(err)
			}
			out := make([]managedOrderAnswer, len(page.Orders))
			for i, o := range page.Orders {
				b := found[o.BuyerID]
				out[i] = managedOrderAnswer{teamOrderAnswer: w.sales.teamOrderAnswer(o), Comprador: buyerAnswer{Nome: b.Nome, Email: b.Email}}
			}
			rec := httptest.NewRecorder()
			api.WriteJSON(rec, http.StatusOK, map[string]any{"pedidos": out, "total": page.Total, "nextCursor": page.NextCursor})
			return rec.Body.String()
		}
		base := "/api/events/" + w.eventID + "/pedidos"
		for range 2 { // made, then kept
			for _, q := range []store.OrderQuery{{EventID: w.eventID}, {EventID: w.eventID, Limit: 2}, {EventID: w.eventID, Q: "souza"}} {
				path := fmt.Sprintf("%s?limit=%d&q=%s", base, store.PageLimit(q.Limit), url.QueryEscape(q.Q))
				if got, want := w.Call("GET", path, "", apitest.As(&ana)).Body.String(), want(q); got != want {
					t.Fatalf("%s:\n%s\nwant\n%s", path, got, want)
				}
			}
		}
		w.paid(t, held)
		got := w.Call("GET", base, "", apitest.As(&ana)).Body.String()
		if want := want(store.OrderQuery{EventID: w.eventID}); got != want || strings.Count(got, `"status":"pago"`) != 2 {
			t.Fatalf("after a payment:\n%s\nwant\n%s", got, want)
		}
	})
}

// REG-100, REG-101, REG-102, REG-116: the organizer's list (search, status, pages), its export and
// the figures; retirada gets none of them.
func TestOrdersListExportAndFigures(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		first := w.paid(t, w.buyAs(t, bruno, 0, "Ana Souza"))
		w.buyAs(t, bruno, 1, "=HYPERLINK Lima")
		base := "/api/events/" + w.eventID
		type page struct {
			Pedidos    []managedOrderAnswer
			Total      int
			NextCursor string
		}
		all := decode[page](t, w.Call("GET", base+"/pedidos?limit=1", "", apitest.As(&w.gestao)).Body.Bytes())
		if all.Total != 2 || len(all.Pedidos) != 1 || all.Pedidos[0].Inscricoes[0].Nome != "=HYPERLINK Lima" || all.NextCursor != "1" ||
			all.Pedidos[0].Comprador.Email != bruno.Email {
			t.Fatalf("first page %+v", all)
		}
		next := decode[page](t, w.Call("GET", base+"/pedidos?limit=1&cursor="+all.NextCursor, "", apitest.As(&ana)).Body.Bytes())
		if len(next.Pedidos) != 1 || next.Pedidos[0].ID != first.ID || next.NextCursor != "" {
			t.Fatalf("second page %+v", next)
		}
		if got := decode[page](t, w.Call("GET", base+"/pedidos?status=pago&q="+url.QueryEscape("souza"), "", apitest.As(&ana)).Body.Bytes()); got.Total != 1 ||
			got.Pedidos[0].ID != first.ID {
			t.Fatalf("paid, searched %+v", got)
		}
		for _, q := range []string{"status=pendente", "limit=0", "limit=abc", "cursor=-1", "q=" + strings.Repeat("a", 201)} {
			if rec := w.Call("GET", base+"/pedidos?"+q, "", apitest.As(&ana)); rec.Code != 400 {
				t.Errorf("%s: %d", q, rec.Code)
			}
		}

		csv := w.Call("GET", base+"/pedidos.csv", "", apitest.As(&ana))
		text := csv.Body.String()
		if csv.Code != 200 || !strings.HasPrefix(text, "\uFEFFPedido;Situação do pedido;") || !strings.Contains(text, ";'=HYPERLINK Lima;") ||
			!strings.Contains(text, ";Pago;") || !strings.Contains(text, ";Aguardando pagamento;") ||
			!strings.Contains(text, ";529.982.247-25;60 km;;Open;M;89,90;0,00;89,90;Confirmada;0,00;Pix;;;89,90\r\n") ||
			csv.Header().Get("Content-Type") != "text/csv; charset=utf-8" {
			t.Fatalf("export %d %q", csv.Code, text)
		}

		f := decode[orders.Figures](t, w.Call("GET", base+"/financeiro", "", apitest.As(&ana)).Body.Bytes())
		today := time.Now().In(w.sales.cfg.Location).Format(time.DateOnly)
		if f.Bruto != 8990 || f.Reembolsado != 0 || f.Liquido != 8990 || f.Pedidos.Pagos != 1 || f.Pedidos.Aguardando != 1 ||
			f.PorLote[orders.NoLot] != (orders.Tally{Inscricoes: 1, Valor: 8990}) || f.PorPercurso["60 km"].Inscricoes != 1 ||
			f.PorDia[today].Valor != 8990 {
			t.Fatalf("figures %+v", f)
		}
		for _, path := range []string{"/pedidos", "/pedidos.csv", "/financeiro", "/cupons"} {
			if rec := w.Call("GET", base+path, "", apitest.As(&w.retirada)); rec.Code != 403 {
				t.Errorf("retirada GET %s: %d", path, rec.Code)
			}
		}
		if rec := w.Call("POST", base+"/pedidos/"+first.ID+"/reembolso", `{}`, apitest.As(&w.retirada)); rec.Code != 403 {
			t.Errorf("retirada refund: %d", rec.Code)
		}
		if rec := w.Call("POST", "/api/pedidos/"+first.ID+"/cancelar", "", apitest.As(&w.retirada)); rec.Code != 404 {
			t.Errorf("retirada cancel: %d", rec.Code)
		}
		if rec := w.Call("GET", "/api/pedidos/"+first.ID, "", apitest.As(&w.retirada)); rec.Code != 404 {
			t.Errorf("retirada reads an order: %d", rec.Code)
		}
	})
}

// REG-104, REG-105, REG-106, REG-107: a partial refund, the same key again, too much, the rest;
// read back, the order is reembolsado, its participant gone, the buyer told twice; with the PSP
// down the refund waits, pending, and is made once.
// REG-135: every status an order or a registration takes has its pt-BR name (the export's, and the
// organizer's lists', from internal/registration/constants.json).
func TestEveryStatusHasItsName(t *testing.T) {
	for _, s := range orderStatuses {
		if registration.Const.StatusPedido[s] == "" {
			t.Errorf("order status %q has no name", s)
		}
	}
	for _, s := range []string{store.RegistrationPending, store.RegistrationConfirmed, store.RegistrationCanceled, refundedRegistration} {
		if registration.Const.StatusInscricao[s] == "" {
			t.Errorf("registration status %q has no name", s)
		}
	}
	if len(registration.Const.StatusPedido) != len(orderStatuses) || len(registration.Const.StatusInscricao) != 4 {
		t.Errorf("names of statuses that do not exist: %v %v", registration.Const.StatusPedido, registration.Const.StatusInscricao)
	}
}

func TestRefundRoute(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		o := w.paid(t, w.buyAs(t, bruno, 0, "Ana Souza"))
		path := "/api/events/" + w.eventID + "/pedidos/" + o.ID + "/reembolso"
		part := w.order(t, w.Call("POST", path, `{"valor": 20.5}`, apitest.As(&w.gestao), apitest.Header("Idempotency-Key", "k-1")), 200)
		if part.Status != store.OrderPaid || len(part.Reembolsos) != 1 || part.Reembolsos[0].Valor != 2050 ||
			part.Reembolsos[0].Status != store.RefundProcessing {
			t.Fatalf("partial %+v", part)
		}
		if again := w.order(t, w.Call("POST", path, `{"valor": 20.5}`, apitest.As(&w.gestao), apitest.Header("Idempotency-Key", "k-1")), 200); len(again.Reembolsos) != 1 {
			t.Fatalf("the same key again: %+v", again.Reembolsos)
		}
		for body, field := range map[string]string{`{"valor": 100}`: "R$ 69,40", `{"valor": 0.001}`: "dois decimais", `{"valor": -1}`: "maior que zero"} {
			rec := w.Call("POST", path, body, apitest.As(&ana))
			if e := decode[errorAnswer](t, rec.Body.Bytes()); rec.Code != 422 || !strings.Contains(e.Error.Fields["valor"], field) {
				t.Errorf("%s: %d %s", body, rec.Code, rec.Body)
			}
		}
		for _, body := range []string{`{"total": 1}`, ``} {
			if rec := w.Call("POST", path, body, apitest.As(&ana)); rec.Code != 400 {
				t.Errorf("%q: %d", body, rec.Code)
			}
		}
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		rest := w.order(t, w.Call("POST", path, `{}`, apitest.As(&ana)), 200)
		if len(rest.Reembolsos) != 2 || rest.Reembolsos[1].Valor != 6940 {
			t.Fatalf("the rest %+v", rest.Reembolsos)
		}
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		done := w.get(t, o.ID)
		if done.Status != store.OrderRefunded || done.Reembolsos[0].Status != store.RefundReturned || done.Inscricoes[0].Status != store.RegistrationCanceled {
			t.Fatalf("refunded %+v", done)
		}
		if ps, _ := st.EventParticipants(t.Context(), w.eventID); len(ps) != 0 {
			t.Fatalf("participants after the refund: %+v", ps)
		}
		if m := w.mailsTo(bruno.Email); len(m) != 2 || !strings.Contains(m[1].Text, "R$ 69,40") { // the athlete is told apart (REG-245)
			t.Fatalf("e-mails %+v", m)
		}
		if rec := w.Call("POST", path, `{}`, apitest.As(&ana)); rec.Code != 409 {
			t.Fatalf("refunding a refunded order: %d %s", rec.Code, rec.Body)
		}

		other := w.paid(t, w.buyAs(t, bruno, 1, "Bia Lima"))
		w.sales.sandbox.Inject(sandbox.Unavailable, 1)
		pending := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos/"+other.ID+"/reembolso", `{}`, apitest.As(&ana)), 200)
		if len(pending.Reembolsos) != 1 || pending.Reembolsos[0].Status != store.RefundProcessing {
			t.Fatalf("with the PSP down: %+v", pending.Reembolsos)
		}
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		if got := w.get(t, other.ID); got.Status != store.OrderRefunded {
			t.Fatalf("after the PSP is back: %+v", got)
		}
		if rec := w.Call("POST", "/api/events/outro-evento/pedidos/"+other.ID+"/reembolso", `{}`, apitest.As(&ana)); rec.Code != 404 {
			t.Fatalf("another event's path: %d", rec.Code)
		}
	})
}

// REG-108, REG-109: the buyer cancels an unpaid order, then a paid one within the window; near
// the event the buyer is refused (409 fora-do-prazo, saying why and whom to ask) and the owner
// is not; a stranger does not see the order.
func TestCancelRoute(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		unpaid := w.buyAs(t, bruno, 0, "Ana Souza")
		if got := w.order(t, w.Call("POST", "/api/pedidos/"+unpaid.ID+"/cancelar", "", apitest.As(&bruno)), 200); got.Status != store.OrderCanceled {
			t.Fatalf("unpaid %+v", got)
		}
		if rec := w.Call("POST", "/api/pedidos/"+unpaid.ID+"/cancelar", "", apitest.As(&bruno)); rec.Code != 409 ||
			decode[errorAnswer](t, rec.Body.Bytes()).Error.Code != "nao-cancelavel" {
			t.Fatalf("cancelling twice: %d %s", rec.Code, rec.Body)
		}
		paid := w.paid(t, w.buyAs(t, bruno, 0, "Ana Souza"))
		carla := api.User{ID: "carla", Email: "carla@exemplo.com.br"}
		if rec := w.Call("POST", "/api/pedidos/"+paid.ID+"/cancelar", "", apitest.As(&carla)); rec.Code != 404 {
			t.Fatalf("a stranger: %d", rec.Code)
		}
		got := w.order(t, w.Call("POST", "/api/pedidos/"+paid.ID+"/cancelar", "", apitest.As(&bruno)), 200)
		if len(got.Reembolsos) != 1 || got.Reembolsos[0].Valor != 8990 {
			t.Fatalf("paid, cancelled %+v", got)
		}
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		if got := w.get(t, paid.ID); got.Status != store.OrderRefunded {
			t.Fatalf("after the refund: %s", got.Status)
		}

		tomorrow := time.Now().In(w.sales.cfg.Location).AddDate(0, 0, 1).Format(time.DateOnly)
		near := newMoneyWorld(t, st, `"titulo": "Pedal do Pelotão"`, `"titulo": "Pedal de Amanhã"`, `"2030-05-01"`, `"`+tomorrow+`"`)
		o := near.paid(t, near.buyAs(t, bruno, 1, "Bia Lima"))
		rec := near.Call("POST", "/api/pedidos/"+o.ID+"/cancelar", "", apitest.As(&bruno))
		e := decode[errorAnswer](t, rec.Body.Bytes())
		if rec.Code != 409 || e.Error.Code != "fora-do-prazo" || !strings.Contains(e.Error.Message, "48 horas antes do evento") ||
			!strings.Contains(e.Error.Message, "fale com a organização") {
			t.Fatalf("near the event: %d %s", rec.Code, rec.Body)
		}
		if got := near.order(t, near.Call("POST", "/api/pedidos/"+o.ID+"/cancelar", "", apitest.As(&ana)), 200); len(got.Reembolsos) != 1 {
			t.Fatalf("the owner near the event: %+v", got)
		}
	})
}

// REG-109: two days before the event, when the buyer may no longer cancel a paid order, the buyer
// still cancels an order awaiting payment: its slot is offered again and its charge is removed at
// the PSP, so the Pix already shown can no longer be paid.
func TestBuyerCancelsUnpaidOrderAnyTime(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		tomorrow := time.Now().AddDate(0, 0, 1).Format(time.DateOnly)
		w := newMoneyWorld(t, st, `"2030-05-01"`, `"`+tomorrow+`"`)
		left := func() int {
			t.Helper()
			offer := decode[struct {
				Modalidades []struct {
					VagasRestantes int `json:"vagasRestantes"`
				} `json:"modalidades"`
			}](t, w.Call("GET", "/api/events/"+w.eventID+"/inscricao", "").Body.Bytes())
			return offer.Modalidades[0].VagasRestantes
		}
		before := left()
		o := w.buyAs(t, bruno, 0, "Ana Souza")
		if held := left(); held != before-1 {
			t.Fatalf("held: %d slots left, want %d", held, before-1)
		}
		if got := w.order(t, w.Call("POST", "/api/pedidos/"+o.ID+"/cancelar", "", apitest.As(&bruno)), 200); got.Status != store.OrderCanceled {
			t.Fatalf("the buyer near the event: %+v", got)
		}
		if after := left(); after != before {
			t.Fatalf("after cancelling: %d slots left, want %d", after, before)
		}
		if ch, err := w.sales.psp.Charge(t.Context(), o.Pix.Txid); err != nil || ch.Status != pix.ChargeRemovedByUs {
			t.Fatalf("the charge at the PSP: %s %v", ch.Status, err)
		}
		paid := w.paid(t, w.buyAs(t, bruno, 1, "Bia Lima"))
		if rec := w.Call("POST", "/api/pedidos/"+paid.ID+"/cancelar", "", apitest.As(&bruno)); rec.Code != 409 {
			t.Fatalf("a paid order this near the event: %d %s", rec.Code, rec.Body)
		}
	})
}

// REG-110, REG-111: the buyer changes the shirt, not the name; after edicaoAte nothing; the owner
// changes the name and birth date at any time, each change in the order's history.
func TestEditRegistrationRoute(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		o := w.paid(t, w.buyAs(t, bruno, 0, "Ana Souza"))
		path := "/api/inscricoes/" + o.Inscricoes[0].ID
		rec := w.Call("PATCH", path, `{"camiseta":"G","equipe":"Pelotão"}`, apitest.As(&bruno))
		if got := decode[myRegistrationAnswer](t, rec.Body.Bytes()); rec.Code != 200 || got.ID != o.Inscricoes[0].ID || got.Camiseta != "G" ||
			got.Equipe != "Pelotão" || !got.Comprador || got.Cancelamento == nil {
			t.Fatalf("shirt %d %s", rec.Code, rec.Body)
		}
		rec = w.Call("PATCH", path, `{"nome":"Outra Pessoa"}`, apitest.As(&bruno))
		if e := decode[errorAnswer](t, rec.Body.Bytes()); rec.Code != 422 || e.Error.Fields["nome"] == "" {
			t.Fatalf("name by the buyer: %d %s", rec.Code, rec.Body)
		}
		if rec := w.Call("PATCH", path, `{"camiseta":"XXXG"}`, apitest.As(&bruno)); rec.Code != 422 {
			t.Fatalf("a size not offered: %d %s", rec.Code, rec.Body)
		}
		carla := api.User{ID: "carla", Email: "carla@exemplo.com.br"}
		if rec := w.Call("PATCH", path, `{"camiseta":"P"}`, apitest.As(&carla)); rec.Code != 404 {
			t.Fatalf("a stranger: %d", rec.Code)
		}
		got := w.order(t, w.Call("PATCH", path, `{"nome":"Ana Souza Lima","nascimento":"1991-06-01"}`, apitest.As(&w.gestao)), 200)
		if got.Inscricoes[0].Nome != "Ana Souza Lima" {
			t.Fatalf("by gestao %+v", got.Inscricoes[0])
		}
		ps, _ := st.EventParticipants(t.Context(), w.eventID)
		if len(ps) != 1 || ps[0].Nome != "Ana Souza Lima" || ps[0].Camiseta != "G" || ps[0].Equipe != "Pelotão" {
			t.Fatalf("participant %+v", ps)
		}
		managed := decode[managedOrderAnswer](t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&ana)).Body.Bytes())
		edits := 0
		for _, h := range managed.Historico {
			if h.Tipo == store.OrderEditedEvent {
				edits++
			}
		}
		if edits != 2 || managed.Comprador.Email != bruno.Email {
			t.Fatalf("history %+v", managed.Historico)
		}

		closed := newMoneyWorld(t, st, `"titulo": "Pedal do Pelotão"`, `"titulo": "Pedal Fechado"`, `"ativas": true,`,
			`"ativas": true, "edicaoAte": "`+time.Now().In(w.sales.cfg.Location).AddDate(0, 0, -1).Format(time.DateOnly)+`",`)
		c := closed.paid(t, closed.buyAs(t, bruno, 1, "Bia Lima"))
		rec = closed.Call("PATCH", "/api/inscricoes/"+c.Inscricoes[0].ID, `{"camiseta":"G"}`, apitest.As(&bruno))
		if rec.Code != 409 || decode[errorAnswer](t, rec.Body.Bytes()).Error.Code != "edicao-encerrada" {
			t.Fatalf("after edicaoAte: %d %s", rec.Code, rec.Body)
		}
		closed.order(t, closed.Call("PATCH", "/api/inscricoes/"+c.Inscricoes[0].ID, `{"camiseta":"G"}`, apitest.As(&ana)), 200)
	})
}

// buyPair makes and pays an order of two athletes as bruno: Ana Souza (the first test document)
// and Carla Dias (the second, with carla's e-mail).
func (w *moneyWorld) buyPair(t *testing.T) orderAnswer {
	t.Helper()
	var o map[string][]map[string]any
	if err := json.Unmarshal([]byte(orderJSON(t, "")), &o); err != nil {
		t.Fatal(err)
	}
	second := maps.Clone(o["atletas"][0])
	second["nome"], second["email"], second["documento"] = "Carla Dias", carla.Email, map[string]string{"tipo": "cpf", "numero": docs[1]}
	o["atletas"] = append(o["atletas"], second)
	body, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	return w.paid(t, w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", string(body), apitest.As(&bruno)), http.StatusCreated))
}

// REG-210: an athlete of another buyer's order who edits their registration is answered that
// registration alone, as "Minhas inscrições" shows it: nothing of the order's other athlete (name,
// registration, code) nor of its payment (total, refunds, Pix); the buyer is answered the same
// registration with the order's refunds. The order, and the other athlete's code, stay 404 to them.
func TestCoAthleteEditSeesOnlyTheirs(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		now := time.Now()
		if err := st.CreateUser(t.Context(), store.User{ID: carla.ID, Email: carla.Email, DisplayName: carla.DisplayName, PasswordHash: "x",
			CreatedAt: now, EmailVerifiedAt: now}); err != nil {
			t.Fatal(err)
		}
		o := w.buyPair(t)
		w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos/"+o.ID+"/reembolso", `{"valor": 12.34}`, apitest.As(&ana)), 200)
		hers, other := o.Inscricoes[1], o.Inscricoes[0]
		rec := w.Call("PATCH", "/api/inscricoes/"+hers.ID, `{"camiseta":"G"}`, apitest.As(&carla))
		got := decode[myRegistrationAnswer](t, rec.Body.Bytes())
		if rec.Code != 200 || got.ID != hers.ID || got.Camiseta != "G" || got.Comprador || len(got.Reembolsos) != 0 ||
			got.Cancelamento == nil || got.Cancelamento.Valor != 8990 { // their own window and share (REG-244)
			t.Fatalf("the athlete's answer %d %s", rec.Code, rec.Body)
		}
		for _, leak := range []string{other.ID, other.Codigo, other.Nome, `"inscricoes"`, `"pix"`, "12.34", `"total":179.8`} {
			if strings.Contains(rec.Body.String(), leak) {
				t.Errorf("the athlete reads %q: %s", leak, rec.Body)
			}
		}
		rec = w.Call("PATCH", "/api/inscricoes/"+hers.ID, `{"equipe":"Pelotão"}`, apitest.As(&bruno))
		if got := decode[myRegistrationAnswer](t, rec.Body.Bytes()); rec.Code != 200 || got.ID != hers.ID || !got.Comprador ||
			len(got.Reembolsos) != 1 || got.Reembolsos[0].Valor != 1234 || strings.Contains(rec.Body.String(), other.Codigo) {
			t.Fatalf("the buyer's answer %d %s", rec.Code, rec.Body)
		}
		if rec := w.Call("PATCH", "/api/inscricoes/"+other.ID, `{"camiseta":"G"}`, apitest.As(&carla)); rec.Code != 404 {
			t.Errorf("the other athlete's registration: %d %s", rec.Code, rec.Body)
		}
		for _, path := range []string{"/api/pedidos/" + o.ID, "/api/i/" + other.Codigo, "/api/i/" + other.Codigo + "/qrcode.png"} {
			if rec := w.Call("GET", path, "", apitest.As(&carla)); rec.Code != 404 {
				t.Errorf("GET %s: %d %s", path, rec.Code, rec.Body)
			}
		}
		if rec := w.Call("POST", "/api/pedidos/"+o.ID+"/cancelar", "", apitest.As(&carla)); rec.Code != 404 {
			t.Errorf("cancelling the order: %d", rec.Code)
		}
		if rec := w.Call("GET", "/api/i/"+hers.Codigo, "", apitest.As(&carla)); rec.Code != 200 || strings.Contains(rec.Body.String(), o.ID) {
			t.Errorf("her own code: %d %s", rec.Code, rec.Body)
		}
	})
}

// refundColumn reads the orders export's rows of order id: each registration's status and refund.
func (w *moneyWorld) refundColumn(t *testing.T, id string) (statuses []string, refunds []int64) {
	t.Helper()
	rec := w.Call("GET", "/api/events/"+w.eventID+"/pedidos.csv", "", apitest.As(&ana))
	if rec.Code != 200 {
		t.Fatalf("export %d %s", rec.Code, rec.Body)
	}
	lines := strings.Split(strings.TrimSpace(rec.Body.String()), "\r\n")
	refunded := slices.Index(strings.Split(lines[0], ";"), "Reembolsado")
	for _, line := range lines[1:] {
		cells := strings.Split(line, ";")
		if cells[0] != id {
			continue
		}
		reais, centavos, _ := strings.Cut(cells[refunded], ",")
		n, err := strconv.ParseInt(strings.ReplaceAll(reais, ".", "")+centavos, 10, 64)
		if err != nil {
			t.Fatalf("refund cell %q", cells[refunded])
		}
		statuses, refunds = append(statuses, cells[refunded-1]), append(refunds, n)
	}
	return statuses, refunds
}

// REG-212: the orders export's "Reembolsado" column carries each registration's share of its
// order's refunds, so that it adds up to what went back: R$ 50,01 of a two-athlete order is
// 25,01 and 25,00, not 50,01 twice; refunded in full, 89,90 each (179,80 in all), the rows saying
// "Reembolsada", as the athletes read it.
func TestOrdersExportCountsRefundsOnce(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		o := w.buyPair(t)
		path := "/api/events/" + w.eventID + "/pedidos/" + o.ID + "/reembolso"
		w.order(t, w.Call("POST", path, `{"valor": 50.01}`, apitest.As(&ana)), 200)
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		statuses, refunds := w.refundColumn(t, o.ID)
		if fmt.Sprint(refunds) != "[2501 2500]" || fmt.Sprint(statuses) != "[Confirmada Confirmada]" {
			t.Fatalf("after R$ 50,01: %v %v", statuses, refunds)
		}
		w.order(t, w.Call("POST", path, `{}`, apitest.As(&ana)), 200)
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		statuses, refunds = w.refundColumn(t, o.ID)
		if fmt.Sprint(refunds) != "[8990 8990]" || fmt.Sprint(statuses) != "[Reembolsada Reembolsada]" {
			t.Fatalf("refunded in full: %v %v", statuses, refunds)
		}
	})
}

// REG-103: coupons are created (checked, one code per event), listed with their uses, paused,
// and deleted while unused.
func TestCouponRoutes(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		base := "/api/events/" + w.eventID + "/cupons"
		rec := w.Call("POST", base, `{"codigo":"Amigos10","tipo":"percentual","valor":10,"maxUsos":2,"validoAte":"2030-04-30","modalidades":["60 km"]}`, apitest.As(&ana))
		if c := decode[struct {
			Codigo string
			Usos   int
			Ativo  bool
		}](t, rec.Body.Bytes()); rec.Code != 201 || c.Codigo != "Amigos10" || !c.Ativo || c.Usos != 0 {
			t.Fatalf("create %d %s", rec.Code, rec.Body)
		}
		for body, field := range map[string]string{
			`{"codigo":"amigos10","tipo":"fixo","valor":5}`:                     "codigo",
			`{"codigo":"NOVO","tipo":"metade","valor":5}`:                       "tipo",
			`{"codigo":"NOVO","tipo":"percentual","valor":0}`:                   "valor",
			`{"codigo":"NOVO","tipo":"fixo","valor":5,"modalidades":["10 km"]}`: "modalidades",
		} {
			rec := w.Call("POST", base, body, apitest.As(&w.gestao))
			if e := decode[errorAnswer](t, rec.Body.Bytes()); rec.Code != 422 || e.Error.Fields[field] == "" {
				t.Errorf("%s: %d %s", body, rec.Code, rec.Body)
			}
		}
		w.buyAs(t, bruno, 0, "Ana Souza") // without the coupon
		used := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", strings.Replace(orderJSON(t, `,"cupom":"amigos10"`), docs[0], docs[1], 1), apitest.As(&bruno)), 201)
		if used.Inscricoes[0].Desconto != 899 {
			t.Fatalf("the coupon's discount: %+v", used.Inscricoes[0])
		}
		list := decode[struct{ Cupons []struct{ Usos int } }](t, w.Call("GET", base, "", apitest.As(&ana)).Body.Bytes())
		if len(list.Cupons) != 1 || list.Cupons[0].Usos != 1 {
			t.Fatalf("list %+v", list)
		}
		if rec := w.Call("PATCH", base+"/AMIGOS10", `{"ativo":false}`, apitest.As(&w.gestao)); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"ativo":false`) ||
			!strings.Contains(rec.Body.String(), `"maxUsos":2`) {
			t.Fatalf("pause %d %s", rec.Code, rec.Body)
		}
		rec = w.Call("POST", "/api/events/"+w.eventID+"/pedidos", strings.Replace(orderJSON(t, `,"cupom":"amigos10"`), docs[0], docs[2], 1), apitest.As(&bruno))
		if e := decode[errorAnswer](t, rec.Body.Bytes()); rec.Code != 422 || e.Error.Fields["cupom"] == "" {
			t.Fatalf("a paused coupon: %d %s", rec.Code, rec.Body)
		}
		if rec := w.Call("PATCH", base+"/amigos10", `{"maxUsos":null,"codigo":"OUTRO"}`, apitest.As(&ana)); rec.Code != 422 {
			t.Fatalf("renaming: %d %s", rec.Code, rec.Body)
		}
		if rec := w.Call("PATCH", base+"/amigos10", `{"maxUsos":null}`, apitest.As(&ana)); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"maxUsos":null`) {
			t.Fatalf("no limit: %d %s", rec.Code, rec.Body)
		}
		if rec := w.Call("DELETE", base+"/amigos10", "", apitest.As(&ana)); rec.Code != 409 {
			t.Fatalf("deleting a used coupon: %d", rec.Code)
		}
		w.order(t, w.Call("POST", base, `{"codigo":"SOBRA","tipo":"fixo","valor":5,"maxUsos":null}`, apitest.As(&ana)), 201)
		if rec := w.Call("DELETE", base+"/sobra", "", apitest.As(&ana)); rec.Code != 204 {
			t.Fatalf("deleting an unused coupon: %d %s", rec.Code, rec.Body)
		}
		if rec := w.Call("PATCH", base+"/sobra", `{"ativo":true}`, apitest.As(&ana)); rec.Code != 404 {
			t.Fatalf("a deleted coupon: %d", rec.Code)
		}
	})
}

// REG-113, REG-114: a Pix of another amount is returned and confirms nothing; a Pix after the
// hold, its slot taken, is returned and the order stays expirado.
func TestWebhookReturnsWhatCannotConfirm(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st, `"vagas": 300`, `"vagas": 1`)
		o := w.buyAs(t, bruno, 0, "Ana Souza")
		if _, err := w.sales.sandbox.SimulatePaymentOf(t.Context(), o.Pix.Txid, 8000); err != nil {
			t.Fatal(err)
		}
		got := w.get(t, o.ID)
		if got.Status != store.OrderAwaiting || len(got.Reembolsos) != 1 || got.Reembolsos[0].Valor != 8000 {
			t.Fatalf("another amount: %+v", got)
		}
		if _, err := st.ExpireOrders(t.Context(), time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		late := w.buyAs(t, bruno, 1, "Bia Lima")
		if _, err := st.ExpireOrders(t.Context(), time.Now().Add(time.Hour)); err != nil { // the charge stays payable at the PSP
			t.Fatal(err)
		}
		w.paid(t, w.buyAs(t, bruno, 2, "Caio Dias")) // the slot goes to another order meanwhile
		if _, err := w.sales.sandbox.SimulatePayment(t.Context(), late.Pix.Txid); err != nil {
			t.Fatal(err)
		}
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		got = w.get(t, late.ID)
		if got.Status != store.OrderExpired || len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundReturned {
			t.Fatalf("late without room: %+v", got)
		}
		if m := w.mailsButConfirmations(); len(m) != 2 || !strings.Contains(m[1].Text, "esgotado") {
			t.Fatalf("e-mails %+v", m)
		}
	})
}

// REG-133: an order's history says a refund's valor in reais, as every amount of the API.
func TestHistoryDetailSaysReais(t *testing.T) {
	got := string(historyDetail(json.RawMessage(`{"id":"r1","valor":4000,"status":"EM_PROCESSAMENTO"}`)))
	if got != `{"id":"r1","status":"EM_PROCESSAMENTO","valor":40}` {
		t.Fatalf("detail %s", got)
	}
	if got := string(historyDetail(json.RawMessage(`{"por":"Ana"}`))); got != `{"por":"Ana"}` {
		t.Fatalf("detail without valor %s", got)
	}
}

// REG-236: the Financeiro answer carries the event's part of the day's reconciliation (null until
// a pass has finished); a Pix paid straight to the company's key belongs to no event and is not
// in any event's figures.
func TestFinanceShowsTheDaysReconciliation(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		base := "/api/events/" + w.eventID
		if got := w.Call("GET", base+"/financeiro", "", apitest.As(&ana)).Body.String(); !strings.Contains(got, `"conciliacao":null`) {
			t.Fatalf("before any pass: %s", got)
		}
		w.paid(t, w.buyAs(t, bruno, 0, "Ana Souza"))
		if _, err := w.sales.sandbox.SimulatePixToKey(1000); err != nil {
			t.Fatal(err)
		}
		if ran, err := w.sales.orders.ReconcileStatement(t.Context(), time.Now(), w.sales.cfg.PixReconcileDays); err != nil || !ran {
			t.Fatalf("the pass: %v %v", ran, err)
		}
		f := decode[orders.Figures](t, w.Call("GET", base+"/financeiro", "", apitest.As(&w.gestao)).Body.Bytes())
		c := f.Conciliacao
		if c == nil || c.Dia != time.Now().In(w.sales.cfg.Location).Format(time.DateOnly) ||
			c.Recebidos != (orders.PixCount{Quantidade: 1, Valor: 8990}) || c.Conferidos != c.Recebidos ||
			c.Devolvidos.Quantidade != 0 || c.Atencao.Quantidade != 0 || len(c.Pendencias) != 0 || c.Fim.Sub(c.Inicio) != 72*time.Hour {
			t.Fatalf("conciliacao %+v", c)
		}
	})
}

// REG-205: a quote and an order read the same answer for a paused coupon as for a code the event
// never had — "Cupom inválido." on fields.cupom — so that nobody learns by trying which codes
// exist; the organizer's own routes still tell them apart (a paused coupon is listed).
func TestUnknownAndPausedCouponsReadTheSame(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		base := "/api/events/" + w.eventID + "/cupons"
		w.order(t, w.Call("POST", base, `{"codigo":"PAUSADO10","tipo":"percentual","valor":10,"maxUsos":null}`, apitest.As(&ana)), 201)
		w.order(t, w.Call("PATCH", base+"/pausado10", `{"ativo":false}`, apitest.As(&ana)), 200)
		for _, route := range []string{"/inscricao/cotacao", "/pedidos"} {
			answers := map[string]string{}
			for _, code := range []string{"pausado10", "NAOEXISTE10"} {
				rec := w.Call("POST", "/api/events/"+w.eventID+route, orderJSON(t, `,"cupom":"`+code+`"`), apitest.As(&bruno))
				e := decode[errorAnswer](t, rec.Body.Bytes())
				if rec.Code != 422 || e.Error.Fields["cupom"] != "Cupom inválido." || len(e.Error.Fields) != 1 {
					t.Fatalf("%s with %s: %d %s", route, code, rec.Code, rec.Body)
				}
				answers[code] = rec.Body.String()
			}
			if answers["pausado10"] != answers["NAOEXISTE10"] {
				t.Errorf("%s tells a paused coupon from an unknown one:\n%s\n%s", route, answers["pausado10"], answers["NAOEXISTE10"])
			}
		}
		if got, _ := st.OrdersOfBuyer(t.Context(), bruno.ID); len(got) != 0 {
			t.Fatalf("a refused coupon made orders: %+v", got)
		}
	})
}

// REG-184: "Simular pagamento" with ?webhook=retido pays the charge but posts no webhook, so the
// order waits until the reconciliation reads its charge back and finds the payment.
func TestSimulatePaymentWebhookWithheld(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		o := w.buyAs(t, bruno, 0, "Ana Souza")
		if rec := w.Call("POST", sandbox.Path+"simular/"+o.Pix.Txid+"?webhook=retido", ""); rec.Code != 200 {
			t.Fatalf("simulate %d %s", rec.Code, rec.Body)
		}
		if got := w.order(t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&bruno)), 200); got.Status != store.OrderAwaiting {
			t.Fatalf("with the webhook withheld the order is %s", got.Status)
		}
		w.sales.orders.Reconcile(t.Context(), time.Now().Add(orders.WebhookGrace+time.Second))
		if got := w.order(t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&bruno)), 200); got.Status != store.OrderPaid {
			t.Errorf("after the reconciliation the order is %s", got.Status)
		}
	})
}
