package registration

import (
	"errors"
	"testing"

	"pelotao/internal/participant"
)

// REG-110: until edicaoAte the athlete's buyer changes shirt, team and emergency contact, each
// change named before and after; name, document and birth date are the organization's; bad values
// are refused by field; after edicaoAte the edit is closed (edicao-encerrada).
func TestEditByAthlete(t *testing.T) {
	e := raceEvent() // edicaoAte blank: 7 days before 07/09/2026
	a := athlete(0)
	a.Percurso = "21 km"
	got, err := Edit(&e, a, "F 30-39", Patch{Camiseta: ptr("G"), Equipe: ptr("Flores Runners"),
		ContatoEmergencia: &Contato{Nome: "Rui Souza", Telefone: "(19) 99999-0000"}}, false, d("2026-08-31"))
	if err != nil {
		t.Fatal(err)
	}
	if got.Atleta.Camiseta != "G" || got.Atleta.Equipe != "Flores Runners" || got.Categoria != "F 30-39" || len(got.Changes) != 3 ||
		got.Changes["camiseta"] != [2]any{a.Camiseta, "G"} {
		t.Fatalf("edited: %+v", got)
	}
	same, err := Edit(&e, a, "F 30-39", Patch{Camiseta: ptr(a.Camiseta)}, false, today)
	if err != nil || len(same.Changes) != 0 {
		t.Fatalf("an edit that changes nothing: %+v %v", same, err)
	}
	var closed *Closed
	if _, err := Edit(&e, a, "F 30-39", Patch{Camiseta: ptr("G")}, false, d("2026-09-01")); !errors.As(err, &closed) ||
		closed.Code != Const.Codes.EdicaoEncerrada || closed.Motivo != Fill(Const.Messages.EdicaoEncerrada, "data", "31/08/2026") {
		t.Fatalf("after edicaoAte: %v", err)
	}
	var fields FieldErrors
	_, err = Edit(&e, a, "F 30-39", Patch{Nome: ptr("Outra Pessoa"), Nascimento: ptr(d("1950-01-01"))}, false, today)
	if !errors.As(err, &fields) || fields["nome"] != Const.Messages.EdicaoSoOrganizacao || fields["nascimento"] != Const.Messages.EdicaoSoOrganizacao {
		t.Fatalf("name and birth date by the athlete: %v", err)
	}
	_, err = Edit(&e, a, "F 30-39", Patch{Camiseta: ptr("XXXG"), ContatoEmergencia: &Contato{Nome: "", Telefone: "123"}}, false, today)
	if !errors.As(err, &fields) || fields["camiseta"] != Const.Messages.Camiseta || fields["contatoEmergencia.nome"] == "" ||
		fields["contatoEmergencia.telefone"] != Const.Messages.Celular || len(fields) != 3 {
		t.Fatalf("bad values: %v", err)
	}
}

// REG-111: the organization edits after edicaoAte too, and name, document and birth date; a new
// birth date computes the category again, and one no category admits is refused on nascimento.
func TestEditByOrganizer(t *testing.T) {
	e := raceEvent()
	a := athlete(0)
	a.Percurso = "21 km"
	doc := participant.Documento{Tipo: participant.CPF, Numero: participant.FormatCPF(participant.CompleteCPF(cpfBase[1]))}
	got, err := Edit(&e, a, "F 30-39", Patch{Nome: ptr(" Ana Souza Lima "), Documento: &doc, Nascimento: ptr(d("2000-02-02"))}, true, d("2026-09-05"))
	if err != nil {
		t.Fatal(err)
	}
	if got.Atleta.Nome != "Ana Souza Lima" || got.Atleta.Documento.Numero != participant.CompleteCPF(cpfBase[1]) ||
		got.Categoria != "F 18-29" || got.Changes["categoria"] != [2]any{"F 30-39", "F 18-29"} || got.Changes["nascimento"][1] != "2000-02-02" {
		t.Fatalf("edited by the organizer: %+v", got)
	}
	var fields FieldErrors
	e.Modalidades[1].Categorias = e.Modalidades[1].Categorias[1:] // no Geral: a child has no category
	if _, err := Edit(&e, a, "F 30-39", Patch{Nascimento: ptr(d("2015-01-01"))}, true, today); !errors.As(err, &fields) || fields["nascimento"] == "" {
		t.Fatalf("a birth date no category admits: %v", err)
	}
	bad := participant.Documento{Tipo: participant.CPF, Numero: "111.111.111-12"}
	if _, err := Edit(&e, a, "F 30-39", Patch{Documento: &bad}, true, today); !errors.As(err, &fields) || fields["documento"] == "" {
		t.Fatalf("a bad CPF: %v", err)
	}
}

// REG-103: a coupon the organizer saves is checked field by field.
func TestCheckCoupon(t *testing.T) {
	e := raceEvent()
	max := 0
	cases := []struct {
		c    Coupon
		want map[string]string
	}{
		{Coupon{Codigo: " Amigos-10 ", Tipo: CupomPercentual, Valor: 10, Modalidades: []string{"21 km"}}, nil},
		{Coupon{Codigo: "FIXO_5", Tipo: CupomFixo, Valor: 5.5, ValidoAte: d("2026-08-01")}, nil},
		{Coupon{Codigo: "METADE", Tipo: "metade", Valor: 5}, map[string]string{"tipo": Const.Messages.CupomTipo}},
		{Coupon{Codigo: "ZERO", Tipo: CupomFixo, Valor: 1, MaxUsos: &max}, map[string]string{"maxUsos": Const.Messages.CupomMaxUsos}},
		{Coupon{Codigo: "LONGE", Tipo: CupomFixo, Valor: 1, Modalidades: []string{"42 km"}},
			map[string]string{"modalidades": Fill(Const.Messages.CupomModalidadeInexistente, "modalidade", "42 km")}},
	}
	for _, c := range cases {
		got := CheckCoupon(&e, &c.c)
		if len(got) != len(c.want) {
			t.Errorf("%+v: %v, want %v", c.c, got, c.want)
			continue
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%+v: %s = %q, want %q", c.c, k, got[k], v)
			}
		}
	}
	c := Coupon{Codigo: " Amigos-10 ", Tipo: CupomFixo, Valor: 1}
	if CheckCoupon(&e, &c) != nil || c.Codigo != "Amigos-10" {
		t.Errorf("the code is not trimmed: %q", c.Codigo)
	}
}
