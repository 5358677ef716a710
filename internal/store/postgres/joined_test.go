package postgres

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// TestJoinedReadsBeginAfterTheAsking has requests ask for a key while a read of it runs: none
// takes that read's answer (it may miss a write committed before they asked); they share one
// read, begun once the running one ended.
func TestJoinedReadsBeginAfterTheAsking(t *testing.T) {
	var j joined[int32]
	var reads atomic.Int32
	gates := []chan struct{}{make(chan struct{}), make(chan struct{})}
	read := func() (int32, error) {
		n := reads.Add(1)
		<-gates[n-1]
		return n, nil
	}
	first := make(chan int32)
	go func() { v, _ := j.get("k", read); first <- v }()
	for reads.Load() == 0 {
		runtime.Gosched()
	}
	got := make(chan int32)
	for range 10 {
		go func() {
			v, err := j.get("k", read)
			if err != nil {
				t.Error(err)
			}
			got <- v
		}()
	}
	for {
		j.mu.Lock()
		waiting := j.keys["k"].next != nil && j.keys["k"].next.asked == 10
		j.mu.Unlock()
		if waiting {
			break
		}
		runtime.Gosched()
	}
	close(gates[0])
	if v := <-first; v != 1 {
		t.Fatalf("the first request got read %d", v)
	}
	close(gates[1])
	for range 10 {
		if v := <-got; v != 2 {
			t.Errorf("a request that asked during read 1 got read %d, want 2", v)
		}
	}
	if n := reads.Load(); n != 2 {
		t.Errorf("%d reads for 11 requests, want 2", n)
	}
	if v, _ := j.get("k", func() (int32, error) { return 3, nil }); v != 3 || len(j.keys) != 0 {
		t.Errorf("with no read running, a request reads for itself: %d (%d keys running)", v, len(j.keys))
	}
}
