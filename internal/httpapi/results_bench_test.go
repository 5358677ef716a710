package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/groups"
	"pelotao/internal/participant"
	"pelotao/internal/results"
	"pelotao/internal/store"
	"pelotao/internal/store/storetest"
)

// BenchmarkResultsAPI measures a page of 50 lines of a 30,000-line set, unfiltered, searched
// and filtered, in-process and at 50 concurrent clients over HTTP (p99 budget: 20 ms), and one
// athlete's answer.
func BenchmarkResultsAPI(b *testing.B) {
	app := newTestApp(b)
	srv, err := New(Deps{Config: app.srv.cfg, Store: app.store, UI: testUI, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	e, err := event.Decode([]byte(validEventJSON("Maratona de São Paulo", "2026-04-12")))
	if err != nil {
		b.Fatal(err)
	}
	e.Normalize()
	e.OwnerID = "dono"
	e, err = app.store.CreateEvent(context.Background(), e)
	if err != nil {
		b.Fatal(err)
	}
	set, err := app.store.ReplaceResultSet(context.Background(), results.Set{EventID: e.ID, Percurso: "60 km", Status: results.Oficial},
		storetest.RaceResults(30_000))
	if err != nil {
		b.Fatal(err)
	}
	base := fmt.Sprintf("/api/events/%s/results/%s", e.ID, set.ID)
	urls := []struct{ name, url string }{
		{"page", base + "?limit=50"},
		{"search", base + "?limit=50&q=silva"},
		{"search-two-words", base + "?limit=50&q=ana+gon%C3%A7alves"},
		{"search-sexo-categoria", base + "?limit=50&q=ritmo&sexo=F&categoria=F3034"},
		{"athlete", base + "/athletes/12345"},
	}
	for _, u := range urls {
		b.Run(u.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				w := httptest.NewRecorder()
				srv.ServeHTTP(w, httptest.NewRequest("GET", u.url, nil))
				if w.Code != 200 {
					b.Fatalf("%s: %d %s", u.url, w.Code, w.Body)
				}
			}
		})
		b.Run(u.name+"-50-clients", func(b *testing.B) {
			p50, p99 := concurrentLatency(b, srv, u.url, 50)
			b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
		})
	}
}

// marathonResults is a large marathon's results file as Boston's 2017 was published (26,410
// lines): an unnamed index column, "Last, First" names quoted, city, state and country, an
// unnamed empty column, nine splits, pace, projected and official times, overall, gender and
// division places.
func marathonResults(n int) []byte {
	first := []string{"Geoffrey", "Galen", "Edna", "Jordan", "Desiree", "Molly", "Yuki", "José", "Zoë", "Søren"}
	last := []string{"Kirui", "Rupp", "Kiplagat", "Hasay", "Linden", "Huddle", "Kawauchi", "García", "O'Brien", "Müller"}
	places := []string{"Boston,MA,USA", "Keringet,,KEN", "Tokyo,,JPN", "São Paulo,,BRA", "Toronto,ON,CAN"}
	clock := func(sec int) string { return fmt.Sprintf("%d:%02d:%02d", sec/3600, sec/60%60, sec%60) }
	var b strings.Builder
	b.WriteString(",Bib,Name,Age,M/F,City,State,Country,Citizen,,5K,10K,15K,20K,Half,25K,30K,35K,40K,Pace,Proj Time,Official Time,Overall,Gender,Division\n")
	for i := range n {
		total := 7777 + i*9/10
		fmt.Fprintf(&b, "%d,%d,\"%s, %s\",%d,%s,%s,,", i, 11+i, last[i%len(last)], first[i/len(last)%len(first)], 18+i%62,
			"MF"[i%2:i%2+1], places[i%len(places)])
		for _, km := range []float64{5, 10, 15, 20, 21.0975, 25, 30, 35, 40} {
			b.WriteString("," + clock(int(float64(total)*km/42.195)))
		}
		fmt.Fprintf(&b, ",%s,-,%s,%d,%d,%d\n", clock(total / 26)[2:], clock(total), i+1, i/2+1, i/20+1)
	}
	return []byte(b.String())
}

