// Package demo fills an empty database with realistic Brazilian events — banners drawn by code,
// official result sheets and regulations written as PDFs — so a fresh install (make run,
// PELOTAO_DEMO=1) shows the whole product.
package demo

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"

	"pelotao/internal/event"
	"pelotao/internal/results"
	"pelotao/internal/store"
	"pelotao/internal/upload"
)

// Store is what seeding writes to.
type Store interface {
	store.EventStore
	store.FileStore
	store.ResultStore
}

// Seed stores the demo events, owned by ownerID and dated around today, into a database that
// has no events; with any event there it does nothing, so it is safe on every start.
func Seed(ctx context.Context, st Store, ownerID string, today event.Date) error {
	page, err := st.ListEvents(ctx, store.EventQuery{Limit: 1})
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	if len(page.Events) > 0 {
		return nil
	}
	// Drawing banners and writing PDFs is most of the work: events are built on every core,
	// then stored in catalogue order.
	all := catalogue(today)
	built := make([]builtEvent, len(all))
	errs := make([]error, len(all))
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, de := range all {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			built[i], errs[i] = build(ctx, st, de, ownerID)
			if errs[i] != nil {
				errs[i] = fmt.Errorf("demo: %s: %w", de.slug, errs[i])
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	for i, b := range built {
		if _, err := st.CreateEvent(ctx, b.Event); err != nil {
			if errors.Is(err, store.ErrConflict) {
				return nil // another instance, starting at the same time, is seeding
			}
			return fmt.Errorf("demo: %s: %w", all[i].slug, err)
		}
	}
	// Results as data, after their events; the latest race's first modality is still preliminar.
	latest := -1
	for i, b := range built {
		if len(b.sets) > 0 && (latest < 0 || b.DataEvento.Compare(built[latest].DataEvento) > 0) {
			latest = i
		}
	}
	for i, b := range built {
		for j, ds := range b.sets {
			status := results.Oficial
			if i == latest && j == 0 {
				status = results.Preliminar
			}
			if _, err := st.ReplaceResultSet(ctx, results.Set{EventID: b.ID, Percurso: ds.percurso, Status: status}, ds.results); err != nil {
				return fmt.Errorf("demo: %s: %w", all[i].slug, err)
			}
		}
	}
	return nil
}

// builtEvent is an event ready to store and its results as data.
type builtEvent struct {
	event.Event
	sets []demoSet
}

// build makes an event's files and returns it ready to store, checked as the API would check it.
func build(ctx context.Context, st Store, de demoEvent, ownerID string) (builtEvent, error) {
	e := de.Event
	var sets []demoSet
	e.ID, e.OwnerID = de.slug, ownerID
	put := func(name string, data []byte, kind upload.Kind) (string, error) {
		f, err := upload.Prepare(name, data, kind)
		if err != nil {
			return "", err
		}
		f.OwnerID = ownerID
		saved, err := st.PutFile(ctx, f)
		if err != nil {
			return "", err
		}
		return "/files/" + saved.ID, nil
	}

	spec := bannerSpec{categoria: e.Categoria, kicker: de.kicker, titulo: e.Titulo, linha: kickerLine(e),
		palette: de.palette, seed: seedOf(de.slug)}
	for _, b := range []struct {
		w, h, max int
		name      string
		url       *string
	}{
		{desktopW, desktopH, desktopMaxBytes, "desktop", &e.Banners.Desktop},
		{mobileW, mobileH, mobileMaxBytes, "mobile", &e.Banners.Mobile},
	} {
		data, err := encodeJPEG(drawBanner(spec, b.w, b.h), b.max)
		if err != nil {
			return builtEvent{}, err
		}
		if *b.url, err = put(fmt.Sprintf("%s %s.jpg", e.Titulo, b.name), data, upload.KindImage); err != nil {
			return builtEvent{}, err
		}
	}

	var err error
	if e.RegulamentoURL, err = put("Regulamento "+e.Titulo+".pdf", regulamentoPDF(e), upload.KindPDF); err != nil {
		return builtEvent{}, err
	}

	if len(de.finishers) > 0 {
		e.TempoClassificacao = event.TempoBruto // as the result sheets rank the overall classification
	}
	rng := rand.New(rand.NewPCG(seedOf(de.slug), 7))
	for i, n := range de.finishers {
		m := &e.Modalidades[i]
		r := race{evento: e.Titulo, cidade: e.Local.Cidade, uf: e.Local.Estado, data: e.DataEvento, categoria: e.Categoria, modalidade: *m}
		fs := field(rng, e.Categoria, *m, n, 100*(i+1)*10)
		if m.Resultados.PDFGeralURL, err = put(fmt.Sprintf("%s %s Classificação Geral.pdf", e.Titulo, m.Nome), generalPDF(r, fs), upload.KindPDF); err != nil {
			return builtEvent{}, err
		}
		if m.Resultados.PDFCategoriasURL, err = put(fmt.Sprintf("%s %s Resultados por Categoria.pdf", e.Titulo, m.Nome), categoriesPDF(r, fs), upload.KindPDF); err != nil {
			return builtEvent{}, err
		}
		rs, err := timingSheet(rng, e, *m, fs)
		if err != nil {
			return builtEvent{}, err
		}
		sets = append(sets, demoSet{percurso: m.Nome, results: rs})
	}

	e.Normalize()
	if err := e.Validate(); err != nil {
		return builtEvent{}, err
	}
	return builtEvent{e, sets}, nil
}

// seedOf turns a slug into a random seed, so each event's pictures and athletes are its own
// and the same on every run.
func seedOf(slug string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(slug); i++ {
		h = (h ^ uint64(slug[i])) * 1099511628211
	}
	return h
}
