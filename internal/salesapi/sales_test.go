package salesapi

import (
	"net/http"
	"os"
	"strings"
	"testing"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/config"
	"pelotao/internal/event"
	"pelotao/internal/mail"
	"pelotao/internal/mail/mailtest"
	"pelotao/internal/pix"
	"pelotao/internal/store"
)

// ana owns the events of these tests; bruno buys. Neither needs an account: the tests put them
// in the request's context as the session middleware would.
var (
	ana   = api.User{ID: "ana", Email: "ana@exemplo.com.br", DisplayName: "Ana"}
	bruno = api.User{ID: "bruno", Email: "bruno@exemplo.com.br", DisplayName: "Bruno"}
	// In the code tests bruno buys for carla, whose e-mail is verified; eva is unrelated.
	carla = api.User{ID: "carla", Email: "carla@exemplo.com.br", DisplayName: "Carla"}
	eva   = api.User{ID: "eva", Email: "eva@exemplo.com.br", DisplayName: "Eva"}
)

// testSite serves the sales routes on st behind the guards of their access, as the site's route
// table does (internal/httpapi). Its Client calls them; apitest.As(&bruno) signs the request in.
type testSite struct {
	apitest.Client
	sales *Server
	st    store.Store
	mux   *http.ServeMux
	mail  *mailtest.Recorder
}

func newTestSite(t testing.TB, st store.Store, env map[string]string) *testSite {
	t.Helper()
	return newTestSiteOn(t, st, env, nil)
}

// newTestSiteOn is newTestSite talking to psp (nil: the one env configures), as a server
// started again talks to the PSP its predecessor used.
func newTestSiteOn(t testing.TB, st store.Store, env map[string]string, psp pix.PSP) *testSite {
	t.Helper()
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	rec := &mailtest.Recorder{}
	sales, err := New(Deps{Config: cfg, Store: st, Site: mux, Mailer: rec, Calendar: testCalendar, PSP: psp})
	if err != nil {
		t.Fatal(err)
	}
	api.Mount(mux, sales.Routes(), st)
	return &testSite{Client: apitest.Client{Handler: mux}, sales: sales, st: st, mux: mux, mail: rec}
}

// testCalendar stands for the site's iCalendar file of an event (internal/site's own tests check it).
func testCalendar(e *event.Event) []byte {
	return []byte("BEGIN:VCALENDAR\r\nSUMMARY:" + e.Titulo + "\r\nEND:VCALENDAR\r\n")
}

// createEvent stores testdata/event.json (the "Pedal do Pelotão", sold here with 300 slots)
// owned by ana, with each old-new pair of edits replaced once, and returns its id.
func (s *testSite) createEvent(t testing.TB, edits ...string) string {
	t.Helper()
	doc := testdata(t, "event.json")
	for i := 0; i+1 < len(edits); i += 2 {
		doc = strings.Replace(doc, edits[i], edits[i+1], 1)
	}
	e, err := event.Decode([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	e.Normalize()
	e.OwnerID = ana.ID
	created, err := s.st.CreateEvent(t.Context(), e)
	if err != nil {
		t.Fatal(err)
	}
	return created.ID
}

func testdata(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// orderJSON is testdata/order.json, one athlete of the 60 km, with extra added to the order's
// object (`,"cupom":"DEZ"`).
func orderJSON(t testing.TB, extra string) string {
	t.Helper()
	o := strings.TrimSpace(testdata(t, "order.json"))
	return strings.TrimSuffix(o, "}") + extra + "}"
}

// mailsButConfirmations are the e-mails sent but the confirmations of paid orders (sent in the
// background: waited for first), in the order sent.
func (ts *testSite) mailsButConfirmations() []mail.Message {
	ts.sales.receipts.Wait()
	var out []mail.Message
	for _, m := range ts.mail.Messages() {
		if !strings.HasPrefix(m.Subject, "Inscrição confirmada") {
			out = append(out, m)
		}
	}
	return out
}
