package main

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"pelotao/internal/account"
	"pelotao/internal/event"
	"pelotao/internal/event/eventtest"
	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/store/postgres"
	"pelotao/internal/store/sqlite"
)

// The registration opening (docs/requirements.md REG-150..154, REG-184): many buyers race for a
// modality's slots the moment registration opens, each buyer its own account and athlete, a
// part of them with a coupon of few uses, every other one paying by card (CARD-50). Exactly the modality's slots are sold (201), every
// other buyer reads 409 esgotado, nothing answers 5xx, and the coupon never goes past its uses.
// Then the holds expire unpaid, and as many new buyers take the freed slots; they pay, racing
// their own cancellations and the organizer's import (rush_money.go). On SQLite with one server,
// and on PostgreSQL with two servers on one database, the buyers spread over both.

// rushRun is the rush's shape.
type rushRun struct {
	buyers, slots, inFlight, couponUses int
	hold, reconcile                     time.Duration
}

const (
	rushModality = "10 km"
	rushCoupon   = "LARGADA20"
	// rushCouponEvery: every fourth buyer types the coupon, more than it has uses.
	rushCouponEvery = 4
	// rushDoubleTapEvery: every tenth buyer sends each attempt twice at once.
	rushDoubleTapEvery = 10
	// rushInstallments: a card buyer (buyer.byCard) pays in 3x on the Mercado Pago sandbox's checkout.
	rushInstallments = 3
	// rushHashCost makes the buyers' accounts cheap to create: the rush measures orders, not
	// password hashing, which make load's soak and BenchmarkLogin measure.
	rushHashMemory = 64 // KiB
)

// rushDB is one database the rush runs on, with the number of servers sharing it.
type rushDB struct {
	name      string
	url       string // PELOTAO_DATABASE_URL
	instances int
	budget    time.Duration // p99 of order creation that docs/budgets.md sets; 0: none
	drop      func()        // removes what was made for the run
}

// runRush runs the rush on SQLite and, when postgresURL is set, on PostgreSQL with two servers.
func runRush(bin string, r rushRun, postgresURL string) error {
	dir, err := os.MkdirTemp("", "pelotao-rush-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	dbs := []func() (rushDB, error){func() (rushDB, error) {
		return rushDB{name: "SQLite", url: "sqlite:" + filepath.Join(dir, "pelotao.db"), instances: 1, budget: rushBudget, drop: func() {}}, nil
	}}
	if postgresURL != "" {
		dbs = append(dbs, func() (rushDB, error) { return freshPostgresSchema(postgresURL) })
	} else {
		fmt.Println("\ncorrida: PostgreSQL pulado (sem -postgres nem PELOTAO_TEST_POSTGRES_URL)")
	}
	var failed []string
	for _, open := range dbs {
		db, err := open()
		if err != nil {
			return err
		}
		err = rushOn(bin, dir, r, db)
		db.drop()
		if err != nil {
			fmt.Printf("FALHA (corrida, %s): %v\n", db.name, err)
			failed = append(failed, db.name)
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("rush failed on %s", strings.Join(failed, ", "))
	}
	return nil
}

// freshPostgresSchema makes an empty schema in the database at url for one run; its drop removes it.
func freshPostgresSchema(rawURL string) (rushDB, error) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, rawURL)
	if err != nil {
		return rushDB{}, fmt.Errorf("postgres: %w", err)
	}
	defer conn.Close(ctx)
	schema := "rush_" + strings.ToLower(rand.Text()[:12])
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		return rushDB{}, err
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return rushDB{}, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	drop := func() {
		c, err := pgx.Connect(context.Background(), rawURL)
		if err != nil {
			fmt.Println("schema not dropped:", schema, err)
			return
		}
		defer c.Close(context.Background())
		if _, err := c.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			fmt.Println("schema not dropped:", schema, err)
		}
	}
	return rushDB{name: "PostgreSQL", url: u.String(), instances: 2, drop: drop}, nil
}

func openStore(ctx context.Context, databaseURL string) (store.Store, error) {
	if strings.HasPrefix(databaseURL, "sqlite:") {
		return sqlite.Open(ctx, sqlite.PathFromURL(databaseURL))
	}
	return postgres.Open(ctx, databaseURL, 10*time.Second)
}

// buyer is one account with its session and its athlete.
type buyer struct {
	token  string
	cpf    string
	coupon bool
	n      int
}

