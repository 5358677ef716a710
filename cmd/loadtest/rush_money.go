package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"pelotao/internal/money"
	"pelotao/internal/store"
)

// The rush's money (REG-180..183): once the second wave holds every slot, a quarter of its buyers
// pay while cancelling the same order (the two requests started together), a quarter pay while
// the organizer imports a file listing their CPFs in the same modality, a quarter just pay. The
// sandbox's Pix settle through its webhook; a card order is paid on the Mercado Pago sandbox's
// checkout, whose notification settles it (CARD-50). Then an eighth pay late (REG-184): each at the bank
// a moment before its hold ends, the PSP's webhook withheld (?webhook=retido), and once their
// holds passed the organizer imports half of their CPFs; the reconciliation reads their charges
// back and finds each payment, to confirm (no import, or the import came after) or return in full
// (its CPF imported). Afterwards every Pix the sandbox took is a paid order with its participants
// or a payment returned in full, and no document is twice in the event.
//
// Each server's sandbox is a PSP of its own, knowing only the charges its server made: with two
// servers the phase takes the orders the first made (not a double tap's, which either may have
// made) and runs on it alone, the others stopped, so that their reconciliation does not ask their
// sandbox for the first's Pix and read the refund refused.

// moneyRace is what the money phase did: the orders it touched and each Pix the sandbox took.
type moneyRace struct {
	touched map[string]bool           // order id
	late    map[string]bool           // order id paid late → its CPF was imported after its hold
	pix     map[string]string         // endToEndId (a card payment's id) → order id
	orders  map[string]rushOrder      // order id → as created
	answers map[string]map[string]int // "cancelar", "simular", "importar" → "200", "409 nao-cancelavel"…
	mu      sync.Mutex
	failed  []string
}

func (m *moneyRace) answer(kind, what string) {
	m.mu.Lock()
	m.answers[kind][what]++
	m.mu.Unlock()
}

func (m *moneyRace) fail(format string, a ...any) {
	m.mu.Lock()
	m.failed = append(m.failed, fmt.Sprintf(format, a...))
	m.mu.Unlock()
}

// money runs the phase over the held orders the first server made, inFlight pairs at a time,
// the organizer importing.
func (c *rushClient) money(held []rushOrder, organizer string, inFlight int) *moneyRace {
	m := &moneyRace{touched: map[string]bool{}, late: map[string]bool{}, pix: map[string]string{}, orders: map[string]rushOrder{},
		answers: map[string]map[string]int{"cancelar": {}, "simular": {}, "cartão": {}, "importar": {}, "simular retido": {}, "importar depois": {}}}
	var imported, late []rushOrder
	sem := make(chan struct{}, inFlight)
	var wg sync.WaitGroup
	start := make(chan struct{})
	var ours []rushOrder
	for _, o := range held {
		if c.serverOf(o.buyer) == c.servers[0] && (len(c.servers) == 1 || o.buyer.n%rushDoubleTapEvery != 1) {
			ours = append(ours, o)
		}
	}
	for i, o := range ours {
		kind := i % 4
		if kind == 3 && i%8 == 7 && o.CheckoutURL == "" { // a late Pix: its webhook withheld
			late = append(late, o)
		}
		if kind == 3 {
			continue // left held, or paid late (below)
		}
		m.touched[o.ID], m.orders[o.ID] = true, o
		if kind == 1 {
			imported = append(imported, o)
		}
		wg.Go(func() {
			<-start
			sem <- struct{}{}
			defer func() { <-sem }()
			var pair sync.WaitGroup
			gate := make(chan struct{})
			pair.Go(func() { <-gate; c.simulate(o, "", m) })
			if kind == 0 {
				pair.Go(func() { <-gate; c.cancel(o, m) })
			}
			close(gate)
			pair.Wait()
		})
	}
	wg.Go(func() {
		<-start
		c.importCPFs(imported, organizer, "importar", m)
	})
	began := time.Now()
	close(start)
	wg.Wait()
	fmt.Printf("dinheiro: %d pedidos (Pix × cancelamento, Pix × importação, só Pix) em %v\n", len(m.touched),
		time.Since(began).Round(time.Millisecond))
	c.payLate(late, organizer, inFlight, m)
	fmt.Printf("  respostas: %v\n", m.answers)
	return m
}

