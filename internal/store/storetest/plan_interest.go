package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"pelotao/internal/store"
)

func testPlanInterests(t *testing.T, open Open) {
	t.Run("RoundTrip", func(t *testing.T) { testPlanInterestRoundTrip(t, open(t)) })
	t.Run("LimitPerSender", func(t *testing.T) { testPlanInterestLimit(t, open(t)) })
	t.Run("LimitHoldsUnderConcurrency", func(t *testing.T) { testPlanInterestConcurrentLimit(t, open(t)) })
}

var generous = store.SenderLimit{Max: 100, Window: time.Hour}

func interest(nome, plano string, at time.Time) store.PlanInterest {
	return store.PlanInterest{Nome: nome, Email: "atleta@exemplo.com.br", Plano: plano, CriadoEm: at}
}

func testPlanInterestRoundTrip(t *testing.T, s store.Store) {
	ctx := context.Background()
	if list, err := s.PlanInterests(ctx); err != nil || len(list) != 0 {
		t.Fatalf("empty store: %v, %v", list, err)
	}
	t0 := time.Date(2026, 3, 15, 9, 30, 0, 123_000_000, time.FixedZone("BRT", -3*3600))
	first, err := s.AddPlanInterest(ctx, interest("Ana Souza", "Iniciante", t0), "203.0.113.7", generous)
	if err != nil {
		t.Fatal(err)
	}
	second := interest("João Araújo", "Avançado", t0.Add(time.Minute))
	second.WhatsApp = "11912345678"
	second, err = s.AddPlanInterest(ctx, second, "203.0.113.8", generous)
	if err != nil {
		t.Fatal(err)
	}
	if first.ID == 0 || second.ID == 0 || first.ID == second.ID {
		t.Fatalf("ids: %d, %d", first.ID, second.ID)
	}
	list, err := s.PlanInterests(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 {
		t.Fatalf("listed %d interests, want 2", len(list))
	}
	for i, want := range []store.PlanInterest{second, first} {
		got := list[i]
		if got.ID != want.ID || got.Nome != want.Nome || got.Email != want.Email ||
			got.WhatsApp != want.WhatsApp || got.Plano != want.Plano || !got.CriadoEm.Equal(want.CriadoEm) {
			t.Errorf("list[%d] = %+v, want %+v", i, got, want)
		}
	}
	if !list[1].CriadoEm.Equal(t0) {
		t.Errorf("criadoEm %v, want %v", list[1].CriadoEm, t0)
	}
}

func testPlanInterestLimit(t *testing.T, s store.Store) {
	ctx := context.Background()
	limit := store.SenderLimit{Max: 2, Window: time.Hour}
	t0 := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
	steps := []struct {
		name    string
		ip      string
		at      time.Duration
		limited bool
	}{
		{"first", "198.51.100.1", 0, false},
		{"second within the hour", "198.51.100.1", 10 * time.Minute, false},
		{"third within the hour", "198.51.100.1", 20 * time.Minute, true},
		{"another sender meanwhile", "198.51.100.2", 20 * time.Minute, false},
		{"IPv6 sender", "2001:db8::1", 21 * time.Minute, false},
		{"after the first left the window", "198.51.100.1", 61 * time.Minute, false},
		{"but the second is still in it", "198.51.100.1", 62 * time.Minute, true},
	}
	for _, st := range steps {
		_, err := s.AddPlanInterest(ctx, interest("Bia", "Intermédio", t0.Add(st.at)), st.ip, limit)
		if st.limited && !errors.Is(err, store.ErrTooManyPlanInterests) {
			t.Errorf("%s: got %v, want ErrTooManyPlanInterests", st.name, err)
		}
		if !st.limited && err != nil {
			t.Errorf("%s: %v", st.name, err)
		}
	}
	list, _ := s.PlanInterests(ctx)
	if len(list) != 5 {
		t.Errorf("stored %d interests, want the 5 allowed", len(list))
	}
}

func testPlanInterestConcurrentLimit(t *testing.T, s store.Store) {
	ctx := context.Background()
	limit := store.SenderLimit{Max: 3, Window: time.Hour}
	now := time.Now()
	const tries = 12
	var wg sync.WaitGroup
	errs := make([]error, tries)
	for i := range tries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.AddPlanInterest(ctx, interest("Caio", "Iniciante", now), "192.0.2.55", limit)
		}()
	}
	wg.Wait()
	stored := 0
	for _, err := range errs {
		switch {
		case err == nil:
			stored++
		case !errors.Is(err, store.ErrTooManyPlanInterests):
			t.Errorf("unexpected error: %v", err)
		}
	}
	if stored != limit.Max {
		t.Errorf("%d of %d concurrent interests stored, want exactly %d", stored, tries, limit.Max)
	}
}
