// Command loadtest runs a built pelotao binary on a fresh SQLite database with demo content and
// drives it with many concurrent clients mixing reads, logins and event creations, then with kit
// desks posting pickups (desks.go). It fails (exit 1) on any 5xx, on SQLITE_BUSY or "database is
// locked" in a response or in the server's log, when an event acknowledged with 201 cannot be
// read afterwards, and when a pickup is lost or counted twice. Then it runs the registration
// opening (rush.go), which fails on any slot or coupon use sold over its limit. `make load` runs it.
//
//	loadtest -bin bin/pelotao -clients 200 -duration 60s -desks 20 -desk-every 2s -desk-duration 60s
//	loadtest -bin bin/pelotao -rush only -postgres "$PELOTAO_TEST_POSTGRES_URL"
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"pelotao/internal/event/eventtest"
)

const password = "carga-de-teste-2026"

func main() {
	bin := flag.String("bin", "bin/pelotao", "the pelotao binary to run")
	clients := flag.Int("clients", 200, "concurrent clients")
	duration := flag.Duration("duration", 60*time.Second, "how long the clients run")
	accounts := flag.Int("accounts", 50, "accounts the clients sign in with")
	desks := flag.Int("desks", 20, "kit desks posting pickups after the clients' run (0: none)")
	deskEvery := flag.Duration("desk-every", 2*time.Second, "how often each kit desk posts a pickup")
	deskDuration := flag.Duration("desk-duration", 60*time.Second, "how long the kit desks run")
	rush := flag.String("rush", "also", "the registration opening (rush.go): also (after the soak), only, or off")
	r := rushRun{}
	flag.IntVar(&r.buyers, "rush-buyers", 2000, "buyers racing at the opening")
	flag.IntVar(&r.slots, "rush-slots", 500, "the modality's slots")
	flag.IntVar(&r.inFlight, "rush-in-flight", 200, "order requests in flight at once")
	flag.IntVar(&r.couponUses, "rush-coupon-uses", 100, "uses of the coupon every fourth buyer types")
	flag.DurationVar(&r.hold, "rush-hold", time.Minute, "PELOTAO_REGISTRATION_HOLD of the rush's servers (1m at least)")
	// Not a divisor of the hold: the second wave starts just after a sweep (the one that recorded
	// the first expired), so its holds would end just after one too, which would find the late
	// payments (rush_money.go) before their holds end.
	flag.DurationVar(&r.reconcile, "rush-sweep", 7*time.Second, "PELOTAO_PIX_RECONCILE_EVERY of the rush's servers: how often holds passed are recorded expired and charges read back (not a divisor of -rush-hold)")
	postgresURL := flag.String("postgres", os.Getenv("PELOTAO_TEST_POSTGRES_URL"), "PostgreSQL the rush also runs on with two servers, in a schema of its own dropped after ('' skips)")
	flag.Parse()
	if !slices.Contains([]string{"also", "only", "off"}, *rush) {
		fmt.Fprintf(os.Stderr, "loadtest: -rush %q: use also, only or off\n", *rush)
		os.Exit(2)
	}
	var err error
	if *rush != "only" {
		err = run(*bin, *clients, *accounts, *duration, deskRun{*desks, *deskEvery, *deskDuration})
	}
	if err == nil && *rush != "off" {
		err = runRush(*bin, r, *postgresURL)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// kind is one sort of request of the mix.
type kind string

const (
	list   kind = "lista"
	detail kind = "detalhe"
	login  kind = "login"
	create kind = "criação"
)

var kinds = []kind{list, detail, login, create}

// tally is what the clients saw, per kind.
type tally struct {
	mu        sync.Mutex
	latencies map[kind][]time.Duration
	statuses  map[kind]map[int]int
	failures  []string // transport errors, 5xx, SQLITE_BUSY: each one fails the run
	created   []string // ids acknowledged with 201
}

func (t *tally) record(k kind, status int, d time.Duration, body []byte, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case err != nil:
		t.failures = append(t.failures, fmt.Sprintf("%s: %v", k, err))
		return
	case status >= 500:
		t.failures = append(t.failures, fmt.Sprintf("%s: %d %s", k, status, body))
	case busy(body):
		t.failures = append(t.failures, fmt.Sprintf("%s: %d with a busy database: %s", k, status, body))
	}
	t.latencies[k] = append(t.latencies[k], d)
	t.statuses[k][status]++
}

func busy(b []byte) bool {
	return bytes.Contains(b, []byte("SQLITE_BUSY")) || bytes.Contains(b, []byte("database is locked"))
}

// deskRun is the kit desks' part of the run (desks.go).
type deskRun struct {
	desks           int
	every, duration time.Duration
}

func run(bin string, clients, accounts int, duration time.Duration, desks deskRun) error {
	dir, err := os.MkdirTemp("", "pelotao-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	srv, err := startServer(bin, dir, "server")
	if err != nil {
		return err
	}
	defer srv.stop()
	fmt.Printf("pelotao em %s, banco %s; carga média antes: %s\n", srv.base, filepath.Join(dir, "pelotao.db"), loadAverage())

	transport := &http.Transport{MaxIdleConns: clients * 2, MaxIdleConnsPerHost: clients * 2}
	emails, err := signUp(srv.base, transport, accounts)
	if err != nil {
		return err
	}
	ids, err := eventIDs(srv.base, transport)
	if err != nil {
		return err
	}
	fmt.Printf("%d contas, %d eventos de demonstração; %d clientes por %v\n", len(emails), len(ids), clients, duration)

	t := &tally{latencies: map[kind][]time.Duration{}, statuses: map[kind]map[int]int{}}
	for _, k := range kinds {
		t.statuses[k] = map[int]int{}
	}
	ctx, cancel := context.WithTimeout(context.Background(), duration)
	defer cancel()
	var wg sync.WaitGroup
	start := time.Now()
	for i := range clients {
		wg.Go(func() {
			c := newClient(srv.base, transport, emails[i%len(emails)])
			c.run(ctx, t, ids)
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	loadAfter := loadAverage()
	if desks.desks > 0 {
		if err := runDesks(srv.base, transport, desks.desks, desks.every, desks.duration); err != nil {
			t.failures = append(t.failures, err.Error())
		}
	}

	// Every acknowledged creation must be readable now.
	missing := 0
	for _, id := range t.created {
		res, err := (&http.Client{Transport: transport}).Get(srv.base + "/api/events/" + id)
		if err != nil {
			return err
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			missing++
		}
	}
	if err := srv.stop(); err != nil {
		t.failures = append(t.failures, "server shutdown: "+err.Error())
	}
	t.failures = append(t.failures, logFailures(srv.logPath)...)

	report(t, elapsed, clients)
	fmt.Printf("criações confirmadas (201): %d, legíveis depois: %d, faltando: %d\n", len(t.created), len(t.created)-missing, missing)
	fmt.Printf("carga média ao fim: %s (%d CPUs)\n", loadAfter, runtime.NumCPU())
	if missing > 0 {
		t.failures = append(t.failures, fmt.Sprintf("%d acknowledged events missing", missing))
	}
	if len(t.failures) > 0 {
		for i, f := range t.failures {
			if i == 20 {
				fmt.Printf("… e mais %d\n", len(t.failures)-20)
				break
			}
			fmt.Println("FALHA:", f)
		}
		return fmt.Errorf("%d failures", len(t.failures))
	}
	fmt.Println("OK: nenhum 5xx, nenhum SQLITE_BUSY, nenhuma criação perdida")
	return nil
}

// logFailures are the lines of a server's log that fail a run: errors and a busy database.
func logFailures(path string) []string {
	serverLog, _ := os.ReadFile(path)
	var failures []string
	for _, line := range strings.Split(string(serverLog), "\n") {
		if busy([]byte(line)) || strings.Contains(line, "level=ERROR") {
			failures = append(failures, filepath.Base(path)+": "+line)
		}
	}
	return failures
}

// server is the pelotao process under load.
type server struct {
	cmd     *exec.Cmd
	base    string
	logPath string
	done    chan error
	once    sync.Once
	err     error
}

// startServer runs bin serve on a free port with a SQLite database in dir and demo content;
// env, added last, overrides any of that. Its log goes to dir/name.log.
func startServer(bin, dir, name string, env ...string) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	s := &server{base: "http://" + addr, logPath: filepath.Join(dir, name+".log"), done: make(chan error, 1)}
	logFile, err := os.Create(s.logPath)
	if err != nil {
		return nil, err
	}
	s.cmd = exec.Command(bin, "serve")
	s.cmd.Env = append(os.Environ(),
		"PELOTAO_ADDR="+addr,
		"PELOTAO_DATABASE_URL=sqlite:"+filepath.Join(dir, "pelotao.db"),
		"PELOTAO_OUTBOX="+filepath.Join(dir, "outbox"),
		"PELOTAO_BASE_URL="+s.base,
		"PELOTAO_DEMO=1",
		"PELOTAO_SIGNUPS_PER_HOUR=100000", // every client signs up, orders and quotes from this machine's address
		"PELOTAO_ORDERS_PER_HOUR=1000000",
		"PELOTAO_QUOTES_PER_HOUR=1000000",
	)
	s.cmd.Env = append(s.cmd.Env, env...)
	s.cmd.Stdout, s.cmd.Stderr = logFile, logFile
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	go func() { s.done <- s.cmd.Wait(); logFile.Close() }()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		if res, err := http.Get(s.base + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		select {
		case err := <-s.done:
			log, _ := os.ReadFile(s.logPath)
			return nil, fmt.Errorf("pelotao exited: %v\n%s", err, log)
		case <-time.After(100 * time.Millisecond):
		}
	}
	s.stop()
	return nil, errors.New("pelotao did not become healthy")
}

// stop ends the server with SIGTERM, as an orchestrator would, and reports how it exited.
func (s *server) stop() error {
	s.once.Do(func() {
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case s.err = <-s.done:
		case <-time.After(time.Minute):
			_ = s.cmd.Process.Kill()
			s.err = errors.New("did not stop within a minute of SIGTERM")
		}
	})
	return s.err
}

// signUp creates n accounts, a few at a time (password hashing is deliberately expensive).
func signUp(base string, transport http.RoundTripper, n int) ([]string, error) {
	emails := make([]string, n)
	errs := make(chan error, n)
	sem := make(chan struct{}, 4)
	var wg sync.WaitGroup
	for i := range n {
		emails[i] = fmt.Sprintf("carga%03d@exemplo.com.br", i)
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			body := fmt.Sprintf(`{"email":%q,"password":%q,"displayName":"Carga %d"}`, emails[i], password, i)
			res, err := (&http.Client{Transport: transport}).Post(base+"/api/auth/signup", "application/json", strings.NewReader(body))
			if err != nil {
				errs <- err
				return
			}
			res.Body.Close()
			if res.StatusCode != http.StatusCreated {
				errs <- fmt.Errorf("signup %s: %d", emails[i], res.StatusCode)
			}
		})
	}
	wg.Wait()
	close(errs)
	return emails, <-errs
}

func eventIDs(base string, transport http.RoundTripper) ([]string, error) {
	res, err := (&http.Client{Transport: transport}).Get(base + "/api/events?limit=100")
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var body struct{ Events []struct{ ID string } }
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		return nil, err
	}
	ids := make([]string, len(body.Events))
	for i, e := range body.Events {
		ids[i] = e.ID
	}
	if len(ids) == 0 {
		return nil, errors.New("no demo events")
	}
	return ids, nil
}

