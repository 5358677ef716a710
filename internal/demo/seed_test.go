package demo

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/money"
	"pelotao/internal/pdfinfo"
	"pelotao/internal/pdfinfo/pdfinfotest"
	"pelotao/internal/registration"
	"pelotao/internal/results"
	"pelotao/internal/store"
	"pelotao/internal/store/sqlite"
)

func openStore(t *testing.T) *sqlite.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "demo.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

var today = event.NewDate(2026, 3, 15)

func allEvents(t *testing.T, st store.Store) []event.Event {
	t.Helper()
	page, err := st.ListEvents(context.Background(), store.EventQuery{Limit: store.MaxListLimit})
	if err != nil {
		t.Fatal(err)
	}
	summaries, err := page.Summaries()
	if err != nil {
		t.Fatal(err)
	}
	var out []event.Event
	for _, s := range summaries {
		e, err := st.GetEvent(context.Background(), s.ID)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

func getFile(t *testing.T, st store.Store, url string) store.File {
	t.Helper()
	id, ok := strings.CutPrefix(url, "/files/")
	if !ok {
		t.Fatalf("%q is not one of our files", url)
	}
	f, err := st.GetFile(context.Background(), id, 0)
	if err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	return f
}

func TestSeedStoresValidVariedEventsOnce(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	if err := Seed(ctx, st, "demo-organizer", today); err != nil {
		t.Fatal(err)
	}
	events := allEvents(t, st)
	if len(events) < 10 {
		t.Fatalf("%d events", len(events))
	}

	var openUpcoming, otherUpcoming, pastWithResults, pastWithoutResults, noModalidades int
	categorias, tiposPreco, cronogramas, premiacoes := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	qualquer := false
	for _, e := range events {
		if err := e.Validate(); err != nil {
			t.Errorf("%s does not pass validation: %v", e.ID, err)
		}
		if e.OwnerID != "demo-organizer" {
			t.Errorf("%s owner %q", e.ID, e.OwnerID)
		}
		categorias[e.Categoria] = true
		tiposPreco[e.Inscricoes.TipoPreco] = true
		cronogramas[e.Informacoes.Cronograma.Tipo] = true
		premiacoes[e.Premiacao.Tipo] = true
		if len(e.Kits) == 0 || len(e.RetiradaKits) == 0 || e.Informacoes.Descricao == "" {
			t.Errorf("%s is missing kits, kit pickup or a description", e.ID)
		}
		for _, m := range e.Modalidades {
			for _, c := range m.Categorias {
				qualquer = qualquer || c.QualquerIdade
			}
		}

		upcoming := e.IsUpcoming(today)
		withResults := len(e.Modalidades) > 0
		for _, m := range e.Modalidades {
			withResults = withResults && m.Resultados.PDFGeralURL != "" && m.Resultados.PDFCategoriasURL != ""
		}
		switch {
		case len(e.Modalidades) == 0:
			noModalidades++
		case upcoming && e.Status == "Inscrições Abertas" && strings.HasPrefix(e.LinkCompra, "https://"):
			openUpcoming++
		case upcoming:
			otherUpcoming++
		case withResults:
			pastWithResults++
		default:
			pastWithoutResults++
		}

		desktop, mobile := getFile(t, st, e.Banners.Desktop), getFile(t, st, e.Banners.Mobile)
		checkBanner(t, e.ID+" desktop", desktop, desktopW, desktopH, desktopMaxBytes)
		checkBanner(t, e.ID+" mobile", mobile, mobileW, mobileH, mobileMaxBytes)
		checkPDF(t, e.ID+" regulamento", getFile(t, st, e.RegulamentoURL), "Regulamento — "+e.Titulo)
		for _, m := range e.Modalidades {
			if m.Resultados.PDFGeralURL != "" {
				checkPDF(t, e.ID+" "+m.Nome+" geral", getFile(t, st, m.Resultados.PDFGeralURL), e.Titulo+" — ")
				checkPDF(t, e.ID+" "+m.Nome+" categorias", getFile(t, st, m.Resultados.PDFCategoriasURL), e.Titulo+" — ")
			}
		}
	}
	if openUpcoming < 4 || otherUpcoming < 1 || pastWithResults < 4 || pastWithoutResults < 1 || noModalidades < 1 {
		t.Errorf("upcoming open %d, upcoming other %d, past with results %d, past without %d, no modalidades %d",
			openUpcoming, otherUpcoming, pastWithResults, pastWithoutResults, noModalidades)
	}
	if len(categorias) != len(event.Const.Categorias) || len(tiposPreco) != 3 || len(cronogramas) != 2 || len(premiacoes) != 2 || !qualquer {
		t.Errorf("categorias %v, price formats %v, schedules %v, prizes %v, qualquer idade %v", categorias, tiposPreco, cronogramas, premiacoes, qualquer)
	}

	// Idempotent: a second start adds nothing.
	if err := Seed(ctx, st, "demo-organizer", today); err != nil {
		t.Fatal(err)
	}
	if again := allEvents(t, st); len(again) != len(events) {
		t.Fatalf("second seed: %d events, had %d", len(again), len(events))
	}
}

func checkBanner(t *testing.T, what string, f store.File, w, h, maxBytes int) {
	t.Helper()
	img, err := jpeg.Decode(bytes.NewReader(f.Data))
	if err != nil || f.ContentType != "image/jpeg" {
		t.Errorf("%s: %s, %v", what, f.ContentType, err)
		return
	}
	if img.Bounds() != image.Rect(0, 0, w, h) || f.Width != w || f.Height != h {
		t.Errorf("%s: %v", what, img.Bounds())
	}
	if len(f.Data) > maxBytes {
		t.Errorf("%s: %d bytes, over %d", what, len(f.Data), maxBytes)
	}
	t.Logf("%s: %d×%d, %.1f KB", what, w, h, float64(len(f.Data))/1024)
}

// checkPDF checks f is a PDF whose title, as a viewer reads it, starts with title (accents intact).
func checkPDF(t *testing.T, what string, f store.File, title string) {
	t.Helper()
	if f.ContentType != "application/pdf" || !bytes.HasPrefix(f.Data, []byte("%PDF-")) || !bytes.HasSuffix(f.Data, []byte("%%EOF\n")) ||
		!strings.HasSuffix(f.Name, ".pdf") {
		t.Errorf("%s: %s %q", what, f.ContentType, f.Name)
	}
	if info := pdfinfotest.Read(t, f.Data); !strings.HasPrefix(info["Title"], title) || info["Author"] != pdfinfo.Author {
		t.Errorf("%s: document information %q, want a title starting %q by %q", what, info, title, pdfinfo.Author)
	}
	t.Logf("%s: %q, %.1f KB", what, f.Name, float64(len(f.Data))/1024)
}

func TestSeedLeavesADatabaseWithEventsAlone(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	e := event.New()
	e.Titulo, e.DataEvento, e.Local.Cidade, e.Local.Estado = "Minha corrida", today, "Recife", "PE"
	if _, err := st.CreateEvent(ctx, e); err != nil {
		t.Fatal(err)
	}
	if err := Seed(ctx, st, "demo-organizer", today); err != nil {
		t.Fatal(err)
	}
	if got := allEvents(t, st); len(got) != 1 || got[0].Titulo != "Minha corrida" {
		t.Fatalf("seeded into a database with events: %d events", len(got))
	}
}

// Past events' results are published as data too: a set per modality with its PDFs, hundreds of
// lines with places, one set (the latest race's first modality) still preliminar.
func TestSeedPublishesResults(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	if err := Seed(ctx, st, "demo-organizer", today); err != nil {
		t.Fatal(err)
	}
	preliminares, sets := 0, 0
	for _, e := range allEvents(t, st) {
		rs, err := st.ListResultSets(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		withPDFs := 0
		for _, m := range e.Modalidades {
			if m.Resultados.PDFGeralURL != "" {
				withPDFs++
			}
		}
		if len(rs) != withPDFs {
			t.Errorf("%s: %d result sets for %d modalities with result PDFs", e.ID, len(rs), withPDFs)
		}
		for _, set := range rs {
			sets++
			if set.Status == results.Preliminar {
				preliminares++
			}
			if set.Total < 70 || set.Finishers >= set.Total || len(set.Categorias) < 2 {
				t.Errorf("%s %s: %+v", e.ID, set.Percurso, set)
			}
			lines, err := st.ResultLines(ctx, set.ID)
			if err != nil {
				t.Fatal(err)
			}
			first, err := store.DecodeResult(lines[0].Doc, lines[0].Ordem)
			if err != nil {
				t.Fatal(err)
			}
			if *first.Posicao != 1 || first.TempoBruto == "" || first.Pace == "" || len(first.Parciais) != 1 || !strings.Contains(first.Nome, " ") {
				t.Errorf("%s %s: first line %+v", e.ID, set.Percurso, first)
			}
		}
	}
	if sets < 6 || preliminares != 1 {
		t.Fatalf("%d sets, %d preliminar", sets, preliminares)
	}
}

// REG-155: one upcoming demo event is sold in Pelotão itself, so that make run (with the Pix
// sandbox) can be tried end to end: its offer is open today, priced per modality, with lots
// that close by date and by count, slots per modality, its own shirt sizes and the 60+ half price.
func TestSeedSellsOneEventInPelotao(t *testing.T) {
	st := openStore(t)
	if err := Seed(context.Background(), st, "demo-organizer", today); err != nil {
		t.Fatal(err)
	}
	var sold []event.Event
	for _, e := range allEvents(t, st) {
		if e.Inscricoes.ModoPelotao() {
			sold = append(sold, e)
		}
	}
	if len(sold) != 1 {
		t.Fatalf("%d demo events sold in Pelotão, want 1", len(sold))
	}
	e := sold[0]
	in := e.Inscricoes
	if !e.IsUpcoming(today) || e.LinkCompra != "" || in.TipoPreco != event.TipoPrecoLotes || !in.MeiaEntrada() || !in.Vagas.Valid {
		t.Errorf("%s: upcoming %v, linkCompra %q, tipoPreco %q, 60+ %v, vagas %+v", e.ID, e.IsUpcoming(today), e.LinkCompra, in.TipoPreco, in.MeiaEntrada(), in.Vagas)
	}
	if slices.Equal(in.TamanhosCamiseta, event.Const.Defaults.TamanhosCamiseta) {
		t.Errorf("%s: the default shirt sizes %v, want the event's own", e.ID, in.TamanhosCamiseta)
	}
	// REG-270: its receipt names the seller, with a CNPJ the event's validation accepts.
	if e.Organizador.RazaoSocial == "" || !event.ValidCNPJ(e.Organizador.CNPJ) {
		t.Errorf("%s: organizador %+v, want a legal name and a valid CNPJ", e.ID, e.Organizador)
	}
	for _, m := range e.Modalidades {
		if !m.Vagas.Valid || m.Vagas.Value <= 0 {
			t.Errorf("%s %s: no slots of its own", e.ID, m.Nome)
		}
	}
	var byDate, byCount *event.Lote
	for i, l := range in.Lotes {
		switch {
		case byDate == nil && l.DataLimite.Valid() && !l.MaxVagas.Valid:
			byDate = &in.Lotes[i]
		case byCount == nil && l.MaxVagas.Valid && !l.DataLimite.Valid():
			byCount = &in.Lotes[i]
		}
	}
	if byDate == nil || byCount == nil {
		t.Fatalf("%s: lots %+v, want one closing by date only and one by count only", e.ID, in.Lotes)
	}

	// Open today, in the first lot, each modality at its own price and with every slot left.
	offer := registration.MakeOffer(&e, today, registration.Counts{})
	if !offer.Aberta || offer.Lote == nil || offer.Lote.Nome != in.Lotes[0].Nome {
		t.Fatalf("%s: offer %+v", e.ID, offer)
	}
	prices := map[money.Centavos]bool{}
	for i, m := range offer.Modalidades {
		if m.Valor == nil || m.VagasRestantes == nil || *m.VagasRestantes != e.Modalidades[i].Vagas.Value {
			t.Errorf("%s: %+v", e.ID, m)
			continue
		}
		prices[*m.Valor] = true
	}
	if len(prices) < 2 {
		t.Errorf("%s: the same price for every modality: %v", e.ID, prices)
	}
	// The lot closing by date gives way after its day; the one closing by count when it is full.
	after := byDate.DataLimite.AddDays(1)
	if got := registration.MakeOffer(&e, after, registration.Counts{}); got.Lote == nil || got.Lote.Nome == byDate.Nome {
		t.Errorf("%s on %s: lot %+v, want the one after %s", e.ID, after, got.Lote, byDate.Nome)
	}
	full := registration.Counts{Lote: map[string]int{byCount.Nome: byCount.MaxVagas.Value}}
	if got := registration.MakeOffer(&e, after, full); got.Lote == nil || got.Lote.Nome == byCount.Nome || got.Lote.Nome == byDate.Nome {
		t.Errorf("%s on %s with %s full: lot %+v", e.ID, after, byCount.Nome, got.Lote)
	}
}
