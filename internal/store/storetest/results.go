package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/results"
	"pelotao/internal/store"
)

func runResults(t *testing.T, open Open) {
	t.Run("ResultSetReplaceAndRead", func(t *testing.T) { testResultSetReplaceAndRead(t, open(t)) })
	t.Run("ResultsFilterSearchPage", func(t *testing.T) { testResultsFilterSearchPage(t, open(t)) })
	t.Run("ResultSetDelete", func(t *testing.T) { testResultSetDelete(t, open(t)) })
	t.Run("ResultDocuments", func(t *testing.T) { testResultDocuments(t, open(t)) })
	t.Run("ResultSetReplaceIsAtomic", func(t *testing.T) { testResultSetReplaceIsAtomic(t, open(t)) })
	t.Run("SummarySaysPublishedResults", func(t *testing.T) { testSummarySaysPublishedResults(t, open(t)) })
	t.Run("SummaryKeptByConcurrentWriters", func(t *testing.T) { testSummaryKeptByConcurrentWriters(t, open(t)) })
}

// listedResultados is what the events list says of the results of event id.
func listedResultados(t *testing.T, s store.Store, id string) string {
	t.Helper()
	page, err := s.ListEvents(context.Background(), store.EventQuery{Limit: store.MaxListLimit})
	if err != nil {
		t.Fatal(err)
	}
	for _, sum := range summaries(t, page) {
		if sum.ID == id {
			return sum.Resultados
		}
	}
	t.Fatalf("event %s not listed", id)
	return ""
}

// HOME-19: the list's summary of an event says what results it has published, kept as its sets
// are published, replaced and removed, and as the event itself is edited (EVT-33's rule).
func testSummarySaysPublishedResults(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := createEvent(t, s)
	step := func(what, want string) {
		t.Helper()
		if got := listedResultados(t, s, e.ID); got != want {
			t.Fatalf("%s: the summary says resultados %q, want %q", what, got, want)
		}
	}
	step("a new event", event.ResultadosNenhum)
	curta, err := s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "5 km", Status: results.Preliminar}, SampleResults(3, "A"))
	if err != nil {
		t.Fatal(err)
	}
	step("a preliminary set published", event.ResultadosPreliminar)
	longa, err := s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "21,1 km", Status: results.Oficial}, SampleResults(3, "B"))
	if err != nil {
		t.Fatal(err)
	}
	step("an official set beside a preliminary one", event.ResultadosPreliminar)
	if _, err := s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "5 km", Status: results.Oficial}, SampleResults(4, "A")); err != nil {
		t.Fatal(err)
	}
	step("the preliminary set replaced by an official one", event.ResultadosOficial)
	e.Titulo = "Corrida dos Resultados Editada"
	if e, err = s.UpdateEvent(ctx, e); err != nil {
		t.Fatal(err)
	}
	step("the event edited", event.ResultadosOficial)
	if _, err := s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "21,1 km", Status: results.Preliminar}, SampleResults(3, "B")); err != nil {
		t.Fatal(err)
	}
	step("an official set taken back to preliminary", event.ResultadosPreliminar)
	if err := s.DeleteResultSet(ctx, e.ID, longa.ID); err != nil {
		t.Fatal(err)
	}
	step("the preliminary set removed", event.ResultadosOficial)
	if err := s.DeleteResultSet(ctx, e.ID, curta.ID); err != nil {
		t.Fatal(err)
	}
	step("every set removed", event.ResultadosNenhum)
	e.Modalidades[1].Resultados.PDFGeralURL = "/files/geral.pdf"
	if _, err := s.UpdateEvent(ctx, e); err != nil {
		t.Fatal(err)
	}
	step("a result file attached", event.ResultadosOficial)
}

// Edits of an event and publications of its sets at the same time: the summary left says what
// the sets left are, whichever wrote last.
func testSummaryKeptByConcurrentWriters(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := createEvent(t, s)
	for i := range 12 {
		status := []string{results.Preliminar, results.Oficial}[i%2]
		var wg sync.WaitGroup
		errs := make([]error, 2)
		wg.Go(func() {
			edited := e
			edited.Titulo = fmt.Sprintf("Corrida dos Resultados %d", i)
			_, errs[0] = s.UpdateEvent(ctx, edited)
		})
		wg.Go(func() {
			_, errs[1] = s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "5 km", Status: status}, SampleResults(2, "A"))
		})
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		if got := listedResultados(t, s, e.ID); got != status {
			t.Fatalf("round %d: the summary says resultados %q, the set is %q", i, got, status)
		}
	}
}

