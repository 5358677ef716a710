package answercache

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"pelotao/internal/clocktest"
	"pelotao/internal/event"
	"pelotao/internal/store"
)

// countingFill answers with the number of calls so far, so a test sees which answer it got.
type countingFill struct{ calls int }

func (f *countingFill) fill() (Answer, error) {
	f.calls++
	return NewAnswer([]byte(fmt.Sprintf("answer %d", f.calls))), nil
}

func mustGet(t *testing.T, c *Answers[store.EventQuery], q store.EventQuery, fill func() (Answer, error)) string {
	t.Helper()
	b, err := c.Get(q, fill)
	if err != nil {
		t.Fatal(err)
	}
	return string(b.JSON)
}

func TestAnswersExpireAndShareOneFill(t *testing.T) {
	day := event.Today(time.UTC, time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	upcoming := store.EventQuery{When: store.Upcoming, Today: day, Categoria: "Ciclismo"}

	t.Run("a second ask within the TTL is answered from the cache", func(t *testing.T) {
		c, f := NewAnswers[store.EventQuery](clocktest.New(time.Unix(0, 0)).Now), &countingFill{}
		mustGet(t, c, upcoming, f.fill)
		if got := mustGet(t, c, upcoming, f.fill); got != "answer 1" || f.calls != 1 {
			t.Fatalf("second ask: %q after %d fills", got, f.calls)
		}
		other := upcoming
		other.UF = "SP"
		if got := mustGet(t, c, other, f.fill); got != "answer 2" {
			t.Fatalf("another query: %q", got)
		}
	})

	t.Run("a write clears it", func(t *testing.T) {
		c, f := NewAnswers[store.EventQuery](clocktest.New(time.Unix(0, 0)).Now), &countingFill{}
		mustGet(t, c, upcoming, f.fill)
		c.Clear()
		if got := mustGet(t, c, upcoming, f.fill); got != "answer 2" {
			t.Fatalf("after clear: %q", got)
		}
	})

	t.Run("answers expire after the TTL", func(t *testing.T) {
		clock := clocktest.New(time.Unix(0, 0))
		c, f := NewAnswers[store.EventQuery](clock.Now), &countingFill{}
		mustGet(t, c, upcoming, f.fill)
		clock.Advance(AnswerTTL - time.Millisecond)
		if got := mustGet(t, c, upcoming, f.fill); got != "answer 1" {
			t.Fatalf("just before the TTL: %q", got)
		}
		clock.Advance(time.Millisecond)
		if got := mustGet(t, c, upcoming, f.fill); got != "answer 2" {
			t.Fatalf("at the TTL: %q", got)
		}
	})

	t.Run("a new day is a new key", func(t *testing.T) {
		c, f := NewAnswers[store.EventQuery](clocktest.New(time.Unix(0, 0)).Now), &countingFill{}
		mustGet(t, c, upcoming, f.fill)
		tomorrow := upcoming
		tomorrow.Today = day.AddDays(1)
		if got := mustGet(t, c, tomorrow, f.fill); got != "answer 2" {
			t.Fatalf("next day: %q", got)
		}
	})

	t.Run("concurrent asks share one fill", func(t *testing.T) {
		c := NewAnswers[store.EventQuery](clocktest.New(time.Unix(0, 0)).Now)
		started, release := make(chan struct{}), make(chan struct{})
		var mu sync.Mutex
		fills := 0
		fill := func() (Answer, error) {
			mu.Lock()
			fills++
			mu.Unlock()
			close(started)
			<-release
			return NewAnswer([]byte("answer")), nil
		}
		var wg sync.WaitGroup
		answers := make([]string, 10)
		ask := func(i int) {
			b, err := c.Get(upcoming, fill)
			if err != nil {
				t.Error(err)
			}
			answers[i] = string(b.JSON)
		}
		wg.Go(func() { ask(0) })
		<-started
		for i := 1; i < len(answers); i++ {
			wg.Go(func() { ask(i) })
		}
		close(release)
		wg.Wait()
		for i, a := range answers {
			if a != "answer" {
				t.Fatalf("ask %d: %q", i, a)
			}
		}
		if fills != 1 {
			t.Fatalf("%d fills", fills)
		}
	})

	t.Run("failures are not kept", func(t *testing.T) {
		c := NewAnswers[store.EventQuery](clocktest.New(time.Unix(0, 0)).Now)
		boom := errors.New("boom")
		if _, err := c.Get(upcoming, func() (Answer, error) { return Answer{}, boom }); err != boom {
			t.Fatalf("err %v", err)
		}
		f := &countingFill{}
		if got := mustGet(t, c, upcoming, f.fill); got != "answer 1" || c.Len() != 1 {
			t.Fatalf("after a failure: %q, %d kept", got, c.Len())
		}
	})

	t.Run("it holds at most answerCacheMaxEntries, dropping the oldest", func(t *testing.T) {
		clock := clocktest.New(time.Unix(0, 0))
		c, f := NewAnswers[store.EventQuery](clock.Now), &countingFill{}
		for i := range answerCacheMaxEntries + 10 {
			q := upcoming
			q.Q = fmt.Sprint("busca ", i)
			mustGet(t, c, q, f.fill)
			clock.Advance(time.Microsecond)
		}
		if c.Len() != answerCacheMaxEntries {
			t.Fatalf("%d kept", c.Len())
		}
		newest, oldest := upcoming, upcoming
		newest.Q, oldest.Q = fmt.Sprint("busca ", answerCacheMaxEntries+9), "busca 0"
		calls := f.calls
		mustGet(t, c, newest, f.fill)
		if f.calls != calls {
			t.Fatal("the newest answer was dropped")
		}
		mustGet(t, c, oldest, f.fill)
		if f.calls != calls+1 {
			t.Fatal("the oldest answer was kept")
		}
	})

	t.Run("small answers have no gzip copy; large ones have one that inflates to the answer", func(t *testing.T) {
		if b := NewAnswer([]byte(`{"events":[]}`)); b.Gzip != nil {
			t.Fatal("gzip copy of a tiny answer")
		}
		large := []byte(`{"events":[` + strings.Repeat(`{"titulo":"Corrida"},`, 200) + `{}]}`)
		b := NewAnswer(large)
		zr, err := gzip.NewReader(bytes.NewReader(b.Gzip))
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(got, large) || len(b.Gzip) >= len(large) {
			t.Fatalf("inflated %d bytes (%v) from %d, want %d", len(got), err, len(b.Gzip), len(large))
		}
	})
}
