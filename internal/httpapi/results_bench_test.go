package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http/httptest"
	"strconv"
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/results"
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
		benchResults(30_000))
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

// benchResults are n lines with names, teams and categories as varied as a big race's.
func benchResults(n int) []results.Result {
	rng := rand.New(rand.NewPCG(1, 2))
	first := []string{"Ana", "Maria", "José", "João", "Luiz", "Antônio", "Francisca", "Paulo", "Carlos", "Juliana",
		"Fernanda", "Marcos", "Patrícia", "Rafael", "Aline", "Bruno", "Camila", "Diego", "Letícia", "Thiago"}
	last := []string{"Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima",
		"Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Gonçalves", "Araújo", "Nascimento"}
	teams := []string{"", "", "Assessoria Ritmo Forte", "Equipe Pé na Estrada", "Corredores do Parque", "Run Club Centro"}
	rs := make([]results.Result, n)
	for i := range rs {
		place := i + 1
		sexo := []string{"F", "M"}[rng.IntN(2)]
		sec := 1800 + i/10
		rs[i] = results.Result{NumeroPeito: strconv.Itoa(10000 + i), Status: results.StatusOK, Posicao: &place, Ordem: place,
			Nome: first[rng.IntN(len(first))] + " " + last[rng.IntN(len(last))] + " " + last[rng.IntN(len(last))],
			Sexo: sexo, Categoria: fmt.Sprintf("%s%d", sexo, 1519+rng.IntN(10)*505), Equipe: teams[rng.IntN(len(teams))],
			TempoLiquido: fmt.Sprintf("%d:%02d:%02d", sec/3600, sec/60%60, sec%60), Parciais: []results.Parcial{}}
	}
	return rs
}