// byCard: every other buyer pays by card (CARD-50), the others by Pix — every other of each
// server's too, the buyers being spread over two servers by parity (serverOf).
func (b buyer) byCard() bool { return b.n/2%2 == 1 }

// address is the buyer's own address, as the load balancer appends it to X-Forwarded-For: a
// registration opening's buyers come from their own phones and homes, each its own address.
func (b buyer) address() string {
	return fmt.Sprintf("10.%d.%d.%d", b.n>>16&255, b.n>>8&255, b.n&255)
}

// rushSetup is what the rush's event is made of.
type rushSetup struct {
	eventID   string
	organizer string  // the organizer's session
	first     []buyer // the opening's buyers
	second    []buyer // new buyers after the holds expired
	late      buyer   // one more, after the second wave took every slot
}

// setUpRush makes, through the store before any server starts, the organizer's event (checked
// as POST /api/events checks it), its coupon, and every buyer's account and session.
func setUpRush(ctx context.Context, databaseURL string, r rushRun) (rushSetup, error) {
	st, err := openStore(ctx, databaseURL)
	if err != nil {
		return rushSetup{}, err
	}
	defer st.Close()
	accounts := account.New(account.Options{Store: st, Params: account.Params{Memory: rushHashMemory, Time: 1, Threads: 1},
		Policy: account.Policy{MinLength: 8, MaxBytes: account.DefaultMaxBytes}})
	organizer, err := accounts.CreateUser(ctx, "organizadora@corrida.exemplo.com.br", password, "Organizadora")
	if err != nil {
		return rushSetup{}, err
	}
	session, err := accounts.Login(ctx, organizer.Email, password, "127.0.0.1")
	if err != nil {
		return rushSetup{}, err
	}
	e, err := rushEvent(organizer.ID, r.slots)
	if err != nil {
		return rushSetup{}, err
	}
	if e, err = store.CreateSlugEvent(ctx, st, e); err != nil {
		return rushSetup{}, err
	}
	uses := r.couponUses
	if err := st.SaveCoupon(ctx, store.Coupon{EventID: e.ID, Codigo: rushCoupon, Tipo: store.CouponPercent, Valor: 2000,
		MaxUsos: &uses, Ativo: true}); err != nil {
		return rushSetup{}, err
	}

	buyers := make([]buyer, r.buyers+r.slots+1)
	errs := make(chan error, len(buyers))
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for i := range buyers {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			email := fmt.Sprintf("comprador%04d@corrida.exemplo.com.br", i)
			if _, err := accounts.CreateUser(ctx, email, password, fmt.Sprintf("Comprador %d", i)); err != nil {
				errs <- err
				return
			}
			in, err := accounts.Login(ctx, email, password, "127.0.0.1")
			if err != nil {
				errs <- err
				return
			}
			buyers[i] = buyer{token: in.Token, cpf: participant.CompleteCPF(fmt.Sprintf("%09d", 100000000+i*7919)),
				coupon: i%rushCouponEvery == 0, n: i}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return rushSetup{}, err
	}
	return rushSetup{eventID: e.ID, organizer: session.Token, first: buyers[:r.buyers], second: buyers[r.buyers : r.buyers+r.slots],
		late: buyers[len(buyers)-1]}, nil
}

// rushEvent is the complete event of eventtest sold by Pelotão: one paid lot, its one modality
// limited to slots.
func rushEvent(ownerID string, slots int) (event.Event, error) {
	var doc map[string]any
	if err := json.Unmarshal([]byte(eventtest.JSON("Corrida da Abertura", time.Now().AddDate(0, 3, 0).Format("2006-01-02"))), &doc); err != nil {
		return event.Event{}, err
	}
	doc["inscricoes"] = map[string]any{"ativas": true, "modo": "pelotao", "vagas": "", "tipoPreco": "lotes",
		"cartao":       map[string]any{"ativo": true, "parcelasMax": rushInstallments},
		"lotes":        []any{map[string]any{"nome": "1º lote", "valor": "120,00", "maxVagas": "", "dataLimite": ""}},
		"precosPorKit": []any{}, "textoPreco": "", "periodo": map[string]any{"inicio": "", "fim": ""}}
	doc["modalidades"].([]any)[0].(map[string]any)["vagas"] = fmt.Sprint(slots)
	b, err := json.Marshal(doc)
	if err != nil {
		return event.Event{}, err
	}
	e, err := event.Decode(b)
	if err != nil {
		return event.Event{}, err
	}
	e.Normalize()
	e.OwnerID = ownerID
	return e, e.Validate()
}

