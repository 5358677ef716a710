package httpapi

import (
	"context"
	"encoding/json"
	"html"
	"net/http/httptest"
	"strings"
	"testing"

	"pelotao/internal/api/apitest"
	"pelotao/internal/event"
)

// FORM-41, FORM-43: a new event's address is its title and year, numbered from the second; an
// event stored before under a random id answers at that id on every route that names an event;
// renaming an event changes neither its address nor the next event's.
func TestEventAddressesOldAndNew(t *testing.T) {
	app := newTestApp(t)
	send := func(method, url, body string) (int, event.Event) {
		t.Helper()
		w := app.Call(method, url, body, apitest.As(&ana))
		var e event.Event
		if w.Code < 300 {
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
				t.Fatalf("%s %s: %v in %s", method, url, err, w.Body)
			}
		}
		return w.Code, e
	}
	create := func(titulo string) string {
		t.Helper()
		code, e := send("POST", "/api/events", validEventJSON(titulo, "2027-05-09"))
		if code != 201 {
			t.Fatalf("POST %q: status %d", titulo, code)
		}
		return e.ID
	}

	lagoa, lagoa2 := create("Corrida da Lagoa"), create("Corrída da  LAGOA!")
	if lagoa != "corrida-da-lagoa-2027" || lagoa2 != "corrida-da-lagoa-2027-2" {
		t.Fatalf("new addresses %q, %q; want corrida-da-lagoa-2027 and corrida-da-lagoa-2027-2", lagoa, lagoa2)
	}
	old, err := event.Decode([]byte(validEventJSON("Pedal Antigo", "2027-06-01")))
	if err != nil {
		t.Fatal(err)
	}
	old.Normalize()
	old.OwnerID = ana.ID
	old, err = app.store.CreateEvent(context.Background(), old) // as events were stored before FORM-41
	if err != nil {
		t.Fatal(err)
	}

	// Every page that names an event, and the event's own API route, at both kinds of address.
	routes := map[string]string{ // page name → its path, for id
		"event": "/event/", "results": "/resultado/", "registration": "/inscricao/",
		"organizerEvent": "/dashboard/eventos/", "eventForm": "/cadastro/", "kitDesk": "/retirada/",
	}
	for id, titulo := range map[string]string{lagoa: "Corrida da Lagoa", old.ID: "Pedal Antigo"} {
		if code, e := send("GET", "/api/events/"+id, ""); code != 200 || e.ID != id || e.Titulo != titulo {
			t.Errorf("GET /api/events/%s: %d, id %q, titulo %q", id, code, e.ID, e.Titulo)
		}
		for name, prefix := range routes {
			w := app.Serve(httptest.NewRequest("GET", prefix+id, nil))
			if w.Code != 200 {
				t.Errorf("GET %s%s: status %d", prefix, id, w.Code)
			}
			if page := pageByName(name); page.EventTitle != "" {
				want := "<title>" + html.EscapeString(strings.Replace(page.EventTitle, "{titulo}", titulo, 1)) + "</title>"
				if !strings.Contains(w.Body.String(), want) {
					t.Errorf("GET %s%s: no %s", prefix, id, want)
				}
			}
		}
	}

	// A rename keeps the address: links already shared still lead to the event.
	code, renamed := send("PUT", "/api/events/"+lagoa, validEventJSON("Corrida do Lago Azul", "2028-01-10"))
	if code != 200 || renamed.ID != lagoa {
		t.Fatalf("rename: status %d, id %q; want 200 at %s", code, renamed.ID, lagoa)
	}
	if code, e := send("GET", "/api/events/"+lagoa, ""); code != 200 || e.Titulo != "Corrida do Lago Azul" {
		t.Errorf("after the rename GET %s: %d %q", lagoa, code, e.Titulo)
	}
	// The renamed event keeps its address, so a new event of the old title comes after it.
	if next := create("Corrida da Lagoa"); next != "corrida-da-lagoa-2027-3" {
		t.Errorf("after the rename a new Corrida da Lagoa is at %q, want corrida-da-lagoa-2027-3", next)
	}
	if next := create("Corrida do Lago Azul"); next != "corrida-do-lago-azul-2027" {
		t.Errorf("a new event of the new title is at %q, want corrida-do-lago-azul-2027", next)
	}
}
