package httpapi

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"pelotao/internal/api/apitest"
	"pelotao/internal/config"
	"pelotao/internal/event"
	"pelotao/internal/store/dbtest"
)

// newTestAppWith is newTestApp with the settings env.
func newTestAppWith(t *testing.T, env map[string]string) *testApp {
	t.Helper()
	st := dbtest.OpenSQLite(t, filepath.Join(t.TempDir(), "test.db"))
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Deps{Config: cfg, Store: st, UI: testUI})
	if err != nil {
		t.Fatal(err)
	}
	return &testApp{Client: apitest.Client{Handler: srv}, srv: srv, store: st}
}

// CARD-16, CARD-17: an event offers cards only on a server with a card provider; elsewhere the
// save answers 422 at inscricoes.cartao, and an event with cards off saves as before.
func TestCardSettingNeedsAProvider(t *testing.T) {
	ok := validEventJSON("Desafio do Mar", "2030-05-01")
	withCards := func(cartao string) string {
		return strings.Replace(ok, `"ativas": true, "tipoPreco": "kit",`, `"ativas": true, "modo": "pelotao", "cartao": `+cartao+`, "tipoPreco": "kit",`, 1)
	}
	without := newTestApp(t)
	created := func(want *event.Cartao) func(t *testing.T, body []byte) {
		return func(t *testing.T, body []byte) {
			var e event.Event
			if err := json.Unmarshal(body, &e); err != nil {
				t.Fatal(err)
			}
			got := e.Inscricoes.Cartao
			if (got == nil) != (want == nil) || got != nil && *got != *want {
				t.Errorf("cartao %+v, want %+v: %s", got, want, body)
			}
		}
	}
	for _, sc := range []apiScenario{
		{name: "no provider: cards refused", method: "POST", url: "/api/events", body: withCards(`{"ativo": true, "parcelasMax": 6}`), user: &ana,
			wantStatus: 422, wantCode: "invalid-argument",
			wantFields: map[string]string{"inscricoes.cartao": "Pagamento com cartão indisponível: o Mercado Pago não está configurado neste servidor."}},
		{name: "no provider: cards off saves, without the setting", method: "POST", url: "/api/events", body: withCards(`{"ativo": false, "parcelasMax": 6}`), user: &ana,
			wantStatus: 201, check: created(nil)},
		{name: "no provider: bad installments are the field's error first", method: "POST", url: "/api/events", body: withCards(`{"ativo": true, "parcelasMax": 13}`), user: &ana,
			wantStatus: 422, wantFields: map[string]string{"inscricoes.cartao.parcelasMax": "Informe de 1 a 12 parcelas."}},
	} {
		t.Run(sc.name, func(t *testing.T) { sc.run(t, without) })
	}

	for name, env := range map[string]map[string]string{
		"token":   {"PELOTAO_MP_ACCESS_TOKEN": "APP_USR-x", "PELOTAO_MP_WEBHOOK_SECRET": "s"},
		"sandbox": {"PELOTAO_MP_SANDBOX": "1"},
	} {
		app := newTestAppWith(t, env)
		for _, sc := range []apiScenario{
			{name: name + ": cards in 6x", method: "POST", url: "/api/events", body: withCards(`{"ativo": true, "parcelasMax": "6"}`), user: &ana,
				wantStatus: 201, check: created(&event.Cartao{Ativo: true, ParcelasMax: event.Int(6)})},
			{name: name + ": 13 installments", method: "POST", url: "/api/events", body: withCards(`{"ativo": true, "parcelasMax": 13}`), user: &ana,
				wantStatus: 422, wantFields: map[string]string{"inscricoes.cartao.parcelasMax": "Informe de 1 a 12 parcelas."}},
		} {
			t.Run(sc.name, func(t *testing.T) { sc.run(t, app) })
		}
	}
}
