package event

import (
	"strings"
	"testing"
	"time"
)

func TestSlugIDIsTheFoldedTitleAndTheYear(t *testing.T) {
	date := NewDate(2027, time.May, 9)
	cases := []struct {
		titulo string
		date   Date
		want   string
	}{
		{"Corrida da Lagoa", date, "corrida-da-lagoa-2027"},
		{"  Maratona de São Paulo — 2ª edição! ", date, "maratona-de-sao-paulo-2-edicao-2027"},
		{"Pedal Açaí & Guaraná", date, "pedal-acai-guarana-2027"},
		{"Corrida 2027", date, "corrida-2027"}, // the year is not said twice
		{"Sem data", Date{}, "sem-data"},       // an undated event has no year
		{"", date, "evento-2027"},              // nothing readable in the title
		{"日本語のレース", date, "evento-2027"},       // no a–z letters either
		{"Trail dos Veadeiros", mustParse(t, "2026-11-30"), "trail-dos-veadeiros-2026"},
		{"Sul-Americano de Duathlon: 10K/40K", date, "sul-americano-de-duathlon-10k-40k-2027"},
		{"Maratona " + strings.Repeat("x", 70), date, "maratona-2027"},             // a word past the length is left out
		{strings.Repeat("Ultra", 20), date, strings.Repeat("ultra", 12) + "-2027"}, // one word longer than all is cut
	}
	for _, c := range cases {
		if got := SlugID(c.titulo, c.date); got != c.want {
			t.Errorf("SlugID(%q, %v) = %q, want %q", c.titulo, c.date, got, c.want)
		}
	}
}

func TestSlugIDStaysShortAndSafeInAPath(t *testing.T) {
	long := strings.Repeat("Ultramaratona ", 20)
	got := SlugID(long, NewDate(2028, time.January, 1))
	if len(got) > slugMaxLen+len("-2028") {
		t.Errorf("SlugID of a long title is %d bytes: %q", len(got), got)
	}
	if !strings.HasSuffix(got, "-2028") || strings.Contains(got, "--") {
		t.Errorf("SlugID of a long title = %q", got)
	}
	for _, r := range got {
		if !(r == '-' || ('a' <= r && r <= 'z') || ('0' <= r && r <= '9')) {
			t.Fatalf("SlugID = %q holds %q", got, r)
		}
	}
}

func TestNumberedIDCountsFromTheSecond(t *testing.T) {
	for n, want := range map[int]string{1: "corrida-2027", 2: "corrida-2027-2", 10: "corrida-2027-10"} {
		if got := NumberedID("corrida-2027", n); got != want {
			t.Errorf("NumberedID(%d) = %q, want %q", n, got, want)
		}
	}
}

func mustParse(t *testing.T, s string) Date {
	t.Helper()
	d, ok := ParseDate(s)
	if !ok {
		t.Fatalf("ParseDate(%q) failed", s)
	}
	return d
}