// client is one browser: its own cookies, signed in as one account.
type client struct {
	base  string
	email string
	http  *http.Client
	rnd   *rand.Rand
}

func newClient(base string, transport http.RoundTripper, email string) *client {
	jar, _ := cookiejar.New(nil)
	return &client{base: base, email: email, http: &http.Client{Transport: transport, Jar: jar, Timeout: time.Minute},
		rnd: rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))}
}

var listQueries = []string{"", "?when=upcoming&order=asc", "?when=past", "?categoria=Ciclismo", "?uf=SP", "?q=corrida", "?limit=10"}

func (c *client) run(ctx context.Context, t *tally, ids []string) {
	c.do(ctx, t, login, "POST", "/api/auth/login", fmt.Sprintf(`{"email":%q,"password":%q}`, c.email, password))
	for n := 0; ctx.Err() == nil; n++ {
		switch r := c.rnd.IntN(100); {
		case r < 45:
			c.do(ctx, t, list, "GET", "/api/events"+listQueries[c.rnd.IntN(len(listQueries))], "")
		case r < 85:
			c.do(ctx, t, detail, "GET", "/api/events/"+ids[c.rnd.IntN(len(ids))], "")
		case r < 93:
			c.do(ctx, t, login, "POST", "/api/auth/login", fmt.Sprintf(`{"email":%q,"password":%q}`, c.email, password))
		default:
			c.do(ctx, t, create, "POST", "/api/events", eventtest.JSON(fmt.Sprintf("Corrida de carga %s %d", c.email, n), "2031-09-07"))
		}
	}
}

