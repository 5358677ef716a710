package answercache

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"pelotao/internal/money"
	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/team"
)

// A page put together from kept JSON is the JSON the participants encode to, masked and without
// the amount paid for the kit desk (REG-211), whole for managers, whoever asked first, and a
// participant's change (a new rev) is never answered with its old bytes.
func TestParticipantsJSONPages(t *testing.T) {
	bib, valor := 1234, money.Centavos(4495)
	ana := participant.Participant{ID: "p1", Nome: "Ana <Conceição>", Email: "ana@example.com", Percurso: "10 km",
		Documento: participant.Documento{Tipo: participant.CPF, Numero: "52998224725"}, NumeroPeito: &bib, Valor: &valor, Rev: 5}
	bruno := participant.Participant{ID: "p2", Nome: "Bruno", Percurso: "5 km",
		Documento: participant.Documento{Tipo: participant.Passaporte, Numero: "X1234567"}} // no rev: never kept
	var c ParticipantsJSON
	page := func(role team.Role, next string, ps ...participant.Participant) map[string]any {
		t.Helper()
		w := httptest.NewRecorder()
		list := make([]*participant.Participant, len(ps))
		for i := range ps {
			list[i] = &ps[i]
		}
		if err := c.WritePage(w, store.ParticipantPage{Participants: list, Total: 7, NextCursor: next}, role); err != nil {
			t.Fatal(err)
		}
		var got map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
			t.Fatalf("%s: %v", w.Body, err)
		}
		if w.Header().Get("Content-Type") != "application/json; charset=utf-8" || w.Header().Get("Cache-Control") != "no-store" ||
			w.Header().Get("Content-Length") != strconv.Itoa(w.Body.Len()) {
			t.Errorf("headers %v", w.Header())
		}
		return got
	}
	want := func(role team.Role, next string, ps ...participant.Participant) map[string]any {
		t.Helper()
		shown := make([]participant.Participant, len(ps))
		for i, p := range ps {
			shown[i] = participant.ForRole(p, role)
		}
		var nextCursor *string
		if next != "" {
			nextCursor = &next
		}
		var buf bytes.Buffer
		json.NewEncoder(&buf).Encode(map[string]any{"participants": shown, "total": 7, "nextCursor": nextCursor})
		var m map[string]any
		json.Unmarshal(buf.Bytes(), &m)
		return m
	}
	for _, step := range []struct {
		role team.Role
		next string
	}{{team.Retirada, ""}, {team.Owner, "abc"}, {team.Retirada, "abc"}, {team.Gestao, ""}} {
		got := page(step.role, step.next, ana, bruno)
		if w := want(step.role, step.next, ana, bruno); !reflect.DeepEqual(got, w) {
			t.Errorf("%s: got %v, want %v", step.role, got, w)
		}
		full := strings.Contains(toJSON(t, got), "52998224725")
		if full != team.SeesFullDocument(step.role) {
			t.Errorf("%s sees the full CPF: %v", step.role, full)
		}
		if paid := strings.Contains(toJSON(t, got), "44.95"); paid != team.SeesPayments(step.role) {
			t.Errorf("%s sees the amount paid: %v", step.role, paid)
		}
	}
	ana.Nome, ana.Rev = "Ana Maria", 6
	bruno.Nome = "Bruno Costa"
	got := toJSON(t, page(team.Owner, "", ana, bruno))
	if !strings.Contains(got, "Ana Maria") || !strings.Contains(got, "Bruno Costa") {
		t.Errorf("after the changes: %s", got)
	}
	if empty := page(team.Owner, ""); !reflect.DeepEqual(empty, want(team.Owner, "")) {
		t.Errorf("empty page: %v", empty)
	}
}

func toJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
