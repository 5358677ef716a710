package sqlite

import (
	"context"
	"testing"
	"time"
)

// The writer never checkpoints, so that no commit of an order waits for the WAL to be copied into
// the database; the checkpointer copies it in the background once something was written.
func TestCheckpointsLeaveTheWriter(t *testing.T) {
	s := openTemp(t)
	var auto int
	if err := s.write.QueryRow("PRAGMA wal_autocheckpoint").Scan(&auto); err != nil || auto != 0 {
		t.Fatalf("the writer's wal_autocheckpoint = %d, %v", auto, err)
	}
	ctx := context.Background()
	order := orderMaker(ctx, countedEvent(t, s), 100)
	for range 3 {
		if _, err := order(s); err != nil {
			t.Fatal(err)
		}
	}
	for deadline := time.Now().Add(time.Minute); s.checks.frames.Load() == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("nothing of the WAL checkpointed within a minute of the writes")
		}
	}
}