func createEvent(t *testing.T, s store.Store) event.Event {
	t.Helper()
	e, err := s.CreateEvent(context.Background(), sampleEvent("Corrida dos Resultados", today, "Recife", "PE"))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// sampleResults are n lines in table order: odd lines F, even M; categories by threes; the
// last line a DNF; names carry prefix and accents.
func SampleResults(n int, prefix string) []results.Result {
	rs := make([]results.Result, n)
	for i := range rs {
		place := i + 1
		r := results.Result{
			NumeroPeito: fmt.Sprint(1000 + i), Nome: fmt.Sprintf("%s Conceição %d", prefix, i),
			Sexo: []string{"F", "M"}[i%2], Categoria: fmt.Sprintf("C%d", i%3), Equipe: "Fôlego",
			Posicao: &place, TempoLiquido: fmt.Sprintf("0:%02d:%02d", 30+i/60, i%60), Status: results.StatusOK,
			Parciais: []results.Parcial{{Nome: "5 km", Tempo: "0:15:00"}}, Ordem: place,
		}
		if i == n-1 {
			r.Posicao, r.TempoLiquido, r.Status = nil, "", results.StatusDNF
		}
		rs[i] = r
	}
	return rs
}

func decodeResults(t *testing.T, docs []json.RawMessage) []results.Result {
	t.Helper()
	out := make([]results.Result, len(docs))
	for i, d := range docs {
		if err := json.Unmarshal(d, &out[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func testResultSetReplaceAndRead(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := createEvent(t, s)
	if _, err := s.ReplaceResultSet(ctx, results.Set{EventID: "nao-existe", Percurso: "5 km", Status: results.Preliminar}, SampleResults(3, "A")); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown event: %v", err)
	}
	first, err := s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "5 km", Status: results.Preliminar}, SampleResults(7, "A"))
	if err != nil {
		t.Fatal(err)
	}
	if first.ID == "" || first.Total != 7 || first.Finishers != 6 || first.ImportedAt.IsZero() ||
		!reflect.DeepEqual(first.Categorias, []string{"C0", "C1", "C2"}) {
		t.Fatalf("set = %+v", first)
	}
	if _, err := s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "21,1 km", Status: results.Oficial}, SampleResults(2, "B")); err != nil {
		t.Fatal(err)
	}
	// Publishing the modality again keeps the set's id and replaces its lines and status.
	again, err := s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "5 km", Status: results.Oficial}, SampleResults(4, "C"))
	if err != nil {
		t.Fatal(err)
	}
	if again.ID != first.ID || again.Total != 4 || again.Status != results.Oficial {
		t.Fatalf("replaced set = %+v (first %s)", again, first.ID)
	}
	sets, err := s.ListResultSets(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) != 2 || sets[0].Percurso != "21,1 km" || sets[1].Percurso != "5 km" || sets[1].Total != 4 {
		t.Fatalf("sets = %+v", sets)
	}
	got, err := s.GetResultSet(ctx, e.ID, first.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !got.ImportedAt.Equal(again.ImportedAt) || got.Status != results.Oficial || got.Finishers != 3 || got.EventID != e.ID {
		t.Fatalf("GetResultSet = %+v, want %+v", got, again)
	}
	if _, err := s.GetResultSet(ctx, "outro-evento", first.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a set read through another event: %v", err)
	}
	if sets, err := s.ListResultSets(ctx, "outro-evento"); err != nil || sets == nil || len(sets) != 0 {
		t.Fatalf("sets of an event without any = %v, %v", sets, err)
	}

	want := SampleResults(4, "C")[1]
	r, err := s.GetResult(ctx, first.ID, want.NumeroPeito)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r, want) {
		t.Fatalf("GetResult = %+v, want %+v", r, want)
	}
	if _, err := s.GetResult(ctx, first.ID, "1006"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a line of the replaced set is still there: %v", err)
	}
	// 1000 F C0, 1001 M C1, 1002 F C2, 1003 M C0 (a DNF): finishers by sex and category.
	wantBy := results.FinishersBy{Sexo: map[string]int{"F": 2, "M": 1}, Categoria: map[string]int{"C0": 1, "C1": 1, "C2": 1}}
	if !reflect.DeepEqual(got.FinishersBy, wantBy) {
		t.Fatalf("FinishersBy = %+v, want %+v", got.FinishersBy, wantBy)
	}
	lines, err := s.ResultLines(ctx, first.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 4 || lines[3].Ordem != 4 || lines[3].Status != results.StatusDNF || lines[1].Sexo != "M" ||
		lines[0].Search != store.ResultSearchText(SampleResults(4, "C")[0]) {
		t.Fatalf("ResultLines = %+v", lines)
	}
	var doc results.Result
	if err := json.Unmarshal(lines[2].Doc, &doc); err != nil || doc.NumeroPeito != "1002" {
		t.Fatalf("ResultLines doc = %s", lines[2].Doc)
	}
}