// payLate has each order's buyer pay at the bank a second before its hold ends, the webhook
// withheld, inFlight at a time; once every hold passed, the organizer imports every other one's
// CPF at once. Their Pix are found by the reconciliation alone (every -rush-sweep): after the
// import mostly, so returned; before it when a sweep falls in those moments, so confirmed.
func (c *rushClient) payLate(orders []rushOrder, organizer string, inFlight int, m *moneyRace) {
	sem := make(chan struct{}, inFlight)
	var wg sync.WaitGroup
	var imported []rushOrder
	last := time.Time{}
	for i, o := range orders {
		m.touched[o.ID], m.orders[o.ID] = true, o
		m.late[o.ID] = i%2 == 0
		if i%2 == 0 {
			imported = append(imported, o)
		}
		if o.ExpiraEm.After(last) {
			last = o.ExpiraEm
		}
		wg.Go(func() {
			time.Sleep(time.Until(o.ExpiraEm.Add(-time.Second)))
			sem <- struct{}{}
			defer func() { <-sem }()
			c.simulate(o, "?webhook=retido", m)
		})
	}
	wg.Wait()
	fmt.Printf("pagamentos atrasados: %d Pix pagos no banco antes do fim da reserva, webhook retido; importando %d CPFs às %s…\n",
		len(orders), len(imported), last.Add(200*time.Millisecond).Local().Format("15:04:05.0"))
	time.Sleep(time.Until(last) + 200*time.Millisecond)
	if len(imported) > 0 {
		c.importCPFs(imported, organizer, "importar depois", m)
	}
}

// post sends a same-origin POST with session token to s.
func (c *rushClient) post(s *server, path, token, contentType string, body io.Reader) (int, []byte, error) {
	req, _ := http.NewRequest("POST", s.base+path, body)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		req.AddCookie(&http.Cookie{Name: "pelotao_session", Value: token})
	}
	res, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, b, err
}

// errorCode is the code of an API error body, or "".
func errorCode(body []byte) string {
	var e struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	_ = json.Unmarshal(body, &e)
	return e.Error.Code
}

// simulate pays o's charge at the sandbox of the server that made it ("Simular pagamento", with
// query "?webhook=retido" its webhook withheld); 404: the charge was removed first (its order
// cancelled) or has expired.
func (c *rushClient) simulate(o rushOrder, query string, m *moneyRace) {
	if o.CheckoutURL != "" {
		c.payByCard(o, m)
		return
	}
	kind := "simular"
	if query != "" {
		kind = "simular retido"
	}
	status, body, err := c.post(c.serverOf(o.buyer), "/_pix-sandbox/simular/"+o.Pix.Txid+query, "", "", nil)
	switch {
	case err != nil:
		m.fail("simular %s: %v", o.ID, err)
	case status == http.StatusOK:
		var p struct {
			EndToEndID string `json:"endToEndId"`
		}
		if json.Unmarshal(body, &p) != nil || p.EndToEndID == "" {
			m.fail("simular %s: %s", o.ID, body)
			return
		}
		m.mu.Lock()
		m.pix[p.EndToEndID] = o.ID
		m.mu.Unlock()
	case status != http.StatusNotFound:
		m.fail("simular %s: %d %s", o.ID, status, body)
	}
	m.answer(kind, fmt.Sprint(status))
}

