package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pelotao/internal/store"
	"pelotao/internal/store/sqlite"
)

// REG-238: the operators list the Pix received with no charge of ours, which no event shows.
func TestPixWithNoChargeListed(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	t.Setenv("PELOTAO_DATABASE_URL", "sqlite:"+db)
	t.Setenv("PELOTAO_TZ", "America/Sao_Paulo")
	var out bytes.Buffer
	if err := pixUnmatchedCommand(&out); err != nil || !strings.Contains(out.String(), "no daily reconciliation has finished yet") {
		t.Fatalf("before a pass: %v %q", err, out.String())
	}
	st, err := sqlite.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	done := time.Date(2026, 3, 10, 6, 0, 0, 0, time.UTC)
	if _, err := st.ClaimReconciliation(ctx, "2026-03-10", done, done.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	err = st.SaveReconciliation(ctx, store.Reconciliation{Day: "2026-03-10", Start: done.Add(-72 * time.Hour), End: done, Done: done, Pix: []store.ReceivedPix{
		{EndToEndID: "E1", Valor: 1500, Horario: done.Add(-time.Hour), Situacao: store.PixAttention, Motivo: "Pix sem cobrança"},
		{EndToEndID: "E2", Txid: "tx", EventID: "corrida", OrderID: "o", Valor: 8990, Horario: done.Add(-time.Hour), Situacao: store.PixMatched},
	}})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := pixUnmatchedCommand(&out); err != nil {
		t.Fatal(err)
	}
	want := "reconciliation of 2026-03-10 (Pix received 2026-03-07T03:00:00-03:00 to 2026-03-10T03:00:00-03:00, finished 2026-03-10T03:00:00-03:00): 1 Pix with no charge of ours, R$ 15.00\n" +
		"2026-03-10T02:00:00-03:00\t15.00\tE1\tPix sem cobrança\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}