// rushOn runs both waves on one database.
func rushOn(bin, dir string, r rushRun, db rushDB) error {
	ctx := context.Background()
	fmt.Printf("\ncorrida, %s com %d servidor(es): %d compradores por %d vagas, %d em voo, cupom de %d usos, reserva de %v\n",
		db.name, db.instances, r.buyers, r.slots, r.inFlight, r.couponUses, r.hold)
	started := time.Now()
	setup, err := setUpRush(ctx, db.url, r)
	if err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	fmt.Printf("preparo (evento, cupom, %d contas com sessão): %v; carga média: %s\n",
		len(setup.first)+len(setup.second)+1, time.Since(started).Round(time.Millisecond), loadAverage())

	servers := make([]*server, db.instances)
	for i := range servers {
		name := fmt.Sprintf("%s-%d", strings.ToLower(db.name), i+1)
		// Behind the load balancer production has (PELOTAO_TRUST_PROXY), each buyer's own address
		// (buyer.address) is what the per-address limits count.
		if servers[i], err = startServer(bin, dir, name, "PELOTAO_DATABASE_URL="+db.url, "PELOTAO_DEMO=0", "PELOTAO_PIX_SANDBOX=1", "PELOTAO_MP_SANDBOX=1",
			"PELOTAO_REGISTRATION_HOLD="+r.hold.String(), "PELOTAO_PIX_RECONCILE_EVERY="+r.reconcile.String(),
			"PELOTAO_TRUST_PROXY=1"); err != nil {
			return err
		}
		defer servers[i].stop()
	}
	var failures []string
	check := func(ok bool, format string, a ...any) {
		if !ok {
			failures = append(failures, fmt.Sprintf(format, a...))
		}
	}
	transport := &http.Transport{MaxIdleConns: r.inFlight * 2, MaxIdleConnsPerHost: r.inFlight * 2}
	c := &rushClient{servers: servers, http: &http.Client{Transport: transport, Timeout: time.Minute}, eventID: setup.eventID}

	// The opening.
	w1 := c.wave(setup.first, r.inFlight)
	w1.report("1ª onda (abertura)", db.budget)
	check(len(w1.created) == r.slots, "opening: %d orders created, want exactly %d", len(w1.created), r.slots)
	check(w1.soldOut == len(setup.first)-r.slots, "opening: %d answered esgotado, want %d", w1.soldOut, len(setup.first)-r.slots)
	check(w1.couponUses() <= r.couponUses, "opening: %d coupon uses, over its %d", w1.couponUses(), r.couponUses)
	check(w1.elapsed < r.hold, "opening took %v, longer than the hold %v: raise -rush-hold", w1.elapsed, r.hold)
	failures = append(failures, w1.failures...)
	failures = append(failures, c.soldOutEverywhere("após a abertura")...)

	// The holds pass unpaid: every slot is free again, and the sweeper records each order expired.
	last := time.Time{}
	for _, o := range w1.created {
		if o.ExpiraEm.After(last) {
			last = o.ExpiraEm
		}
	}
	fmt.Printf("esperando as reservas expirarem (até %s)…\n", last.Local().Format("15:04:05"))
	time.Sleep(time.Until(last) + time.Second)
	failures = append(failures, c.left(r.slots, "quando as reservas passaram")...)
	failures = append(failures, c.expired(w1.created, 3*r.reconcile)...)

	// New buyers take the freed slots: every one of them gets one, and one more finds none.
	w2 := c.wave(setup.second, r.inFlight)
	w2.report("2ª onda (após expirar)", db.budget)
	check(len(w2.created) == r.slots, "after expiry: %d orders created, want all %d", len(w2.created), r.slots)
	check(w2.couponUses() <= r.couponUses, "after expiry: %d coupon uses, over its %d", w2.couponUses(), r.couponUses)
	failures = append(failures, w2.failures...)
	w3 := c.wave([]buyer{setup.late}, 1)
	check(len(w3.created) == 0 && w3.soldOut == 1, "the buyer after the second wave: %d created, %d esgotado", len(w3.created), w3.soldOut)
	failures = append(failures, w3.failures...)
	failures = append(failures, c.soldOutEverywhere("após a 2ª onda")...)

	// The second wave pays, racing cancellations and an import, through the first server alone
	// (rush_money.go says why).
	for _, s := range servers[1:] {
		if err := s.stop(); err != nil {
			failures = append(failures, s.logPath+": shutdown: "+err.Error())
		}
	}
	m := c.money(w2.created, setup.organizer, r.inFlight)
	failures = append(failures, m.failed...)
	failures = append(failures, c.settled(m, 6*r.reconcile+10*time.Second)...)

	for _, s := range servers {
		if err := s.stop(); err != nil {
			failures = append(failures, s.logPath+": shutdown: "+err.Error())
		}
		failures = append(failures, logFailures(s.logPath)...)
	}
	failures = append(failures, rushStoreCheck(ctx, db.url, setup.eventID, w1, w2, m)...)
	if len(failures) > 0 {
		for i, f := range failures {
			if i == 20 {
				fmt.Printf("… e mais %d\n", len(failures)-20)
				break
			}
			fmt.Println("FALHA:", f)
		}
		return fmt.Errorf("%d failures", len(failures))
	}
	fmt.Printf("OK (%s): %d vendidas e as demais esgotado nas duas ondas, nenhum 5xx, cupom dentro dos %d usos, cada Pix pago ou devolvido; carga média ao fim: %s\n",
		db.name, r.slots, r.couponUses, loadAverage())
	return nil
}

