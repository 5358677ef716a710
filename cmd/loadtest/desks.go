package main

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"slices"
	"strings"
	"sync"
	"time"

	"pelotao/internal/event/eventtest"
	"pelotao/internal/participant"
)

// The kit desks' run (docs/product.md §10 "Kit pickup"): desks each send one pickup every interval, as a
// desk syncing one by one does, to one server. Desks draw athletes from a shared pool, so some
// pick up the same kit (conflicts), and a tenth of the sends are retries of the desk's previous
// pickup (its answer "lost"), which must come back `duplicate`. At the end the roster must hold
// exactly one pickup per athlete that got an `ok`: none lost, none counted twice.

// deskAthletes is the pool desks draw from: small enough that desks collide now and then.
const deskAthletes = 1500

type deskTally struct {
	mu        sync.Mutex
	latencies []time.Duration
	answers   map[string]int    // ok, duplicate, conflict
	okBy      map[string]string // participantId → the pickup id that got ok
	doubleOK  []string          // participants with two different ids answered ok
	failures  []string
}

func runDesks(base string, transport http.RoundTripper, desks int, every, duration time.Duration) error {
	owner, eventID, participants, err := deskEvent(base, transport)
	if err != nil {
		return fmt.Errorf("kit desks setup: %w", err)
	}
	fmt.Printf("\nbalcões: %d balcões, uma retirada a cada %v cada, por %v; %d atletas\n", desks, every, duration, len(participants))
	t := &deskTally{answers: map[string]int{}, okBy: map[string]string{}}
	var wg sync.WaitGroup
	start := time.Now()
	for d := range desks {
		wg.Go(func() {
			// Desks work on their own: their sends are spread over the interval, not in lockstep.
			time.Sleep(time.Duration(d) * every / time.Duration(desks))
			desk(owner, base, eventID, fmt.Sprintf("Balcão %d", d+1), participants, every, start.Add(duration), t)
		})
	}
	wg.Wait()

	var roster struct {
		Participants []struct {
			ID          string          `json:"id"`
			KitRetirado json.RawMessage `json:"kitRetirado"`
		} `json:"participants"`
	}
	if err := getJSON(owner, base+"/api/events/"+eventID+"/checkin/roster", &roster); err != nil {
		return err
	}
	picked := 0
	for _, p := range roster.Participants {
		if len(p.KitRetirado) > 0 && string(p.KitRetirado) != "null" {
			picked++
			if _, ok := t.okBy[p.ID]; !ok {
				t.failures = append(t.failures, "picked up with no ok answer: "+p.ID)
			}
		}
	}
	lost := len(t.okBy) - picked
	slices.Sort(t.latencies)
	if len(t.latencies) == 0 {
		return errors.New("kit desks: no answers")
	}
	fmt.Printf("%-10s %8s %10s %10s %10s  %v\n", "balcões", "req", "p50", "p99", "máx", t.answers)
	fmt.Printf("%-10s %8d %10v %10v %10v\n", "POST", len(t.latencies), pct(t.latencies, 50).Round(time.Millisecond/10),
		pct(t.latencies, 99).Round(time.Millisecond/10), t.latencies[len(t.latencies)-1].Round(time.Millisecond))
	fmt.Printf("retiradas aceitas (ok): %d, na lista ao fim: %d, perdidas: %d, contadas duas vezes: %d\n",
		len(t.okBy), picked, lost, len(t.doubleOK))
	if lost != 0 {
		t.failures = append(t.failures, fmt.Sprintf("%d accepted pickups missing from the roster", lost))
	}
	for _, p := range t.doubleOK {
		t.failures = append(t.failures, "two pickups accepted for "+p)
	}
	if len(t.failures) > 0 {
		for i, f := range t.failures {
			if i == 20 {
				break
			}
			fmt.Println("FALHA (balcões):", f)
		}
		return fmt.Errorf("kit desks: %d failures", len(t.failures))
	}
	return nil
}

type deskCheckin struct {
	ID               string  `json:"id"`
	ParticipantID    string  `json:"participantId"`
	At               string  `json:"at"`
	RetiradoPor      *string `json:"retiradoPor"`
	CamisetaEntregue string  `json:"camisetaEntregue"`
	Balcao           string  `json:"balcao"`
}

