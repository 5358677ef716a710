package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"syscall"
	"testing"

	"pelotao/internal/account"
)

func getJSON(t *testing.T, c *http.Client, url string, v any) {
	t.Helper()
	res, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("GET %s: %d", url, res.StatusCode)
	}
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

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

	// The demo kit desk member signs in with the credentials the README gives and works on the
	// upcoming events, whose participants they see with CPFs masked.
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	login, err := json.Marshal(map[string]string{"email": account.DemoRetiradaEmail, "password": account.DemoTeamPassword})
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("POST", p.base+"/api/auth/login", bytes.NewReader(login))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if res, err := client.Do(req); err != nil || res.StatusCode != 200 {
		t.Fatalf("kit desk sign-in: %v %v", res, err)
	}
	var work struct {
		Events []struct {
			Role  string
			Event struct{ ID string }
		}
	}
	getJSON(t, client, p.base+"/api/me/events-staff", &work)
	if len(work.Events) == 0 || work.Events[0].Role != "retirada" {
		t.Fatalf("the demo kit desk works on %+v", work)
	}
	var page struct {
		Total        int
		Participants []struct{ Documento struct{ Numero string } }
	}
	getJSON(t, client, p.base+"/api/events/"+work.Events[0].Event.ID+"/participants?limit=5", &page)
	if page.Total < 150 || !strings.HasPrefix(page.Participants[0].Documento.Numero, "***.") {
		t.Fatalf("participants of %s: %+v", work.Events[0].Event.ID, page)
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
