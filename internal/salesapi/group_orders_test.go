package salesapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/groups"
	"pelotao/internal/orders"
	"pelotao/internal/participant"
	"pelotao/internal/pix/sandbox"
	"pelotao/internal/registration"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// groupPrices are the group settings of the event of these tests: 4 registrations a group at
// most, 10% off from 2, 15% from 3.
var groupPrices = []string{`"textoPreco": ""`, `"textoPreco": "", "grupoMax": 4,
	"descontosGrupo": [{"minimo": 2, "percentual": 10}, {"minimo": 3, "percentual": 15}]`}

// ordersOf is the test order with the athletes of documents docs (Ana Souza's data otherwise),
// with extra added to the order's object.
func ordersOf(t *testing.T, extra string, documents ...string) string {
	t.Helper()
	var o map[string]any
	if err := json.Unmarshal([]byte(orderJSON(t, "")), &o); err != nil {
		t.Fatal(err)
	}
	first := o["atletas"].([]any)[0].(map[string]any)
	var atletas []any
	for _, d := range documents {
		a := map[string]any{}
		for k, v := range first {
			a[k] = v
		}
		a["documento"] = map[string]string{"tipo": "cpf", "numero": d}
		atletas = append(atletas, a)
	}
	o["atletas"] = atletas
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(string(b), "}") + extra + "}"
}

