package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/store"
	"pelotao/internal/store/sqlite"
	"pelotao/internal/store/storetest"
)

var (
	kinds  = []string{"Corrida", "Meia Maratona", "Maratona", "Pedal", "Desafio", "Circuito", "Trail Run", "Duathlon"}
	themes = []string{"da Serra", "do Litoral", "Noturna", "das Flores", "do Parque", "da Primavera", "Solidária", "dos Ipês", "do Rio", "da Lua Cheia"}
	cities = []event.Local{
		{Local: "Parque Ibirapuera", Endereco: "Av. Pedro Álvares Cabral, s/n", Cidade: "São Paulo", Estado: "SP"},
		{Local: "Aterro do Flamengo", Endereco: "Av. Infante Dom Henrique, s/n", Cidade: "Rio de Janeiro", Estado: "RJ"},
		{Local: "Lagoa da Pampulha", Endereco: "Av. Otacílio Negrão de Lima, s/n", Cidade: "Belo Horizonte", Estado: "MG"},
		{Local: "Parque Barigui", Endereco: "Av. Cândido Hartmann, s/n", Cidade: "Curitiba", Estado: "PR"},
		{Local: "Orla de Boa Viagem", Endereco: "Av. Boa Viagem, s/n", Cidade: "Recife", Estado: "PE"},
		{Local: "Parque da Cidade", Endereco: "Eixo Monumental, s/n", Cidade: "Brasília", Estado: "DF"},
		{Local: "Beira-Mar Norte", Endereco: "Av. Jornalista Rubens de Arruda Ramos, s/n", Cidade: "Florianópolis", Estado: "SC"},
		{Local: "Orla do Guaíba", Endereco: "Av. Edvaldo Pereira Paiva, s/n", Cidade: "Porto Alegre", Estado: "RS"},
	}
)

// measuredEvents are the upcoming demo events whose pages are measured.
type measuredEvents struct {
	upcoming string // the first with both banners: its event page, and the organizer's pages
	sold     string // the one sold in Pelotão: its registration form
	orders   string // the first generated event, with raceRows orders: the organizer's orders list
}

// generate adds n events to the database at dbPath, each a copy of a demo event with its own
// title, date and place, gives the first generated event raceRows orders, and returns the events
// measured.
func generate(ctx context.Context, dbPath string, n int) (measuredEvents, error) {
	var measured measuredEvents
	st, err := sqlite.Open(ctx, dbPath)
	if err != nil {
		return measured, err
	}
	defer st.Close()
	page, err := st.ListEvents(ctx, store.EventQuery{Limit: store.MaxListLimit, When: store.Upcoming, Ascending: true,
		Today: event.Today(time.Local, time.Now())})
	if err != nil {
		return measured, err
	}
	summaries, err := page.Summaries()
	if err != nil {
		return measured, err
	}
	var demo []event.Event
	for _, s := range summaries {
		e, err := st.GetEvent(ctx, s.ID)
		if err != nil {
			return measured, err
		}
		demo = append(demo, e)
		if measured.upcoming == "" && strings.HasPrefix(e.Banners.Desktop, "/files/") && strings.HasPrefix(e.Banners.Mobile, "/files/") {
			measured.upcoming = e.ID
		}
		if measured.sold == "" && e.Inscricoes.ModoPelotao() {
			measured.sold = e.ID
		}
	}
	if measured.upcoming == "" || measured.sold == "" {
		return measured, errors.New("no upcoming demo event with both banners, or none sold in Pelotão: is PELOTAO_DEMO seeding?")
	}
	rnd := rand.New(rand.NewPCG(1, 2)) // the same events on every run
	today := event.Today(time.Local, time.Now())
	for i := range n {
		e := demo[i%len(demo)]
		e.ID, e.CriadoEm, e.AtualizadoEm = "", time.Time{}, time.Time{}
		e.Titulo = fmt.Sprintf("%s %s %d", kinds[rnd.IntN(len(kinds))], themes[rnd.IntN(len(themes))], 2026+i%3)
		e.DataEvento = today.AddDays(rnd.IntN(730) - 365)
		e.Local = cities[rnd.IntN(len(cities))]
		created, err := st.CreateEvent(ctx, e)
		if err != nil {
			return measured, err
		}
		if measured.orders == "" {
			measured.orders = created.ID
		}
	}
	people := rand.New(rand.NewPCG(5, 50))
	nome := func(int) string {
		_, nome := person(people)
		return nome
	}
	return measured, storetest.SeedOrders(ctx, st, measured.orders, raceRows, nome, time.Now())
}