// payByCard approves o's card payment on the sandbox's checkout of the server that made it, in
// rushInstallments, as its buyer would ("Aprovar"): Mercado Pago's answer sends the buyer back
// with the payment's id, which the money's checks follow as a Pix's endToEndId (the card
// payment's refunds name it alike). Sent back to the checkout: the preference was withdrawn first
// (its order cancelled).
func (c *rushClient) payByCard(o rushOrder, m *moneyRace) {
	u, err := url.Parse(o.CheckoutURL)
	if err != nil {
		m.fail("cartão %s: checkoutUrl %q", o.ID, o.CheckoutURL)
		return
	}
	form := url.Values{"resultado": {"aprovar"}, "parcelas": {strconv.Itoa(rushInstallments)}}
	req, _ := http.NewRequest("POST", c.serverOf(o.buyer).base+u.Path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	noFollow := *c.http
	noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := noFollow.Do(req)
	if err != nil {
		m.fail("cartão %s: %v", o.ID, err)
		return
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	back, err := url.Parse(res.Header.Get("Location"))
	switch {
	case err != nil || res.StatusCode != http.StatusSeeOther:
		m.fail("cartão %s: %d %s", o.ID, res.StatusCode, res.Header.Get("Location"))
	case back.Query().Get("payment_id") != "":
		m.mu.Lock()
		m.pix[back.Query().Get("payment_id")] = o.ID
		m.mu.Unlock()
		m.answer("cartão", back.Query().Get("status"))
	default:
		m.answer("cartão", "retirado")
	}
}

// cancel is the buyer's "Cancelar pedido": 200, or 409 nao-cancelavel when the Pix won.
func (c *rushClient) cancel(o rushOrder, m *moneyRace) {
	status, body, err := c.post(c.serverOf(o.buyer), "/api/pedidos/"+o.ID+"/cancelar", o.buyer.token, "application/json", strings.NewReader("{}"))
	what := strings.TrimSpace(fmt.Sprint(status, " ", errorCode(body)))
	switch {
	case err != nil:
		m.fail("cancelar %s: %v", o.ID, err)
	case status != http.StatusOK && what != "409 nao-cancelavel":
		m.fail("cancelar %s: %d %s", o.ID, status, body)
	}
	m.answer("cancelar", what)
}

// importCPFs has the organizer import a file listing the orders' athletes in their modality,
// again while another import or a sale makes it 409 conflict (at most 10 times); kind names its
// answers.
func (c *rushClient) importCPFs(orders []rushOrder, organizer, kind string, m *moneyRace) {
	var csv strings.Builder
	csv.WriteString("Nome;CPF;Modalidade;Camiseta\n")
	for _, o := range orders {
		fmt.Fprintf(&csv, "Atleta %d da Planilha;%s;%s;G\n", o.buyer.n, o.buyer.cpf, rushModality)
	}
	for range 10 {
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		part, _ := w.CreateFormFile("file", "inscritos.csv")
		part.Write([]byte(csv.String()))
		w.Close()
		status, answer, err := c.post(c.servers[0], "/api/events/"+c.eventID+"/participants", organizer, w.FormDataContentType(), &body)
		what := strings.TrimSpace(fmt.Sprint(status, " ", errorCode(answer)))
		m.answer(kind, what)
		switch {
		case err != nil:
			m.fail("import: %v", err)
			return
		case status == http.StatusOK:
			return
		case what != "409 conflict":
			m.fail("import: %d %s", status, answer)
			return
		}
	}
	m.fail("import: 409 conflict ten times")
}

// settled waits up to within for every Pix taken to end, as its buyer reads the order: paid, or
// returned (every refund DEVOLVIDO: the Pix of an order that could not take it, or of a paid
// order its buyer cancelled when the cancellation came second and found it paid).
func (c *rushClient) settled(m *moneyRace, within time.Duration) []string {
	deadline := time.Now().Add(within)
	for {
		var pending []string
		for _, id := range m.orderIDsPaid() {
			o := m.orders[id]
			var read struct {
				Status     string `json:"status"`
				Reembolsos []struct {
					Valor  float64 `json:"valor"`
					Status string  `json:"status"`
				} `json:"reembolsos"`
			}
			req, _ := http.NewRequest("GET", c.serverOf(o.buyer).base+"/api/pedidos/"+id, nil)
			req.AddCookie(&http.Cookie{Name: "pelotao_session", Value: o.buyer.token})
			res, err := c.http.Do(req)
			if err != nil {
				return []string{err.Error()}
			}
			err = json.NewDecoder(res.Body).Decode(&read)
			res.Body.Close()
			if err != nil {
				return []string{fmt.Sprintf("GET /api/pedidos/%s: %v", id, err)}
			}
			returned := len(read.Reembolsos) > 0
			for _, r := range read.Reembolsos {
				returned = returned && r.Status == store.RefundReturned
			}
			if !returned && (read.Status != store.OrderPaid || len(read.Reembolsos) > 0) {
				pending = append(pending, id+" "+read.Status)
			}
		}
		if len(pending) == 0 {
			fmt.Printf("  os %d Pix recebidos terminaram: pedido pago ou devolvido\n", len(m.pix))
			return nil
		}
		if time.Now().After(deadline) {
			return []string{fmt.Sprintf("%d paid orders neither paid nor returned %v after paying (first: %s)", len(pending), within, pending[0])}
		}
		time.Sleep(time.Second)
	}
}

func (m *moneyRace) orderIDsPaid() []string {
	seen := map[string]bool{}
	var ids []string
	for _, id := range m.pix {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids
}

// moneyStoreCheck reads the touched orders and the event's participants back once the servers
// stopped: each Pix the sandbox took — answered to the client, or recorded on a touched order
// although its answer was lost (a simulation whose request timed out: its webhook's settling was
// cancelled midway) — is recorded on its order, which is paid with a participant for each
// registration, or has it returned in full (DEVOLVIDO) and no participant; a cancelled order has
// none; no document number is twice in the event, whatever its type (REG-301, REG-302).
func moneyStoreCheck(ctx context.Context, st store.Store, eventID string, m *moneyRace) []string {
	var failures []string
	ps, err := st.EventParticipants(ctx, eventID)
	if err != nil {
		return []string{err.Error()}
	}
	docs := map[string]int{} // document number → participants
	byRegistration := map[string]bool{}
	for _, p := range ps {
		docs[p.Documento.Numero]++
		if docs[p.Documento.Numero] == 2 {
			failures = append(failures, fmt.Sprintf("document %s twice among the participants", p.Documento.Numero))
		}
		if p.Inscricao != "" {
			byRegistration[p.Inscricao] = true
		}
	}
	taken := maps.Clone(m.pix) // endToEndId → order id
	unanswered := 0
	for id := range m.touched {
		o, err := st.Order(ctx, id)
		if err != nil {
			return append(failures, err.Error())
		}
		for _, p := range o.Pagamentos {
			if _, answered := taken[p.EndToEndID]; !answered {
				taken[p.EndToEndID] = id
				unanswered++
			}
		}
	}
	paid := map[string]bool{} // order id → a Pix was taken for it
	kept := map[string]int{}  // paid order id → its Pix not returned
	for e2e, id := range taken {
		paid[id] = true
		o, err := st.Order(ctx, id)
		if err != nil {
			return append(failures, err.Error())
		}
		var received, returned money.Centavos
		for _, p := range o.Pagamentos {
			if p.EndToEndID == e2e {
				received += p.Valor
			}
		}
		for _, r := range o.Reembolsos {
			if r.EndToEndID == e2e && r.Status == store.RefundReturned {
				returned += r.Valor
			}
		}
		switch {
		case received == 0:
			failures = append(failures, fmt.Sprintf("order %s (%s): the Pix %s the sandbox took is not recorded", id, o.Status, e2e))
		case returned == received: // back in full: the order has no participant (below)
		case o.Status == store.OrderPaid && returned == 0:
			if kept[id]++; kept[id] == 2 {
				failures = append(failures, fmt.Sprintf("paid order %s keeps two Pix", id))
			}
			for _, r := range o.Inscricoes {
				if !byRegistration[r.ID] {
					failures = append(failures, fmt.Sprintf("paid order %s: registration %s is no participant", id, r.ID))
				}
			}
		case returned != received:
			failures = append(failures, fmt.Sprintf("order %s (%s): Pix %s of %d centavos, %d returned", id, o.Status, e2e, received, returned))
		}
	}
	counts := map[string]int{}
	late := map[string]int{} // "importado pago", "importado devolvido", "pago"…
	for id := range m.touched {
		o, err := st.Order(ctx, id)
		if err != nil {
			return append(failures, err.Error())
		}
		counts[o.Status]++
		if imported, ok := m.late[id]; ok && paid[id] {
			what := "devolvido"
			if o.Status == store.OrderPaid {
				what = "pago"
			}
			if imported {
				what = "importado " + what
			}
			late[what]++
			if !imported && o.Status != store.OrderPaid { // its slots were free, its CPF nobody's
				failures = append(failures, fmt.Sprintf("order %s paid late, its CPF not imported, is %s", id, o.Status))
			}
		}
		if o.Status == store.OrderPaid && !paid[id] {
			failures = append(failures, fmt.Sprintf("order %s paid with no Pix taken", id))
		}
		if o.Status != store.OrderPaid {
			for _, r := range o.Inscricoes {
				if byRegistration[r.ID] {
					failures = append(failures, fmt.Sprintf("order %s is %s but registration %s is a participant", id, o.Status, r.ID))
				}
			}
		}
	}
	fmt.Printf("  no banco: pedidos do dinheiro por situação %v; %d Pix (%d sem resposta à simulação); pagos com atraso (webhook retido) %v; %d participantes, nenhum documento repetido: %v\n",
		counts, len(taken), unanswered, late, len(ps), len(failures) == 0)
	return failures
}
