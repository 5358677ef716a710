package sqlite

import (
	"context"
	"strings"
	"testing"
	"time"

	"pelotao/internal/store"
)

// The sender's address must not reach the disk, only its keyed hash.
func TestPlanInterestKeepsNoIPAddress(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	const ip = "203.0.113.99"
	p := store.PlanInterest{Nome: "Ana", Email: "ana@exemplo.com", Plano: "Iniciante", CriadoEm: time.Now()}
	if _, err := s.AddPlanInterest(ctx, p, ip, store.SenderLimit{Max: 5, Window: time.Hour}); err != nil {
		t.Fatal(err)
	}
	var hash, key string
	if err := s.read.row(context.Background(), "SELECT sender_hash FROM plan_interest").Scan(&hash); err != nil {
		t.Fatal(err)
	}
	if err := s.read.row(context.Background(), "SELECT value FROM app_meta WHERE key = 'sender_hash_key'").Scan(&key); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(hash, ip) || len(hash) != 64 || len(key) != 64 {
		t.Fatalf("sender_hash %q (key of %d characters)", hash, len(key))
	}
	if hash != store.SenderHash([]byte(key), ip) {
		t.Fatal("sender_hash is not the keyed hash of the address")
	}
}