func testResultsFilterSearchPage(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := createEvent(t, s)
	all := SampleResults(25, "Zé")
	all[3].Nome, all[3].Equipe = "Ângela Côrtes", "Pé na Estrada"
	set, err := s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "5 km", Status: results.Preliminar}, all)
	if err != nil {
		t.Fatal(err)
	}
	bibs := func(q store.ResultQuery) ([]string, int, string) {
		t.Helper()
		q.SetID = set.ID
		p, err := s.ListResults(ctx, q)
		if err != nil {
			t.Fatalf("%+v: %v", q, err)
		}
		var out []string
		for _, r := range decodeResults(t, p.Results) {
			out = append(out, r.NumeroPeito)
		}
		return out, p.Total, p.NextCursor
	}
	// Pages of 10 in table order, the total on every page.
	var seen []string
	cursor := ""
	for page := 0; ; page++ {
		got, total, next := bibs(store.ResultQuery{Limit: 10, Cursor: cursor})
		if total != 25 {
			t.Fatalf("page %d total = %d", page, total)
		}
		seen = append(seen, got...)
		if next == "" {
			break
		}
		cursor = next
	}
	if len(seen) != 25 || seen[0] != "1000" || seen[24] != "1024" {
		t.Fatalf("paged bibs = %v", seen)
	}
	if got, total, next := bibs(store.ResultQuery{Limit: 10, Cursor: "25"}); len(got) != 0 || total != 25 || next != "" {
		t.Fatalf("after the last line: %v, %d, %q", got, total, next)
	}
	cases := []struct {
		q     store.ResultQuery
		want  []string
		total int
	}{
		{store.ResultQuery{Q: "angela cortes"}, []string{"1003"}, 1},
		{store.ResultQuery{Q: "CÔRTES ângela"}, []string{"1003"}, 1},
		{store.ResultQuery{Q: "pe na estrada"}, []string{"1003"}, 1},
		{store.ResultQuery{Q: "1017"}, []string{"1017"}, 1},
		{store.ResultQuery{Sexo: "F", Categoria: "C0", Limit: 10}, []string{"1000", "1006", "1012", "1018", "1024"}, 5},
		{store.ResultQuery{Categoria: "C2", Limit: 2}, []string{"1002", "1005"}, 8},
		{store.ResultQuery{Sexo: "M", Q: "conceicao 1"}, []string{"1001", "1005", "1007"}, 11}, // 1003 is Ângela
		{store.ResultQuery{Q: "ninguém"}, nil, 0},
	}
	for _, c := range cases {
		q := c.q
		if q.Limit == 0 {
			q.Limit = 3
		}
		got, total, _ := bibs(q)
		if !reflect.DeepEqual(got, c.want) || total != c.total {
			t.Errorf("%+v: %v (total %d), want %v (total %d)", c.q, got, total, c.want, c.total)
		}
	}
	if _, err := s.ListResults(ctx, store.ResultQuery{SetID: set.ID, Cursor: "abc"}); !errors.Is(err, store.ErrBadCursor) {
		t.Fatalf("bad cursor: %v", err)
	}
}

// GRP-32: a line's document is kept beside it for the ranking by assessoria, read by the line's
// key, and never in the line the public results answer; a re-import replaces the documents.
func testResultDocuments(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := createEvent(t, s)
	rs := SampleResults(3, "D")
	rs[0].Documento, rs[2].Documento = "52998224725", "FX123456"
	set, err := s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "5 km", Status: results.Preliminar}, rs)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.ResultDocuments(ctx, set.ID)
	if want := map[string]string{"1000": "52998224725", "1002": "FX123456"}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("documents: %v %v, want %v", got, err, want)
	}
	if r, err := s.GetResult(ctx, set.ID, "1000"); err != nil || r.Documento != "52998224725" {
		t.Errorf("a line's document: %q %v", r.Documento, err)
	}
	page, err := s.ListResults(ctx, store.ResultQuery{SetID: set.ID})
	if err != nil {
		t.Fatal(err)
	}
	lines, err := s.ResultLines(ctx, set.ID)
	if err != nil || len(lines) != 3 || lines[0].Documento != "52998224725" {
		t.Fatalf("lines: %v %v", lines, err)
	}
	for _, doc := range append(page.Results, json.RawMessage(lines[0].Doc)) {
		if strings.Contains(string(doc), "52998224725") || strings.Contains(string(doc), "FX123456") {
			t.Errorf("a public line holds the document: %s", doc)
		}
	}
	rs[0].Documento = ""
	if set, err = s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "5 km", Status: results.Oficial}, rs); err != nil {
		t.Fatal(err)
	}
	if got, err := s.ResultDocuments(ctx, set.ID); err != nil || !reflect.DeepEqual(got, map[string]string{"1002": "FX123456"}) {
		t.Errorf("documents after a re-import: %v %v", got, err)
	}
}

