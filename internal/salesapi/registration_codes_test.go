package salesapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/mail"
	"pelotao/internal/participant"
	"pelotao/internal/pix/sandbox"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// paidForCarla is a pixWorld where bruno bought and paid carla's registration.
func paidForCarla(t *testing.T, st store.Store) (*pixWorld, orderAnswer) {
	t.Helper()
	w := newPixWorld(t, st, nil)
	now := time.Now()
	for _, u := range []api.User{bruno, carla, eva} {
		acc := store.User{ID: u.ID, Email: u.Email, DisplayName: u.DisplayName, PasswordHash: "x", CreatedAt: now}
		if u != bruno {
			acc.EmailVerifiedAt = now
		}
		if err := st.CreateUser(t.Context(), acc); err != nil {
			t.Fatal(err)
		}
	}
	// The modality's bibs start at 500: the registration is given one when paid.
	if err := st.SetParticipantSettings(t.Context(), w.eventID, participant.Settings{FaixasPeito: []participant.FaixaPeito{{Percurso: "60 km", Inicio: 500, Fim: 599}}}); err != nil {
		t.Fatal(err)
	}
	body := strings.Replace(orderJSON(t, ""), "ana@exemplo.com.br", "Carla@Exemplo.com.br", 1)
	o := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", body, apitest.As(&bruno)), http.StatusCreated)
	if rec := w.Call("POST", sandbox.Path+"simular/"+o.Pix.Txid, ""); rec.Code != 200 {
		t.Fatalf("simulate %d %s", rec.Code, rec.Body)
	}
	return w, w.order(t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&bruno)), 200)
}

// REG-82: a paid order sends its confirmation e-mails once, to the buyer and to the athlete,
// though the webhook comes again and the reconciliation reads the charge once more.
func TestConfirmationEmailsOncePerOrder(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w, paid := paidForCarla(t, st)
		stored, err := st.Order(t.Context(), paid.ID)
		if err != nil {
			t.Fatal(err)
		}
		hook := `{"pix":[{"endToEndId":"` + stored.Pagamentos[0].EndToEndID + `","txid":"` + stored.Txid + `","valor":"89.90","horario":"2030-01-01T10:00:00Z"}]}`
		w.Call("POST", "/api/pix/webhook/"+w.sales.WebhookSecret()+"/pix", hook)
		if err := w.sales.orders.SettleOrder(t.Context(), stored); err != nil {
			t.Fatal(err)
		}
		w.sales.receipts.Wait()
		var sent []mail.Message
		for _, m := range w.mail.Messages() {
			if strings.HasPrefix(m.Subject, "Inscrição confirmada") {
				sent = append(sent, m)
			}
		}
		if len(sent) != 2 || sent[0].To != bruno.Email || !strings.EqualFold(sent[1].To, carla.Email) {
			t.Fatalf("confirmation e-mails %d: %+v", len(sent), sent)
		}
		codigo := paid.Inscricoes[0].Codigo
		for _, m := range sent {
			if m.Subject != "Inscrição confirmada: Pedal do Pelotão" || !strings.Contains(m.Text, codigo) ||
				!strings.Contains(m.Text, "Modalidade: 60 km") || !strings.Contains(m.Text, "Kit: Kit Básico") ||
				len(m.Inline) != 1 || len(m.Attachments) != 1 || !strings.Contains(m.HTML, "cid:"+m.Inline[0].ContentID) {
				t.Fatalf("e-mail to %s: %+v", m.To, m)
			}
		}
		if !strings.Contains(sent[0].Text, "Total pago: R$ 89,90") || strings.Contains(sent[1].Text, "Total pago") {
			t.Fatalf("only the buyer reads what was paid: %q / %q", sent[0].Text, sent[1].Text)
		}
		// REG-260: each e-mail's link opens for its reader: the buyer's order for Bruno, and for
		// Carla her registration's code, which the API answers for her verified e-mail.
		base := w.sales.baseURL()
		if !strings.Contains(sent[0].Text, base+"/inscricao/"+w.eventID+"/pedido/"+paid.ID) ||
			!strings.Contains(sent[1].Text, base+"/i/"+codigo) || strings.Contains(sent[1].Text, "/pedido/") {
			t.Fatalf("links: %q / %q", sent[0].Text, sent[1].Text)
		}
		var a codeAnswer
		if err := json.Unmarshal(w.Call("GET", "/api/i/"+codigo, "", apitest.As(&carla)).Body.Bytes(), &a); err != nil || a.Role != codeForAthlete || a.PedidoID != "" {
			t.Fatalf("Carla opens her code: %+v %v", a, err)
		}
	})
}