// rushClient sends the buyers' requests, buyer n to server n modulo the servers, as a load
// balancer spreads browsers.
type rushClient struct {
	servers []*server
	http    *http.Client
	eventID string
}

func (c *rushClient) serverOf(b buyer) *server { return c.servers[b.n%len(c.servers)] }

// rushOrder is an order created, as its buyer reads it.
type rushOrder struct {
	ID         string    `json:"id"`
	Status     string    `json:"status"`
	ExpiraEm   time.Time `json:"expiraEm"`
	Inscricoes []struct {
		Desconto int64 `json:"desconto"`
	} `json:"inscricoes"`
	Pix struct {
		Txid string `json:"txid"`
	} `json:"pix"`
	CheckoutURL string `json:"checkoutUrl"` // a card order's, on the sandbox of the server that made it
	buyer       buyer
}

// waveTally is what one wave of buyers saw.
type waveTally struct {
	mu            sync.Mutex
	latencies     []time.Duration // every POST …/pedidos
	statuses      map[string]int  // "201", "409 esgotado", "422 cupom"… (a double tap's two answers)
	created       []rushOrder
	soldOut       int
	couponRefused int // a coupon used up: the buyer tries again without it
	failures      []string
	elapsed       time.Duration
}

func (t *waveTally) couponUses() int { return couponUses(t.created) }

// couponUses counts the coupon uses of orders.
func couponUses(orders []rushOrder) int {
	n := 0
	for _, o := range orders {
		for _, r := range o.Inscricoes {
			if r.Desconto > 0 { // the athletes are under 60: only the coupon discounts
				n++
			}
		}
	}
	return n
}

// wave lets buyers loose at once, inFlight requests at a time. Before it, inFlight buyers have
// the registration form open, as buyers wait for an opening: each has read the offer (GET
// …/inscricao) through the connection its order then goes through. (Timed from a standstill, the
// opening's slowest orders were those whose connection was made in its first instant, two hundred
// at once.)
func (c *rushClient) wave(buyers []buyer, inFlight int) *waveTally {
	t := &waveTally{statuses: map[string]int{}}
	queue := make(chan buyer, len(buyers))
	for _, b := range buyers {
		queue <- b
	}
	close(queue)
	var ready, wg sync.WaitGroup
	opening := make(chan struct{})
	for i := range inFlight {
		ready.Add(1)
		wg.Go(func() {
			c.openForm(c.servers[i%len(c.servers)])
			ready.Done()
			<-opening
			for b := range queue {
				c.buy(b, t)
			}
		})
	}
	ready.Wait()
	start := time.Now()
	close(opening)
	wg.Wait()
	t.elapsed = time.Since(start)
	return t
}

