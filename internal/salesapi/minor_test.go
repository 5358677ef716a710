package salesapi

import (
	"encoding/json"
	"maps"
	"net/http"
	"strings"
	"testing"

	"pelotao/internal/api/apitest"
	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// REG-251, REG-252, REG-253: the 60 km admits 16 or more on the race day (01/05/2030); an
// 11-year-old (12 on 31/12) is refused by the quote and the order with the day's age, a
// 16-year-old needs a guardian, and one with a guardian is ordered with it stored.
func TestMinorsOnRaceDay(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		site := newTestSite(t, st, map[string]string{"PELOTAO_PIX_SANDBOX": "1"})
		eventID := site.createEvent(t, `"premiacaoGeral": ""`, `"premiacaoGeral": "", "idadeMinima": 16`)
		if err := site.sales.registerWebhook(t.Context()); err != nil {
			t.Fatal(err)
		}
		born := func(nascimento, extra string) string {
			return strings.Replace(strings.Replace(orderJSON(t, ""), `"1990-05-20"`, `"`+nascimento+`"`, 1),
				`"aceiteRegulamento":true`, `"aceiteRegulamento":true`+extra, 1)
		}
		refused := func(what, body string, want map[string]string) {
			t.Helper()
			for _, path := range []string{"/inscricao/cotacao", "/pedidos"} {
				rec := site.Call("POST", "/api/events/"+eventID+path, body, apitest.As(&bruno))
				if e := decode[errorAnswer](t, rec.Body.Bytes()); rec.Code != 422 || !maps.Equal(e.Error.Fields, want) {
					t.Errorf("%s %s: %d %s, want %v", what, path, rec.Code, rec.Body, want)
				}
			}
		}
		refused("11 years old", born("2018-06-01", ""), map[string]string{
			"atletas.0.nascimento": "Idade mínima para 60 km: 16 anos, contada na data da prova (01/05/2030)."})
		refused("16 without a guardian", born("2014-01-10", ""), map[string]string{
			"atletas.0.responsavel.nome":      "Informe o nome completo do responsável: o atleta terá menos de 18 anos na data da prova.",
			"atletas.0.responsavel.documento": "Informe o CPF ou o passaporte do responsável."})
		refused("a guardian's bad CPF", born("2014-01-10", `,"responsavel":{"nome":"Marta Souza","documento":{"tipo":"cpf","numero":"111.444.777-00"}}`),
			map[string]string{"atletas.0.responsavel.documento": "CPF inválido: os dígitos verificadores não conferem."})

		guardian := `,"responsavel":{"nome":"Marta Souza","documento":{"tipo":"cpf","numero":"111.444.777-35"}}`
		if rec := site.Call("POST", "/api/events/"+eventID+"/inscricao/cotacao", born("2014-01-10", guardian), apitest.As(&bruno)); rec.Code != 200 {
			t.Fatalf("quote with a guardian: %d %s", rec.Code, rec.Body)
		}
		rec := site.Call("POST", "/api/events/"+eventID+"/pedidos", born("2014-01-10", guardian), apitest.As(&bruno))
		if rec.Code != http.StatusCreated {
			t.Fatalf("order with a guardian: %d %s", rec.Code, rec.Body)
		}
		var o orderAnswer
		if err := json.Unmarshal(rec.Body.Bytes(), &o); err != nil {
			t.Fatal(err)
		}
		stored, err := st.Order(t.Context(), o.ID)
		if err != nil {
			t.Fatal(err)
		}
		var a struct{ Responsavel *participant.Responsavel }
		if err := json.Unmarshal(stored.Inscricoes[0].Atleta, &a); err != nil {
			t.Fatal(err)
		}
		want := participant.Responsavel{Nome: "Marta Souza", Documento: participant.Documento{Tipo: participant.CPF, Numero: "11144477735"}}
		if a.Responsavel == nil || *a.Responsavel != want {
			t.Errorf("stored guardian %+v, want %+v", a.Responsavel, want)
		}
	})
}