func testResultSetDelete(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := createEvent(t, s)
	a, err := s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "5 km", Status: results.Preliminar}, SampleResults(3, "A"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "21,1 km", Status: results.Preliminar}, SampleResults(3, "B"))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteResultSet(ctx, "outro-evento", a.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleting through another event: %v", err)
	}
	if err := s.DeleteResultSet(ctx, e.ID, a.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteResultSet(ctx, e.ID, a.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleting twice: %v", err)
	}
	if _, err := s.GetResult(ctx, a.ID, "1000"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a line of a deleted set: %v", err)
	}
	// Deleting the event deletes its results.
	if err := s.DeleteEvent(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetResultSet(ctx, e.ID, b.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a set of a deleted event: %v", err)
	}
	if _, err := s.GetResult(ctx, b.ID, "1000"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a line of a deleted event: %v", err)
	}
}

// testResultSetReplaceIsAtomic reads pages while the set is replaced again and again by
// versions of different sizes and names: every page is all one version, with its total.
func testResultSetReplaceIsAtomic(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := createEvent(t, s)
	versions := map[string]int{"Velho": 300, "Novo": 450}
	set, err := s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "5 km", Status: results.Preliminar}, SampleResults(300, "Velho"))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				p, err := s.ListResults(ctx, store.ResultQuery{SetID: set.ID, Limit: store.MaxResultLimit})
				if err != nil {
					errs <- err
					return
				}
				var rs []results.Result
				for _, d := range p.Results {
					var r results.Result
					_ = json.Unmarshal(d, &r)
					rs = append(rs, r)
				}
				version := strings.Fields(rs[0].Nome)[0]
				for _, r := range rs {
					if !strings.HasPrefix(r.Nome, version+" ") || versions[version] != p.Total {
						errs <- fmt.Errorf("a page mixes versions: %q in a page of %s, total %d", r.Nome, version, p.Total)
						return
					}
				}
			}
		}()
	}
	for i := range 6 {
		prefix := []string{"Novo", "Velho"}[i%2]
		if _, err := s.ReplaceResultSet(ctx, results.Set{EventID: e.ID, Percurso: "5 km", Status: results.Preliminar}, SampleResults(versions[prefix], prefix)); err != nil {
			t.Fatal(err)
		}
	}
	close(done)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// RaceResults are n lines with names, teams and categories as varied as a big race's.
func RaceResults(n int) []results.Result {
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

// SummaryMigration checks migration 0027 (HOME-19): on summaries stored before it (rewind takes
// the field away and forgets the migration, then migrates again), it writes what the store
// writes, for an event with a preliminary set, one with a result file, one with neither.
func SummaryMigration(t *testing.T, s store.Store, rewind func(ctx context.Context) error) {
	ctx := context.Background()
	withSet := createEvent(t, s)
	if _, err := s.ReplaceResultSet(ctx, results.Set{EventID: withSet.ID, Percurso: "5 km", Status: results.Preliminar}, SampleResults(2, "A")); err != nil {
		t.Fatal(err)
	}
	withFile := sampleEvent("Corrida do Arquivo", today, "Recife", "PE")
	withFile.Modalidades[2].Resultados.PDFCategoriasURL = "/files/cat.pdf"
	withFile = create(t, s, withFile)
	none := create(t, s, sampleEvent("Corrida Sem Nada", today, "Recife", "PE"))
	listed := func() string {
		t.Helper()
		page, err := s.ListEvents(ctx, store.EventQuery{Limit: store.MaxListLimit})
		if err != nil {
			t.Fatal(err)
		}
		return mustJSON(t, page.Events)
	}
	written := listed()
	for id, want := range map[string]string{withSet.ID: event.ResultadosPreliminar, withFile.ID: event.ResultadosOficial, none.ID: event.ResultadosNenhum} {
		if got := listedResultados(t, s, id); got != want {
			t.Fatalf("written: %s says resultados %q, want %q", id, got, want)
		}
	}
	if err := rewind(ctx); err != nil {
		t.Fatal(err)
	}
	if got := listed(); got != written {
		t.Fatalf("migrated summaries\n %s\nwant as written\n %s", got, written)
	}
}
