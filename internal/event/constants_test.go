package event

import (
	"slices"
	"testing"
)

func TestConstantsHoldTheProductLists(t *testing.T) {
	c := Const
	if !slices.Equal(c.Categorias, []string{"Corrida de Rua", "Trail Running", "Ciclismo", "Duathlon", "Triathlon"}) {
		t.Errorf("categorias %v", c.Categorias)
	}
	// docs/requirements.md DATA-5
	if !slices.Equal(c.Statuses, []string{"Inscrições Abertas", "Em Breve", "Inscrições Encerradas", "Esgotado", "Adiado", "Cancelado", "Evento Realizado"}) {
		t.Errorf("statuses %v", c.Statuses)
	}
	if len(c.UFs) != 27 || !IsUF("SP") || !IsUF("DF") || IsUF("sp") || IsUF("XX") {
		t.Errorf("UFs: %d", len(c.UFs))
	}
	members := []struct {
		value string
		list  []string
	}{
		{c.OpenStatus, c.Statuses}, {StatusEncerradas, c.Statuses},
		{c.Defaults.Categoria, c.Categorias}, {c.Defaults.Status, c.Statuses}, {c.Defaults.Genero, c.Generos},
		{TipoTexto, c.TiposCronograma}, {TipoEstruturado, c.TiposCronograma},
		{TipoTexto, c.TiposPremiacao}, {TipoEstruturado, c.TiposPremiacao},
		{TipoPrecoLotes, c.TiposPreco}, {TipoPrecoKit, c.TiposPreco}, {TipoTexto, c.TiposPreco},
		{TipoTexto, c.TiposPercurso}, {PercursoLink, c.TiposPercurso},
		{TempoLiquido, c.TemposClassif}, {TempoBruto, c.TemposClassif}, {c.Defaults.TempoClassificacao, c.TemposClassif},
		{ModoExterno, c.ModosInscricao}, {ModoPelotao, c.ModosInscricao}, {c.Defaults.ModoInscricao, c.ModosInscricao},
		{NivelGeral, c.NiveisPremiacao}, {NivelModalidade, c.NiveisPremiacao}, {NivelCategoria, c.NiveisPremiacao},
	}
	for _, m := range members {
		if !slices.Contains(m.list, m.value) {
			t.Errorf("%q is not in %v", m.value, m.list)
		}
	}
	if l := c.Limits; l.TituloMax != 200 || l.TextoMax != 20000 || l.ListaMax != 100 || l.NomeMax == 0 || l.URLMax == 0 {
		t.Errorf("limits %+v", l)
	}
}

// docs/product.md §9 defaults (CONST-5 to CONST-11) as a new event starts.
func TestNewEventDefaults(t *testing.T) {
	e := New()
	if e.Categoria != "Corrida de Rua" { // CONST-5
		t.Errorf("categoria %q", e.Categoria)
	}
	if e.Status != "Inscrições Abertas" { // CONST-6
		t.Errorf("status %q", e.Status)
	}
	if len(e.Inscricoes.Lotes) != 1 || e.Inscricoes.Lotes[0].Nome != "1º Lote" || e.Inscricoes.TipoPreco != "lotes" || !e.Inscricoes.Ativas { // CONST-7
		t.Errorf("inscricoes %+v", e.Inscricoes)
	}
	if len(e.Largadas) != 1 || e.Largadas[0].Nome != "Largada Geral" || e.Largadas[0].Horario != "08:00" || e.Largadas[0].ID == "" { // CONST-8
		t.Errorf("largadas %+v", e.Largadas)
	}
	if r := NovaRetiradaKit(); r.HorarioInicio != "09:00" || r.HorarioFim != "18:00" { // CONST-9
		t.Errorf("retirada %+v", r)
	}
	if len(e.Kits) != 1 || e.Kits[0].Nome != "Kit Básico" || len(e.Kits[0].Items) != 2 ||
		e.Kits[0].Items[0].Nome != "Medalha" || e.Kits[0].Items[1].Nome != "Número de peito" { // CONST-10
		t.Errorf("kits %+v", e.Kits)
	}
	if l := NovaLinhaCronograma(); l.Horario != "07:00" || l.Descricao != "" { // CONST-11
		t.Errorf("cronograma row %+v", l)
	}
	if e.Informacoes.Cronograma.Tipo != "texto" || e.Premiacao.Tipo != "texto" {
		t.Errorf("tipos %+v %+v", e.Informacoes.Cronograma, e.Premiacao)
	}
	// A new event lacks only what the organizer must type.
	want := map[string]string{"titulo": MsgObrigatorio, "dataEvento": MsgObrigatorio, "local.cidade": MsgObrigatorio, "local.estado": MsgObrigatorio}
	got := fieldErrors(t, e)
	if len(got) != len(want) {
		t.Fatalf("new event errors %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
}
