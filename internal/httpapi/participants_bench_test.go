package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"pelotao/internal/api/apitest"
	"pelotao/internal/participant"
)

// ticketingExport is a ticketing system's export of n registrations over three modalities.
func ticketingExport(n int) []byte {
	first := []string{"Ana", "Bruno", "Camila", "Diego", "Eduarda", "Felipe", "Gabriela", "Heitor", "Isabela", "João",
		"Larissa", "Marcos", "Natália", "Otávio", "Patrícia", "Rafael", "Sabrina", "Thiago", "Vitória", "Wagner"}
	last := []string{"Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes",
		"Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Araújo", "Conceição", "Brandão"}
	modalidades := []string{"5 km", "10 km", "21 km"}
	shirts := []string{"P", "M", "G", "GG"}
	var b bytes.Buffer
	b.WriteString("Nº da inscrição;Nome;CPF;Data de nascimento;Sexo;Modalidade;Camiseta;Equipe;E-mail;Celular;Status do pagamento;Valor;Nº de peito\n")
	for i := range n {
		nome := fmt.Sprintf("%s %s %s", first[i%len(first)], last[(i/len(first))%len(last)], last[(i/7)%len(last)])
		cpf := participant.FormatCPF(participant.CompleteCPF(fmt.Sprintf("%09d", 100000000+i*37)))
		pago := map[bool]string{true: "Aprovado", false: "Pendente"}[i%9 != 0]
		fmt.Fprintf(&b, "%d;%s;%s;%02d/%02d/%d;%s;%s;%s;Equipe %d;atleta%d@exemplo.com.br;(11) 9%04d-%04d;%s;%d,90;%d\n",
			500000+i, nome, cpf, 1+i%28, 1+i%12, 1960+i%45, "FM"[i%2:i%2+1], modalidades[i%3], shirts[i%4], i%40, i,
			i%10000, (i*7)%10000, pago, 89+10*(i%3), i+1)
	}
	return b.Bytes()
}

// participantsBenchApp is a site with an owner signed in and no access log (production writes it
// to a pipe; here it would measure the terminal).
func participantsBenchApp(b *testing.B) (*authApp, *http.Cookie) {
	b.Helper()
	app := newAuthApp(b, filepath.Join(b.TempDir(), "bench.db"), nil)
	srv, err := New(Deps{Config: app.srv.cfg, Store: app.srv.store, UI: testUI, Accounts: app.accounts,
		Mailer: app.mailer, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	app.srv, app.Client = srv, apitest.Client{Handler: srv}
	res := app.Call("POST", "/api/auth/signup", `{"email":"dona@exemplo.com.br","password":"largada-as-seis","displayName":"Dona"}`)
	if res.Code != http.StatusCreated {
		b.Fatalf("signup: %d %s", res.Code, res.Body)
	}
	return app, sessionCookie(b, res)
}

func benchEvent(b *testing.B, app *authApp, owner *http.Cookie) string {
	b.Helper()
	res := app.Call("POST", "/api/events", validEventJSON("Maratona de Benchmark", "2031-01-01"), apitest.Cookies(owner))
	var created struct{ ID string }
	json.Unmarshal(res.Body.Bytes(), &created)
	if created.ID == "" {
		b.Fatalf("event: %d %s", res.Code, res.Body)
	}
	return created.ID
}

func benchImport(b *testing.B, app *authApp, owner *http.Cookie, eventID string, file []byte) map[string]int {
	b.Helper()
	var body bytes.Buffer
	mw := multipartWriter(&body, file)
	r := httptest.NewRequest("POST", "/api/events/"+eventID+"/participants", &body)
	r.Header.Set("Content-Type", mw)
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	r.AddCookie(owner)
	w := httptest.NewRecorder()
	app.srv.ServeHTTP(w, r)
	// The answer also lists jaInscritos, so it is read as counts field by field.
	var counts struct{ Added, Updated, Unchanged, Missing int }
	if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &counts) != nil {
		b.Fatalf("import: %d %.500s", w.Code, w.Body)
	}
	return map[string]int{"added": counts.Added, "updated": counts.Updated, "unchanged": counts.Unchanged, "missing": counts.Missing}
}

// BenchmarkParticipants30000 measures, on SQLite, importing a 30,000-row export through the
// HTTP handler (reading, checking, planning, storing), importing it again (nothing changes),
// and pages of the list with a search, in-process and from 50 clients at once over HTTP.
func BenchmarkParticipants30000(b *testing.B) {
	const n = 30000
	file := ticketingExport(n)
	app, owner := participantsBenchApp(b)

	b.Run("import", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			b.StopTimer()
			id := benchEvent(b, app, owner)
			b.StartTimer()
			if c := benchImport(b, app, owner, id, file); c["added"] != n {
				b.Fatalf("added %v", c)
			}
		}
	})
	id := benchEvent(b, app, owner)
	benchImport(b, app, owner, id, file)
	b.Run("reimport-unchanged", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			if c := benchImport(b, app, owner, id, file); c["unchanged"] != n || c["added"]+c["updated"]+c["missing"] != 0 {
				b.Fatalf("re-import: %v", c)
			}
		}
	})
	searches := map[string]string{
		"name":       "?q=" + strings.ReplaceAll("larissa conc", " ", "+"),
		"cpf":        "?q=" + participant.FormatCPF(participant.CompleteCPF(fmt.Sprintf("%09d", 100000000+12345*37))),
		"surname":    "?q=oliveira",
		"first-page": "?limit=50",
		// A group's filter (GRP-47) reads every participant: an id of no group, none matching.
		"group": "?grupo=sem-grupo-algum",
	}
	for _, name := range []string{"name", "cpf", "surname", "first-page", "group"} {
		url := "/api/events/" + id + "/participants" + searches[name]
		b.Run("list-"+name, func(b *testing.B) {
			for b.Loop() {
				r := httptest.NewRequest("GET", url, nil)
				r.AddCookie(owner)
				w := httptest.NewRecorder()
				app.srv.ServeHTTP(w, r)
				if w.Code != 200 || !strings.Contains(w.Body.String(), `"total":`) {
					b.Fatalf("%s: %d %.300s", url, w.Code, w.Body)
				}
			}
		})
		b.Run("list-"+name+"-50-clients", func(b *testing.B) {
			p50, p99 := concurrentLatencyAs(b, app.srv, url, 50, owner)
			b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
		})
	}
}

// multipartWriter writes file as the form field "file" into body and returns the content type.
func multipartWriter(body *bytes.Buffer, file []byte) string {
	mw := multipart.NewWriter(body)
	fw, _ := mw.CreateFormFile("file", "inscritos.csv")
	fw.Write(file)
	mw.Close()
	return mw.FormDataContentType()
}

// reportCPU reports the process's CPU time (user and system) per operation when the returned
// function runs: on a machine shared with other work, wall time per op (ns/op) includes the
// waits for a core, while CPU time is what the work itself costs.
func reportCPU(b *testing.B) func() {
	var before syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	return func() {
		var after syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &after)
		cpu := time.Duration(after.Utime.Nano() - before.Utime.Nano() + after.Stime.Nano() - before.Stime.Nano())
		b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	}
}