// openForm reads the offer as the registration form does when a buyer opens it; its answer is
// checked elsewhere (left).
func (c *rushClient) openForm(s *server) {
	res, err := c.http.Get(s.base + "/api/events/" + c.eventID + "/inscricao")
	if err == nil {
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
}

// rushAnswer is one answer to POST …/pedidos.
type rushAnswer struct {
	status int
	body   []byte
	d      time.Duration
	err    error
	code   string // the error's code
	cupom  bool   // 422 on the coupon
	order  rushOrder
}

// buy places b's order, with the coupon when b types it; a coupon used up is dropped and the
// order tried again, as a buyer would. A double-tapping buyer sends each attempt twice at once
// with the same Idempotency-Key, the second to the next server (a retry the load balancer sent
// elsewhere): both answers must be the one order (REG-45), or the same refusal.
func (c *rushClient) buy(b buyer, t *waveTally) {
	for coupon := b.coupon; ; coupon = false {
		key := rand.Text()
		answers := make([]rushAnswer, 1, 2)
		if b.n%rushDoubleTapEvery == 1 {
			answers = answers[:2]
		}
		var wg sync.WaitGroup
		for i := range answers {
			wg.Go(func() { answers[i] = c.order(c.servers[(b.n+i)%len(c.servers)], b, coupon, key) })
		}
		wg.Wait()
		t.mu.Lock()
		for _, a := range answers {
			if a.err == nil {
				t.latencies = append(t.latencies, a.d)
				k := strings.TrimSpace(fmt.Sprint(a.status, " ", a.code))
				if a.cupom {
					k = "422 cupom"
				}
				t.statuses[k]++
			}
		}
		a := answers[0]
		retry := false
		switch {
		case len(answers) == 2 && (a.status != answers[1].status || a.code != answers[1].code || a.order.ID != answers[1].order.ID):
			t.failures = append(t.failures, fmt.Sprintf("buyer %d tapped twice with one key: %d %s %s and %d %s %s", b.n,
				a.status, a.code, a.order.ID, answers[1].status, answers[1].code, answers[1].order.ID))
		case a.err != nil:
			t.failures = append(t.failures, fmt.Sprintf("buyer %d: %v", b.n, a.err))
		case a.status == http.StatusCreated && a.order.ID == "":
			t.failures = append(t.failures, fmt.Sprintf("buyer %d: 201 without an order: %s", b.n, a.body))
		case a.status == http.StatusCreated:
			t.created = append(t.created, a.order)
		case a.status == http.StatusConflict && a.code == "esgotado":
			t.soldOut++
		case a.cupom && coupon:
			t.couponRefused++
			retry = true
		default:
			t.failures = append(t.failures, fmt.Sprintf("buyer %d: %d %s", b.n, a.status, a.body))
		}
		t.mu.Unlock()
		if !retry {
			return
		}
	}
}

// order sends b's POST …/pedidos to s with the Idempotency-Key the registration page made.
func (c *rushClient) order(s *server, b buyer, coupon bool, key string) rushAnswer {
	atleta := map[string]any{"nome": fmt.Sprintf("Atleta %d da Silva", b.n), "documento": map[string]string{"tipo": "cpf", "numero": b.cpf},
		"nascimento": "1990-05-20", "sexo": "F", "email": fmt.Sprintf("atleta%d@corrida.exemplo.com.br", b.n),
		"celular": "(85) 99876-5432", "percurso": rushModality, "camiseta": "M",
		"contatoEmergencia": map[string]string{"nome": "Maria da Silva", "telefone": "85 3333-4444"}, "aceiteRegulamento": true}
	o := map[string]any{"atletas": []any{atleta}}
	if b.byCard() {
		o["pagamento"] = "cartao"
	}
	if coupon {
		o["cupom"] = strings.ToLower(rushCoupon) // typed as buyers type it
	}
	payload, _ := json.Marshal(o)
	req, _ := http.NewRequest("POST", s.base+"/api/events/"+c.eventID+"/pedidos", strings.NewReader(string(payload)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("X-Forwarded-For", b.address())
	req.AddCookie(&http.Cookie{Name: "pelotao_session", Value: b.token})
	start := time.Now()
	res, err := c.http.Do(req)
	if err != nil {
		return rushAnswer{err: err}
	}
	defer res.Body.Close()
	a := rushAnswer{status: res.StatusCode}
	if a.body, a.err = io.ReadAll(res.Body); a.err != nil {
		return a
	}
	a.d = time.Since(start)
	var refusal struct {
		Error struct {
			Code   string            `json:"code"`
			Fields map[string]string `json:"fields"`
		} `json:"error"`
	}
	if a.status == http.StatusCreated {
		a.order.buyer = b
		_ = json.Unmarshal(a.body, &a.order)
	} else if json.Unmarshal(a.body, &refusal) == nil {
		a.code = refusal.Error.Code
		a.cupom = a.status == http.StatusUnprocessableEntity && refusal.Error.Fields["cupom"] != ""
	}
	return a
}

// rushBudget is the p99 of order creation that docs/budgets.md sets for SQLite.
const rushBudget = 150 * time.Millisecond

// report prints the wave's figures; budget (0: none) marks a p99 over it.
func (t *waveTally) report(name string, budget time.Duration) {
	ls := slices.Clone(t.latencies)
	slices.Sort(ls)
	if len(ls) == 0 {
		fmt.Println(name + ": nenhuma resposta")
		return
	}
	mark := ""
	if budget > 0 && pct(ls, 99) > budget {
		mark = " ✗ (orçamento " + budget.String() + ")"
	}
	fmt.Printf("%s: %d POST …/pedidos em %v (%.0f req/s), p50 %v, p99 %v%s, máx %v; %v\n", name, len(ls),
		t.elapsed.Round(time.Millisecond), float64(len(ls))/t.elapsed.Seconds(), pct(ls, 50).Round(time.Millisecond/10),
		pct(ls, 99).Round(time.Millisecond/10), mark, ls[len(ls)-1].Round(time.Millisecond), t.statuses)
	fmt.Printf("  pedidos criados: %d, esgotado: %d, usos do cupom: %d, cupom esgotado (comprou sem): %d, falhas: %d\n",
		len(t.created), t.soldOut, t.couponUses(), t.couponRefused, len(t.failures))
}

// left checks that every server's offer (GET …/inscricao) has want slots left in the modality,
// and, at 0, that it reads esgotado.
func (c *rushClient) left(want int, when string) []string {
	var failures []string
	var seen []string
	for i, s := range c.servers {
		var offer struct {
			Aberta      bool   `json:"aberta"`
			Codigo      string `json:"codigo"`
			Modalidades []struct {
				VagasRestantes *int `json:"vagasRestantes"`
			} `json:"modalidades"`
		}
		if err := getJSON(c.http, s.base+"/api/events/"+c.eventID+"/inscricao", &offer); err != nil {
			failures = append(failures, when+": "+err.Error())
			continue
		}
		if len(offer.Modalidades) != 1 || offer.Modalidades[0].VagasRestantes == nil {
			failures = append(failures, fmt.Sprintf("%s: server %d: offer without slots left: %+v", when, i+1, offer))
			continue
		}
		got := *offer.Modalidades[0].VagasRestantes
		seen = append(seen, fmt.Sprintf("servidor %d: vagasRestantes %d, aberta %v %s", i+1, got, offer.Aberta, offer.Codigo))
		if got != want || (want == 0 && (offer.Aberta || offer.Codigo != "esgotado")) || (want > 0 && !offer.Aberta) {
			failures = append(failures, fmt.Sprintf("%s: server %d: vagasRestantes %d (aberta %v, %q), want %d",
				when, i+1, got, offer.Aberta, offer.Codigo, want))
		}
	}
	fmt.Printf("  GET …/inscricao %s: %s\n", when, strings.Join(seen, "; "))
	return failures
}

func (c *rushClient) soldOutEverywhere(when string) []string { return c.left(0, when) }

// expired waits up to within for the sweeper to record the orders expired, as their buyers read
// them (GET /api/pedidos/{id}).
func (c *rushClient) expired(orders []rushOrder, within time.Duration) []string {
	status := func(o rushOrder) (string, error) {
		req, _ := http.NewRequest("GET", c.serverOf(o.buyer).base+"/api/pedidos/"+o.ID, nil)
		req.AddCookie(&http.Cookie{Name: "pelotao_session", Value: o.buyer.token})
		res, err := c.http.Do(req)
		if err != nil {
			return "", err
		}
		defer res.Body.Close()
		var read rushOrder
		if res.StatusCode != http.StatusOK || json.NewDecoder(res.Body).Decode(&read) != nil {
			return "", fmt.Errorf("GET /api/pedidos/%s: %d", o.ID, res.StatusCode)
		}
		return read.Status, nil
	}
	deadline := time.Now().Add(within)
	pending := slices.Clone(orders)
	for len(pending) > 0 {
		var still []rushOrder
		for _, o := range pending {
			s, err := status(o)
			if err != nil {
				return []string{err.Error()}
			}
			if s != "expirado" {
				still = append(still, o)
			}
		}
		pending = still
		if len(pending) > 0 && time.Now().After(deadline) {
			return []string{fmt.Sprintf("%d orders not recorded expirado %v after their hold (first: %s)", len(pending), within, pending[0].ID)}
		}
		if len(pending) > 0 {
			time.Sleep(time.Second)
		}
	}
	fmt.Printf("  os %d pedidos da 1ª onda lidos como expirado\n", len(orders))
	return nil
}

// rushStoreCheck reads the event's orders and coupon back from the database once the servers
// stopped: exactly the orders answered 201 exist (none left by a refused request), the first
// wave's expired and the second's held (or expired since) but those the money phase touched,
// which moneyStoreCheck judges, no CPF held twice, and the coupon within its uses.
func rushStoreCheck(ctx context.Context, databaseURL, eventID string, w1, w2 *waveTally, m *moneyRace) []string {
	st, err := openStore(ctx, databaseURL)
	if err != nil {
		return []string{err.Error()}
	}
	defer st.Close()
	var failures []string
	byStatus := map[string]int{}
	cpfs := map[string]bool{}
	first, second := map[string]bool{}, map[string]rushOrder{}
	for _, o := range w1.created {
		first[o.ID] = true
	}
	for _, o := range w2.created {
		second[o.ID] = o
	}
	var taking []rushOrder // the second wave's orders taking a coupon use now: held or paid
	now := time.Now()
	for cursor := ""; ; {
		page, err := st.EventOrders(ctx, store.OrderQuery{EventID: eventID, Limit: store.MaxParticipantLimit, Cursor: cursor})
		if err != nil {
			return append(failures, err.Error())
		}
		for _, o := range page.Orders {
			byStatus[o.Status]++
			_, ofSecond := second[o.ID]
			held := o.Status == store.OrderAwaiting && o.ExpiraEm.After(now)
			switch {
			case first[o.ID] && o.Status != store.OrderExpired:
				failures = append(failures, fmt.Sprintf("database: order %s of the opening is %s, want expirado", o.ID, o.Status))
			case ofSecond && !m.touched[o.ID] && o.Status != store.OrderAwaiting && o.Status != store.OrderExpired:
				failures = append(failures, fmt.Sprintf("database: order %s of the second wave is %s, want held", o.ID, o.Status))
			case !first[o.ID] && !ofSecond:
				failures = append(failures, fmt.Sprintf("database: order %s (%s) was never answered 201", o.ID, o.Status))
			}
			if ofSecond && (held || o.Status == store.OrderPaid) {
				taking = append(taking, second[o.ID])
			}
			if o.Status != store.OrderAwaiting {
				continue
			}
			for _, reg := range o.Inscricoes {
				if cpfs[reg.DocNumero] {
					failures = append(failures, "CPF held twice: "+reg.DocNumero)
				}
				cpfs[reg.DocNumero] = true
			}
		}
		if cursor = page.NextCursor; cursor == "" {
			break
		}
	}
	fmt.Printf("  no banco: pedidos por situação %v\n", byStatus)
	if n := len(first) + len(second); n != sum(byStatus) {
		failures = append(failures, fmt.Sprintf("database: %d orders, %d answered 201", sum(byStatus), n))
	}
	coupons, err := st.Coupons(ctx, eventID)
	if err != nil {
		return append(failures, err.Error())
	}
	for _, c := range coupons {
		fmt.Printf("  no banco: cupom %s com %d de %d usos (reservas vivas e pagas)\n", c.Codigo, c.Usos, *c.MaxUsos)
		if c.Usos > *c.MaxUsos || c.Usos != couponUses(taking) {
			failures = append(failures, fmt.Sprintf("database: coupon %s has %d uses (max %d); the second wave's orders held or paid took %d",
				c.Codigo, c.Usos, *c.MaxUsos, couponUses(taking)))
		}
	}
	if len(coupons) != 1 {
		failures = append(failures, fmt.Sprintf("database: %d coupons", len(coupons)))
	}
	return append(failures, moneyStoreCheck(ctx, st, eventID, m)...)
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
