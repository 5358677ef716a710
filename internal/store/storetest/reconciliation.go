package storetest

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pelotao/internal/store"
)

func testPixReconciliation(t *testing.T, open Open) {
	t.Run("OneClaimPerDay", func(t *testing.T) { testReconciliationClaim(t, open(t)) })
	t.Run("OneClaimUnderConcurrency", func(t *testing.T) { testReconciliationClaimRace(t, open(t)) })
	t.Run("WhatAPassFound", func(t *testing.T) { testReconciliationSaved(t, open(t)) })
}

// REG-231: the day's pass is claimed once, across instances; a claim whose instance died
// before finishing is taken over once it is stale.
func testReconciliationClaim(t *testing.T, s store.Store) {
	ctx := context.Background()
	t0 := time.Date(2026, 3, 10, 3, 0, 0, 0, time.UTC)
	claim := func(day string, at time.Duration) bool {
		t.Helper()
		now := t0.Add(at)
		won, err := s.ClaimReconciliation(ctx, day, now, now.Add(-time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		return won
	}
	if !claim("2026-03-10", 0) {
		t.Fatal("the first claim of the day lost")
	}
	if claim("2026-03-10", time.Minute) {
		t.Error("a second claim within the hour won")
	}
	if !claim("2026-03-10", 2*time.Hour) {
		t.Error("a claim never finished was not taken over after an hour")
	}
	if err := s.SaveReconciliation(ctx, store.Reconciliation{Day: "2026-03-10", Start: t0.Add(-72 * time.Hour), End: t0, Done: t0.Add(2 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if claim("2026-03-10", 5*time.Hour) {
		t.Error("a finished day was claimed again")
	}
	if !claim("2026-03-11", 24*time.Hour) {
		t.Error("the next day's claim lost")
	}
	if err := s.SaveReconciliation(ctx, store.Reconciliation{Day: "2026-03-12", Done: t0}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("saving a pass never claimed: %v", err)
	}
}

func testReconciliationClaimRace(t *testing.T, s store.Store) {
	ctx := context.Background()
	now := time.Date(2026, 3, 10, 3, 0, 0, 0, time.UTC)
	var won atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			ok, err := s.ClaimReconciliation(ctx, "2026-03-10", now, now.Add(-time.Hour))
			if err != nil {
				t.Error(err)
			}
			if ok {
				won.Add(1)
			}
		})
	}
	wg.Wait()
	if won.Load() != 1 {
		t.Errorf("%d claims won, want 1", won.Load())
	}
}

// REG-232: a pass keeps each Pix it read with what it found; an event's check counts the Pix
// of the event the last pass read, lists those needing attention, and the Pix with no charge of
// ours are the check of event "".
func testReconciliationSaved(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, err := s.PixCheck(ctx, "corrida"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("before any pass: %v", err)
	}
	t0 := time.Date(2026, 3, 10, 3, 0, 0, 0, time.UTC)
	at := func(h int) time.Time { return t0.Add(time.Duration(h) * time.Hour) }
	pass := func(day string, done time.Time, pix ...store.ReceivedPix) {
		t.Helper()
		if won, err := s.ClaimReconciliation(ctx, day, done, done.Add(-time.Hour)); err != nil || !won {
			t.Fatalf("claim %s: %v %v", day, won, err)
		}
		if err := s.SaveReconciliation(ctx, store.Reconciliation{Day: day, Start: done.Add(-72 * time.Hour), End: done, Done: done, Pix: pix}); err != nil {
			t.Fatal(err)
		}
	}
	paid := store.ReceivedPix{EndToEndID: "E1", Txid: "tx1", EventID: "corrida", OrderID: "o1", Valor: 8990, Horario: at(-5), Situacao: store.PixMatched}
	back := store.ReceivedPix{EndToEndID: "E2", Txid: "tx2", EventID: "corrida", OrderID: "o2", Valor: 5000, Horario: at(-4), Situacao: store.PixReturned}
	stuck := store.ReceivedPix{EndToEndID: "E3", Txid: "tx3", EventID: "corrida", OrderID: "o3", Valor: 4000, Horario: at(-3),
		Situacao: store.PixAttention, Motivo: "Pedido não pago"}
	loose := store.ReceivedPix{EndToEndID: "E4", Valor: 1500, Horario: at(-2), Situacao: store.PixAttention, Motivo: "Pix sem cobrança"}
	other := store.ReceivedPix{EndToEndID: "E5", Txid: "tx5", EventID: "outra", OrderID: "o5", Valor: 100, Horario: at(-1), Situacao: store.PixMatched}
	pass("2026-03-10", t0, paid, back, stuck, loose, other)

	c, err := s.PixCheck(ctx, "corrida")
	if err != nil {
		t.Fatal(err)
	}
	if c.Day != "2026-03-10" || !c.Done.Equal(t0) || !c.Start.Equal(t0.Add(-72*time.Hour)) || !c.End.Equal(t0) {
		t.Errorf("pass %+v", c)
	}
	want := map[string]store.PixTally{store.PixMatched: {Quantidade: 1, Valor: 8990}, store.PixReturned: {Quantidade: 1, Valor: 5000}, store.PixAttention: {Quantidade: 1, Valor: 4000}}
	if len(c.BySituacao) != 3 || c.BySituacao[store.PixMatched] != want[store.PixMatched] ||
		c.BySituacao[store.PixReturned] != want[store.PixReturned] || c.BySituacao[store.PixAttention] != want[store.PixAttention] {
		t.Errorf("by situacao %+v, want %+v", c.BySituacao, want)
	}
	if len(c.Attention) != 1 || c.Attention[0] != stuck {
		t.Errorf("attention %+v, want %+v", c.Attention, stuck)
	}
	if c, err := s.PixCheck(ctx, ""); err != nil || len(c.Attention) != 1 || c.Attention[0] != loose || c.BySituacao[store.PixAttention] != (store.PixTally{Quantidade: 1, Valor: 1500}) {
		t.Errorf("no charge of ours: %+v, %v", c, err)
	}
	if got, err := s.PixNeedingAttention(ctx); err != nil || len(got) != 2 || got[0] != stuck || got[1] != loose {
		t.Errorf("needing attention %+v, %v", got, err)
	}

	// The next day's pass reads the stuck one again, now matched; the Pix of yesterday it does not
	// read count no more in today's check.
	stuck.Situacao, stuck.Motivo = store.PixMatched, ""
	pass("2026-03-11", at(24), stuck, loose)
	c, err = s.PixCheck(ctx, "corrida")
	if err != nil || c.Day != "2026-03-11" || len(c.BySituacao) != 1 || c.BySituacao[store.PixMatched] != (store.PixTally{Quantidade: 1, Valor: 4000}) || len(c.Attention) != 0 {
		t.Errorf("the next day: %+v, %v", c, err)
	}
	if got, err := s.PixNeedingAttention(ctx); err != nil || len(got) != 1 || got[0] != loose {
		t.Errorf("needing attention the next day %+v, %v", got, err)
	}
}