// GRP-17, GRP-18, GRP-21, GRP-22: an order with a group's code (any case) joins the group; the
// quote and the order are priced from the group's count plus the order's athletes, the tier
// reached for every athlete, each registration naming its tier; an order priced before keeps its
// price; the offer lists the tiers. An unknown code, one of another shape and another event's are
// 422 at grupo; an order past the group's limit is 409 grupo-cheio, at grupo too, nothing held.
func TestOrdersJoinTheirGroupAtItsPrice(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newGroupWorldOn(t, st)
		eventID := w.createEvent(t, groupPrices...)
		g := w.group(t, eventID, "Corre Recife", carla)
		elsewhere := w.group(t, w.otherEventID, "Corre Olinda", carla)
		pedidos, quote := "/api/events/"+eventID+"/pedidos", "/api/events/"+eventID+"/inscricao/cotacao"
		grupo := `,"grupo":"` + strings.ToLower(g.Codigo) + `"`

		offer := decode[registration.Offer](t, w.Call("GET", "/api/events/"+eventID+"/inscricao", "").Body.Bytes())
		if len(offer.DescontosGrupo) != 2 || offer.DescontosGrupo[0] != (registration.GroupTierOffer{Minimo: 2, Percentual: 10}) {
			t.Errorf("the offer's tiers: %+v", offer.DescontosGrupo)
		}
		alone := decode[registration.Quote](t, w.Call("POST", quote, ordersOf(t, grupo, docs[0]), apitest.As(&bruno)).Body.Bytes())
		if alone.Itens[0].DescontoGrupo != 0 || alone.Total != 8990 {
			t.Errorf("one athlete of an empty group: %+v, want no tier", alone)
		}
		pair := ordersOf(t, grupo, docs[0], docs[1])
		q := decode[registration.Quote](t, w.Call("POST", quote, pair, apitest.As(&bruno)).Body.Bytes())
		if q.Itens[0].DescontoGrupo != 10 || q.Itens[1].Desconto != 899 || q.Total != 2*8091 {
			t.Errorf("the pair's quote: %+v, want 10%% off each", q)
		}
		first := w.order(t, w.Call("POST", pedidos, pair, apitest.As(&bruno)), http.StatusCreated)
		for _, r := range first.Inscricoes {
			if r.DescontoGrupo != 10 || r.Desconto != 899 || r.Total != 8091 {
				t.Errorf("the pair's registration %+v, want 10%% off", r)
			}
		}
		third := w.order(t, w.Call("POST", pedidos, ordersOf(t, grupo, docs[2]), apitest.As(&eva)), http.StatusCreated)
		if r := third.Inscricoes[0]; r.DescontoGrupo != 15 || r.Desconto != 1349 || third.Total != 7641 {
			t.Errorf("the third registration %+v, want 15%% off", third)
		}
		again := w.order(t, w.Call("GET", "/api/pedidos/"+first.ID, "", apitest.As(&bruno)), http.StatusOK)
		if again.Total != first.Total || again.Inscricoes[0].DescontoGrupo != 10 {
			t.Errorf("the order priced before: %+v, want its price kept", again)
		}
		members := decodeGroup(t, w.Call("GET", "/api/grupos/"+g.ID, "", apitest.As(&carla)))
		if members.Inscritos != 3 || len(members.Membros) != 3 {
			t.Errorf("the group after its orders: %+v", members)
		}

		full := groups.FullMessage("Corre Recife", 3, 4)
		over := ordersOf(t, grupo, docs[3], participant.CompleteCPF("123456789"))
		for _, path := range []string{quote, pedidos} {
			expectError(t, "past the group's limit at "+path, w.Call("POST", path, over, apitest.As(&eva)), 409, "grupo-cheio", "grupo", full)
			for name, codigo := range map[string]string{"unknown": "ZZZZZZZZ", "of another shape": "corre", "of another event": elsewhere.Codigo} {
				expectError(t, "a code "+name+" at "+path, w.Call("POST", path, ordersOf(t, `,"grupo":"`+codigo+`"`, docs[3]), apitest.As(&eva)),
					422, "invalid-argument", "grupo", groups.MsgCodigoDesconhecido)
			}
		}
		if got := decodeGroup(t, w.Call("GET", "/api/grupos/"+g.ID, "", apitest.As(&carla))); got.Inscritos != 3 {
			t.Errorf("refused orders joined: %+v", got)
		}
		if got := w.order(t, w.Call("POST", pedidos, ordersOf(t, "", docs[3]), apitest.As(&eva)), http.StatusCreated); got.Inscricoes[0].Desconto != 0 {
			t.Errorf("an order without a group: %+v", got)
		}

		// GRP-23: the Financeiro's gross by group counts the paid registrations only.
		if rec := w.Call("POST", sandbox.Path+"simular/"+first.Pix.Txid, ""); rec.Code != 200 {
			t.Fatalf("simulate %d %s", rec.Code, rec.Body)
		}
		f := decode[orders.Figures](t, w.Call("GET", "/api/events/"+eventID+"/financeiro", "", apitest.As(&ana)).Body.Bytes())
		if len(f.PorGrupo) != 1 || f.PorGrupo["Corre Recife"] != (orders.Tally{Inscricoes: 2, Valor: 2 * 8091}) {
			t.Errorf("porGrupo %+v, want Corre Recife's two paid registrations", f.PorGrupo)
		}
	})
}

// GRP-19: the coach's own orders for the group count against its limit, not the account's cap
// (PELOTAO_MAX_INSCRICOES_POR_CONTA), which binds anyone else ordering with the group's code.
func TestCoachOrdersSkipTheAccountCap(t *testing.T) {
	w := &groupWorld{pixWorld: newPixWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/cap.db"), map[string]string{"PELOTAO_MAX_INSCRICOES_POR_CONTA": "1"})}
	for _, u := range []api.User{carla, bruno} {
		verified(t, w.st, u)
	}
	eventID := w.createEvent(t, groupPrices...)
	g := w.group(t, eventID, "Corre Recife", carla)
	pedidos := "/api/events/" + eventID + "/pedidos"
	grupo := `,"grupo":"` + g.Codigo + `"`
	w.order(t, w.Call("POST", pedidos, ordersOf(t, grupo, docs[0], docs[1]), apitest.As(&carla)), http.StatusCreated)
	expectError(t, "another account past the cap with the group", w.Call("POST", pedidos, ordersOf(t, grupo, docs[2], docs[3]), apitest.As(&bruno)),
		409, "limite-inscricoes", "", "")
}