func (c *client) do(ctx context.Context, t *tally, k kind, method, path, body string) {
	req, _ := http.NewRequest(method, c.base+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	start := time.Now()
	res, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			t.record(k, 0, 0, nil, err)
		}
		return
	}
	b, err := io.ReadAll(res.Body)
	res.Body.Close()
	d := time.Since(start)
	if err != nil {
		t.record(k, 0, 0, nil, err)
		return
	}
	t.record(k, res.StatusCode, d, b, nil)
	if k == create && res.StatusCode == http.StatusCreated {
		var e struct{ ID string }
		if json.Unmarshal(b, &e) == nil && e.ID != "" {
			t.mu.Lock()
			t.created = append(t.created, e.ID)
			t.mu.Unlock()
		}
	}
}

func report(t *tally, elapsed time.Duration, clients int) {
	total := 0
	for _, k := range kinds {
		total += len(t.latencies[k])
	}
	fmt.Printf("\n%d requisições em %v com %d clientes: %.0f req/s\n", total, elapsed.Round(time.Millisecond), clients, float64(total)/elapsed.Seconds())
	fmt.Printf("%-10s %8s %8s %10s %10s %10s  %s\n", "tipo", "req", "req/s", "p50", "p99", "máx", "status")
	for _, k := range kinds {
		ls := slices.Clone(t.latencies[k])
		slices.Sort(ls)
		if len(ls) == 0 {
			continue
		}
		fmt.Printf("%-10s %8d %8.0f %10v %10v %10v  %v\n", k, len(ls), float64(len(ls))/elapsed.Seconds(),
			pct(ls, 50).Round(time.Millisecond/10), pct(ls, 99).Round(time.Millisecond/10), ls[len(ls)-1].Round(time.Millisecond), t.statuses[k])
	}
}

func pct(sorted []time.Duration, p int) time.Duration {
	return sorted[(len(sorted)-1)*p/100]
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:3], " ")
}