// REG-82: a free order is paid at once and sends its e-mail too.
func TestFreeOrderSendsConfirmation(t *testing.T) {
	w := newPixWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/codes.db"), nil)
	if err := w.st.SaveCoupon(t.Context(), store.Coupon{EventID: w.eventID, Codigo: "CORTESIA", Tipo: store.CouponPercent, Valor: 10000, Ativo: true}); err != nil {
		t.Fatal(err)
	}
	o := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, `,"cupom":"cortesia"`), apitest.As(&bruno)), http.StatusCreated)
	w.sales.receipts.Wait()
	got := w.mail.Messages()
	// bruno has no account in this store: the athlete alone is told.
	if o.Status != store.OrderPaid || len(got) != 1 || got[0].To != "ana@exemplo.com.br" || !strings.Contains(got[0].Text, o.Inscricoes[0].Codigo) {
		t.Fatalf("free order %s, e-mails %+v", o.Status, got)
	}
}

// REG-83: "Minhas inscrições" lists a registration, with its bib, for its buyer and for the
// account whose verified e-mail the athlete gave, and nothing for anyone else.
func TestMyRegistrationsByVerifiedEmail(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w, paid := paidForCarla(t, st)
		mine := func(u api.User) []myRegistrationAnswer {
			var got struct{ Inscricoes []myRegistrationAnswer }
			if err := json.Unmarshal(w.Call("GET", "/api/me/inscricoes", "", apitest.As(&u)).Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			return got.Inscricoes
		}
		for _, u := range []api.User{bruno, carla} {
			got := mine(u)
			if len(got) != 1 || got[0].Codigo != paid.Inscricoes[0].Codigo || got[0].PedidoID != paid.ID || got[0].Comprador != (u == bruno) ||
				got[0].NumeroPeito == nil || *got[0].NumeroPeito != 500 {
				t.Fatalf("%s's registrations: %+v", u.ID, got)
			}
		}
		if got := mine(eva); len(got) != 0 {
			t.Fatalf("eva sees %+v", got)
		}
		// An unverified account with the athlete's e-mail sees nothing.
		if err := st.CreateUser(t.Context(), store.User{ID: "carla2", Email: "outra@exemplo.com.br", PasswordHash: "x", CreatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
		if got := mine(api.User{ID: "carla2", Email: "carla@exemplo.com.br"}); len(got) != 0 {
			t.Fatalf("unverified account sees %+v", got)
		}
	})
}

// REG-84: /api/i/{codigo} tells the event's team, the buyer and the athlete where the code leads,
// and answers anyone else as for a code that does not exist; the QR code image likewise.
func TestRegistrationCodeByRole(t *testing.T) {
	w, paid := paidForCarla(t, dbtest.OpenSQLite(t, t.TempDir()+"/codes.db"))
	codigo := paid.Inscricoes[0].Codigo
	path := "/api/i/" + strings.ToLower(codigo)
	for _, c := range []struct {
		who    *api.User
		status int
		want   codeAnswer
	}{
		{&ana, 200, codeAnswer{Role: codeForTeam, EventID: w.eventID, Codigo: codigo}},
		{&bruno, 200, codeAnswer{Role: codeForAthlete, EventID: w.eventID, Codigo: codigo, PedidoID: paid.ID}},
		{&carla, 200, codeAnswer{Role: codeForAthlete, EventID: w.eventID, Codigo: codigo}},
		{&eva, 404, codeAnswer{}},
		{nil, 401, codeAnswer{}},
	} {
		rec := w.Call("GET", path, "", apitest.As(c.who))
		var got codeAnswer
		_ = json.Unmarshal(rec.Body.Bytes(), &got)
		if rec.Code != c.status || got != c.want || (c.status != 200 && strings.Contains(rec.Body.String(), w.eventID)) {
			t.Errorf("%v: %d %s", c.who, rec.Code, rec.Body)
		}
		// The wire's one word for a role is the staff routes' (docs/architecture.md "Names").
		if c.status == 200 && !strings.Contains(rec.Body.String(), `"role":"`+c.want.Role+`"`) {
			t.Errorf("%v: the answer does not name the role `role`: %s", c.who, rec.Body)
		}
		png := w.Call("GET", path+"/qrcode.png", "", apitest.As(c.who))
		if (png.Code == 200) != (c.status == 200) || (png.Code == 200 && !strings.HasPrefix(png.Body.String(), "\x89PNG")) {
			t.Errorf("%v: qr code %d", c.who, png.Code)
		}
	}
	if rec := w.Call("GET", "/api/i/NAOEXISTE1", "", apitest.As(&ana)); rec.Code != 404 {
		t.Errorf("unknown code %d", rec.Code)
	}
}

// REG-80: the order names where to simulate its payment only under the sandbox.
func TestSimulateOnlyUnderSandbox(t *testing.T) {
	w := newPixWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/codes.db"), nil)
	o := w.buy(t)
	if o.Pix == nil || o.Pix.Simular != sandbox.Path+"simular/"+o.Pix.Txid {
		t.Fatalf("under the sandbox: %+v", o.Pix)
	}
	stored, err := w.st.Order(t.Context(), o.ID)
	if err != nil {
		t.Fatal(err)
	}
	if a := (&Server{}).orderAnswer(stored); a.Pix == nil || a.Pix.Simular != "" {
		t.Fatalf("without the sandbox: %+v", a.Pix)
	}
}