// BenchmarkImportResultsMarathon imports a 26,410-line marathon file (marathonResults) through
// the HTTP handler into a new modality each time: reading, recognising the header, checking
// every line and storing the set on SQLite. cpu-ms/op is the process's CPU time (the collector's
// included), steadier than ns/op on a shared machine.
func BenchmarkImportResultsMarathon(b *testing.B) {
	file := marathonResults(26_410)
	app, owner := participantsBenchApp(b)
	// The organizer's answers: State is no status, and M/F (not Gender, the place by sex) is the sex.
	mapping := `{"State":"ignorar","M/F":"sexo","Gender":"ignorar"}`
	defer reportCPU(b)()
	for b.Loop() {
		b.StopTimer()
		id := benchEvent(b, app, owner)
		r := resultsForm(b, "/api/events/"+id+"/results", file, map[string]string{"percurso": "60 km", "mapping": mapping})
		r.Header.Set("Sec-Fetch-Site", "same-origin")
		r.AddCookie(owner)
		w := httptest.NewRecorder()
		b.StartTimer()
		app.srv.ServeHTTP(w, r)
		if w.Code != 201 {
			b.Fatalf("import: %d %.500s", w.Code, w.Body)
		}
	}
}

// BenchmarkAssessorias measures the ranking by assessoria of a 30,000-line set with four groups
// found by team name, every line with a CPF (GET …/results/{setId}/grupos): computed afresh (the set read, decoded and
// ranked), and as visitors within a second get it (the kept answer).
func BenchmarkAssessorias(b *testing.B) {
	app := newTestApp(b)
	srv, err := New(Deps{Config: app.srv.cfg, Store: app.store, UI: testUI, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	e, err := event.Decode([]byte(validEventJSON("Maratona de São Paulo", "2026-04-12")))
	if err != nil {
		b.Fatal(err)
	}
	e.Normalize()
	e.OwnerID = "dono"
	if e, err = app.store.CreateEvent(ctx, e); err != nil {
		b.Fatal(err)
	}
	if err := app.store.CreateUser(ctx, store.User{ID: "tecnica", Email: "tecnica@exemplo.com.br", DisplayName: "Técnica",
		PasswordHash: "$argon2id$hash", CreatedAt: time.Now()}); err != nil {
		b.Fatal(err)
	}
	for _, nome := range []string{"Assessoria Ritmo Forte", "Equipe Pé na Estrada", "Corredores do Parque", "Run Club Centro"} {
		if _, err := app.store.CreateGroup(ctx, store.NewGroup{ID: store.NewParticipantID(), EventID: e.ID, Nome: nome,
			Chave: groups.Chave(nome), Codigo: groups.NewCodigo(), CoachID: "tecnica", Now: time.Now()}); err != nil {
			b.Fatal(err)
		}
	}
	// Every line with a CPF, as a timing file with a CPF column gives (GRP-32): the documents are
	// read with the lines.
	lines := storetest.RaceResults(30_000)
	for i := range lines {
		lines[i].Documento = participant.CompleteCPF(fmt.Sprint(100000000 + i))
	}
	set, err := app.store.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "60 km", Status: results.Oficial}, lines)
	if err != nil {
		b.Fatal(err)
	}
	url := fmt.Sprintf("/api/events/%s/results/%s/grupos?n=3", e.ID, set.ID)
	for _, fresh := range []bool{true, false} {
		b.Run(map[bool]string{true: "computed", false: "kept"}[fresh], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if fresh {
					srv.rankings.Clear()
				}
				w := httptest.NewRecorder()
				srv.ServeHTTP(w, httptest.NewRequest("GET", url, nil))
				if w.Code != 200 || !strings.Contains(w.Body.String(), `"concluintes"`) {
					b.Fatalf("%s: %d %s", url, w.Code, w.Body)
				}
			}
		})
	}
}
