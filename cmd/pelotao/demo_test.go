package main

import (
	"encoding/json"
	"net/http"
	"syscall"
	"testing"
)

func listEvents(t *testing.T, p *process) []struct {
	ID      string            `json:"id"`
	Banners map[string]string `json:"banners"`
} {
	t.Helper()
	res, err := http.Get(p.base + "/api/events?limit=100")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body struct {
		Events []struct {
			ID      string            `json:"id"`
			Banners map[string]string `json:"banners"`
		} `json:"events"`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	return body.Events
}

// PELOTAO_DEMO=1 fills an empty database at start-up, and a restart on the same database adds nothing.
func TestDemoContentIsSeededOnce(t *testing.T) {
	dir := t.TempDir()
	p := start(t, dir, "PELOTAO_DEMO=1")
	first := listEvents(t, p)
	if len(first) < 10 {
		t.Fatalf("%d demo events", len(first))
	}
	res, err := http.Get(p.base + first[0].Banners["desktop"])
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("banner %s: %d %s", first[0].Banners["desktop"], res.StatusCode, res.Header.Get("Content-Type"))
	}

	p.cmd.Process.Signal(syscall.SIGTERM)
	if err := p.wait(); err != nil {
		t.Fatalf("stopping: %v", err)
	}

	again := listEvents(t, start(t, dir, "PELOTAO_DEMO=1"))
	if len(again) != len(first) {
		t.Fatalf("after a restart: %d events, had %d", len(again), len(first))
	}
}
