package event

import (
	"testing"
	"time"
)

// REG-220: every zone of the list loads (from the binary's own tz database), the list holds the
// tz database's 16 Brazil zones once each, and an event that names none keeps Horário de Brasília.
func TestFusosHorariosAreBrazilsZones(t *testing.T) {
	want := []string{"America/Noronha", "America/Belem", "America/Fortaleza", "America/Recife",
		"America/Araguaina", "America/Maceio", "America/Bahia", "America/Sao_Paulo", "America/Campo_Grande",
		"America/Cuiaba", "America/Santarem", "America/Porto_Velho", "America/Boa_Vista", "America/Manaus",
		"America/Eirunepe", "America/Rio_Branco"}
	if len(Const.FusosHorarios) != len(want) {
		t.Fatalf("%d zones, want %d", len(Const.FusosHorarios), len(want))
	}
	for _, z := range want {
		if !IsFusoHorario(z) {
			t.Errorf("%s missing", z)
		}
	}
	for _, f := range Const.FusosHorarios {
		if f.Nome == "" || zones[f.Zona] == nil || zones[f.Zona].String() != f.Zona {
			t.Errorf("zone %+v: %v", f, zones[f.Zona])
		}
	}
	if Const.Defaults.FusoHorario != "America/Sao_Paulo" || !IsFusoHorario(Const.Defaults.FusoHorario) {
		t.Errorf("default %q", Const.Defaults.FusoHorario)
	}
	var old Event // a document stored before fusoHorario
	if old.Zone().String() != "America/Sao_Paulo" {
		t.Errorf("zone of an event naming none: %v", old.Zone())
	}
	if e := New(); e.FusoHorario != "America/Sao_Paulo" {
		t.Errorf("new event's zone %q", e.FusoHorario)
	}
	e := Event{FusoHorario: " America/Manaus "}
	e.Normalize()
	if e.FusoHorario != "America/Manaus" {
		t.Errorf("normalized %q", e.FusoHorario)
	}
}

// REG-221: the event's calendar day is read in its own zone.
func TestEventTodayInItsZone(t *testing.T) {
	now := time.Date(2027, 3, 11, 4, 30, 0, 0, time.UTC) // 23:30 in Rio Branco, 01:30 in São Paulo
	cases := map[string]string{
		"America/Rio_Branco": "2027-03-10", "America/Eirunepe": "2027-03-10", "America/Manaus": "2027-03-11",
		"America/Sao_Paulo": "2027-03-11", "America/Noronha": "2027-03-11", "": "2027-03-11",
	}
	for zona, want := range cases {
		e := Event{FusoHorario: zona}
		if got := e.Today(now).String(); got != want {
			t.Errorf("%q: today %s, want %s", zona, got, want)
		}
	}
}

// REG-223: the event starts at its earliest largada on its own clock, or at its midnight.
func TestEventStartInItsZone(t *testing.T) {
	acre := Event{FusoHorario: "America/Rio_Branco", DataEvento: NewDate(2027, 3, 14),
		Largadas: []Largada{{Horario: "08:00"}, {Horario: "07:00"}, {Horario: ""}}}
	if start, timed, ok := acre.Start(); !ok || !timed || !start.Equal(time.Date(2027, 3, 14, 12, 0, 0, 0, time.UTC)) {
		t.Errorf("07:00 in Rio Branco: %v %v %v", start.UTC(), timed, ok)
	}
	acre.Largadas = nil
	if start, timed, ok := acre.Start(); !ok || timed || !start.Equal(time.Date(2027, 3, 14, 5, 0, 0, 0, time.UTC)) {
		t.Errorf("midnight in Rio Branco: %v %v %v", start.UTC(), timed, ok)
	}
	if _, _, ok := (&Event{}).Start(); ok {
		t.Error("an event without a date has no start")
	}
}