// desk sends one pickup per tick until the deadline; every tenth tick resends the previous one.
func desk(client *http.Client, base, eventID, name string, participants []string, every time.Duration, until time.Time, t *deskTally) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	var last *deskCheckin
	for n := 0; time.Now().Before(until); n++ {
		c := last
		if c == nil || n%10 != 9 {
			var b [16]byte
			_, _ = rand.Read(b[:])
			c = &deskCheckin{ID: hex.EncodeToString(b[:]), ParticipantID: participants[(int(b[0])<<8|int(b[1]))%len(participants)],
				At: time.Now().UTC().Format(time.RFC3339Nano), CamisetaEntregue: "M", Balcao: name}
		}
		retry := c == last
		last = c
		body, _ := json.Marshal(map[string]any{"checkins": []*deskCheckin{c}})
		start := time.Now()
		res, err := client.Post(base+"/api/events/"+eventID+"/checkin", "application/json", bytes.NewReader(body))
		d := time.Since(start)
		t.mu.Lock()
		func() {
			defer t.mu.Unlock()
			if err != nil {
				t.failures = append(t.failures, err.Error())
				return
			}
			defer res.Body.Close()
			var answer struct {
				Checkins []struct{ ID, Status string } `json:"checkins"`
			}
			if res.StatusCode != http.StatusOK || json.NewDecoder(res.Body).Decode(&answer) != nil || len(answer.Checkins) != 1 {
				t.failures = append(t.failures, fmt.Sprintf("POST checkin: %d", res.StatusCode))
				return
			}
			t.latencies = append(t.latencies, d)
			status := answer.Checkins[0].Status
			t.answers[status]++
			switch {
			case retry && status == "ok":
				t.failures = append(t.failures, "a retry was counted again: "+c.ID)
			case status == "ok":
				if prev, ok := t.okBy[c.ParticipantID]; ok && prev != c.ID {
					t.doubleOK = append(t.doubleOK, c.ParticipantID)
				}
				t.okBy[c.ParticipantID] = c.ID
			}
		}()
		<-tick.C
	}
}

// deskEvent signs an organizer up, creates an event for tomorrow and imports its athletes.
func deskEvent(base string, transport http.RoundTripper) (*http.Client, string, []string, error) {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Transport: transport, Jar: jar, Timeout: time.Minute}
	signup := fmt.Sprintf(`{"email":"balcoes@exemplo.com.br","password":%q,"displayName":"Organizadora"}`, password)
	if err := postJSON(c, base+"/api/auth/signup", signup, http.StatusCreated, nil); err != nil {
		return nil, "", nil, err
	}
	var created struct{ ID string }
	tomorrow := time.Now().Add(24 * time.Hour).Format("2006-01-02")
	if err := postJSON(c, base+"/api/events", eventtest.JSON("Corrida dos balcões", tomorrow), http.StatusCreated, &created); err != nil {
		return nil, "", nil, err
	}
	var csv strings.Builder
	csv.WriteString("Nome;CPF;Inscrição;Modalidade;Camiseta;Peito;Pago\r\n")
	for i := range deskAthletes {
		fmt.Fprintf(&csv, "Atleta %d da Silva;%s;INS-%05d;10 km;M;%d;Sim\r\n", i, participant.CompleteCPF(fmt.Sprintf("%09d", 300000000+i*37)), i, i+1)
	}
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	fw, _ := mw.CreateFormFile("file", "inscritos.csv")
	_, _ = io.WriteString(fw, csv.String())
	_ = mw.Close()
	res, err := c.Post(base+"/api/events/"+created.ID+"/participants", mw.FormDataContentType(), &form)
	if err != nil {
		return nil, "", nil, err
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, "", nil, fmt.Errorf("import: %d %s", res.StatusCode, b)
	}
	var roster struct {
		Participants []struct{ ID string } `json:"participants"`
	}
	if err := getJSON(c, base+"/api/events/"+created.ID+"/checkin/roster", &roster); err != nil {
		return nil, "", nil, err
	}
	ids := make([]string, len(roster.Participants))
	for i, p := range roster.Participants {
		ids[i] = p.ID
	}
	if len(ids) == 0 {
		return nil, "", nil, errors.New("the imported roster is empty")
	}
	return c, created.ID, ids, nil
}

func postJSON(c *http.Client, url, body string, want int, into any) error {
	res, err := c.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		return fmt.Errorf("POST %s: %d %s", url, res.StatusCode, b)
	}
	if into != nil {
		return json.Unmarshal(b, into)
	}
	return nil
}

func getJSON(c *http.Client, url string, into any) error {
	res, err := c.Get(url)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		return fmt.Errorf("GET %s: %d %s", url, res.StatusCode, b)
	}
	return json.NewDecoder(res.Body).Decode(into)
}
