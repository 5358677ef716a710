package store

import (
	"reflect"
	"testing"
	"time"

	"pelotao/internal/event/eventtest"
)

// A document decoded again is the event decoded the first time, as a copy: changing what one
// caller got (a modality, a kit's items, a price) changes nothing another caller gets; another
// document under the same id is decoded afresh.
func TestDecodeEventDocKeepsNothingACallerChanges(t *testing.T) {
	doc := []byte(eventtest.JSON("Corrida da Memória", "2026-12-06"))
	at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	first, err := DecodeEventDoc(doc, "ev-memoria", "owner", at, at)
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Modalidades) == 0 || len(first.Kits) == 0 || len(first.Kits[0].Items) == 0 || len(first.Inscricoes.PrecosPorKit) == 0 {
		t.Fatalf("the sample event lacks what this test changes: %+v", first)
	}
	want := deepCopy(first)

	first.Modalidades[0].Nome = "mudada"
	first.Modalidades[0].Categorias[0].Nome = "mudada"
	first.Kits[0].Items[0].Nome = "mudado"
	first.Inscricoes.PrecosPorKit[0].KitNome = "mudado"
	first.Titulo = "mudado"

	again, err := DecodeEventDoc(doc, "ev-memoria", "owner", at, at)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again, want) {
		t.Fatalf("decoded again:\n%+v\nwant the first decoding:\n%+v", again, want)
	}

	other := []byte(eventtest.JSON("Corrida Nova", "2026-12-06"))
	changed, err := DecodeEventDoc(other, "ev-memoria", "owner", at, at)
	if err != nil {
		t.Fatal(err)
	}
	if changed.Titulo != "Corrida Nova" {
		t.Fatalf("a changed document decoded as %q", changed.Titulo)
	}
}

// A copy's pointers point at copies.
func TestDeepCopyCopiesWhatPointersPointAt(t *testing.T) {
	doc := []byte(eventtest.JSON("Corrida da Memória", "2026-12-06"))
	e, err := DecodeEventDoc(doc, "ev-ponteiro", "owner", time.Now(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	meia := true
	e.Inscricoes.MeiaEntradaIdoso = &meia
	c := deepCopy(e)
	*c.Inscricoes.MeiaEntradaIdoso = false
	if !*e.Inscricoes.MeiaEntradaIdoso {
		t.Fatal("the copy's pointer is the original's")
	}
}
