package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"pelotao/internal/api/apitest"
	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// pricedAs is the pricer of athletes priced already: these tests sell, they do not price.
func pricedAs(items ...store.NewRegistration) store.Pricer {
	return func(store.Taken, *store.Coupon) ([]store.NewRegistration, error) { return items, nil }
}

// sellOne makes a paid order of one athlete in the world's event, as the Pix webhook's
// confirmation does, with the 60+ half price (a discount without a coupon); it answers the
// registration.
func (w *deskWorld) sellOne(t *testing.T, st store.Store, nome, cpf string) store.Registration {
	t.Helper()
	ctx := context.Background()
	now := time.Now()
	o, err := st.CreateOrder(ctx, store.NewOrder{EventID: w.eventID, BuyerID: "comprador", Txid: "TXIDVENDIDONOBALCAO0000000001", Now: now,
		ExpiraEm: now.Add(30 * time.Minute), Price: pricedAs(store.NewRegistration{DocTipo: participant.CPF, DocNumero: cpf, Nome: nome,
			Percurso: "10 km", Lote: "1º lote", Categoria: "60-69 F", Camiseta: "P", Valor: 8990, Desconto: 4495, Total: 4495,
			Atleta: json.RawMessage(`{"email":"dora@exemplo.com.br","sexo":"F"}`)})})
	if err != nil {
		t.Fatal(err)
	}
	paid, err := st.ConfirmOrder(ctx, store.Payment{EndToEndID: "E12345678202611261200vendido001", Txid: o.Txid, Valor: o.Total, Horario: now}, store.Capacity{})
	if err != nil || len(paid.Inscricoes) != 1 || paid.Inscricoes[0].Codigo == "" {
		t.Fatalf("confirm: %+v %v", paid, err)
	}
	return paid.Inscricoes[0]
}

// REG-141, REG-142, REG-145: the kit desk's roster carries a sold registration's code, origin,
// category, registration id and 60+ half price; the participants search finds it by its code
// however typed, for the kit desk's role too.
func TestSoldRegistrationAtTheDesk(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newDeskWorld(t, st, 2)
		doraCPF := participant.CompleteCPF("746971314")
		reg := w.sellOne(t, st, "Dora Sessenta", doraCPF)

		_, raw := w.roster(t, w.retirada, "")
		var roster struct {
			Participants []map[string]any `json:"participants"`
		}
		if err := json.Unmarshal([]byte(raw), &roster); err != nil {
			t.Fatal(err)
		}
		byName := map[string]map[string]any{}
		for _, p := range roster.Participants {
			byName[p["nome"].(string)] = p
		}
		dora, ana := byName["Dora Sessenta"], byName["Ana Souza"]
		if dora["origem"] != "pelotao" || dora["codigo"] != reg.Codigo || dora["categoria"] != "60-69 F" || dora["inscricaoId"] != reg.ID ||
			dora["meiaEntrada"] != true {
			t.Fatalf("the sold registration in the roster: %v", dora)
		}
		if ana["origem"] != "importacao" || ana["codigo"] != nil || ana["meiaEntrada"] != nil || ana["inscricaoId"] != nil {
			t.Fatalf("an imported participant in the roster: %v", ana)
		}

		c := reg.Codigo
		typed := strings.ToLower(c[:4] + "-" + c[4:8] + " " + c[8:])
		res := w.app.Call("GET", "/api/events/"+w.eventID+"/participants?q="+url.QueryEscape(typed), "", apitest.Cookies(w.retirada))
		var page participantsPage
		if res.Code != http.StatusOK || json.Unmarshal(res.Body.Bytes(), &page) != nil {
			t.Fatalf("search: %d %s", res.Code, res.Body)
		}
		if page.Total != 1 || page.Participants[0]["codigo"] != c || page.Participants[0]["inscricaoId"] != reg.ID ||
			page.Participants[0]["documento"].(map[string]any)["numero"] == doraCPF {
			t.Fatalf("search %q: %+v (the CPF masked for the desk)", typed, page)
		}
	})
}

// REG-143, REG-181: an import that lists a sold registration's CPF, or one held by an order
// awaiting payment, reports that line, in the preview and in the result, and neither duplicates
// nor changes the registration.
func TestImportReportsSoldRegistrations(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newDeskWorld(t, st, 2)
		doraCPF, fabiCPF := participant.CompleteCPF("746971314"), participant.CompleteCPF("746971322")
		reg := w.sellOne(t, st, "Dora Sessenta", doraCPF)
		now := time.Now()
		if _, err := st.CreateOrder(context.Background(), store.NewOrder{EventID: w.eventID, BuyerID: "outro-comprador",
			Txid: "TXIDAGUARDANDONOBALCAO0000001", Now: now, ExpiraEm: now.Add(30 * time.Minute),
			Price: pricedAs(store.NewRegistration{DocTipo: participant.CPF, DocNumero: fabiCPF, Nome: "Fabi Segurada",
				Percurso: "10 km", Categoria: "Geral", Camiseta: "M", Valor: 8990, Total: 8990, Atleta: json.RawMessage(`{}`)})}); err != nil {
			t.Fatal(err)
		}
		csv := "Nome;CPF;Modalidade;Camiseta\n" +
			"Ana Souza;" + w.anaCPF + ";10 km;G\n" +
			"Dora da Planilha;" + doraCPF + ";5 km;GG\n" +
			"Eva Nova;" + participant.CompleteCPF("123456789") + ";5 km;M\n" +
			"Fabi da Planilha;" + fabiCPF + ";10 km;M\n"
		for _, dry := range []bool{true, false} {
			fields := map[string]string{}
			if dry {
				fields["dryRun"] = "1"
			}
			r := participantsForm(t, "/api/events/"+w.eventID+"/participants", csv, fields)
			r.Header.Set("Sec-Fetch-Site", "same-origin")
			r.AddCookie(w.owner)
			res := httptest.NewRecorder()
			w.app.srv.ServeHTTP(res, r)
			if res.Code != http.StatusOK {
				t.Fatalf("import (dry run %v): %d %s", dry, res.Code, res.Body)
			}
			var answer struct {
				Counts      *participant.Counts `json:"counts"`
				Added       int                 `json:"added"`
				JaInscritos []struct {
					Row     int    `json:"row"`
					Column  string `json:"column"`
					Message string `json:"message"`
				} `json:"jaInscritos"`
			}
			if err := json.Unmarshal(res.Body.Bytes(), &answer); err != nil {
				t.Fatal(err)
			}
			added := answer.Added
			if dry {
				added = answer.Counts.Added
			}
			if added != 1 || len(answer.JaInscritos) != 2 || answer.JaInscritos[0].Row != 3 || answer.JaInscritos[0].Column != "CPF" ||
				!strings.Contains(answer.JaInscritos[0].Message, "CPF já inscrito pelo Pelotão (Dora Sessenta, código "+reg.Codigo+")") ||
				answer.JaInscritos[1].Row != 5 || !strings.Contains(answer.JaInscritos[1].Message, "CPF com inscrição em andamento no Pelotão (Fabi Segurada,") {
				t.Fatalf("import (dry run %v): %s", dry, res.Body)
			}
		}
		list, err := st.EventParticipants(context.Background(), w.eventID)
		if err != nil || len(list) != 5 {
			t.Fatalf("participants: %d %v", len(list), err)
		}
		for _, p := range list {
			if p.Documento.Numero == doraCPF && (p.Nome != "Dora Sessenta" || p.Camiseta != "P" || p.Percurso != "10 km" || p.Origem != participant.OrigemPelotao) {
				t.Fatalf("the sold registration changed: %+v", p)
			}
		}
	})
}

// REG-302, REG-181: an order holds a CPF and the organizer's file gives it in the passport column
// (the spreadsheet's own way to write a document without punctuation): the row is the held CPF,
// reported and left out, so the buyer's Pix finds no one in the event — never a second
// participant of the same number beside the registration the Pix then confirms.
func TestImportReadsAHeldCPFGivenAsAPassport(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newDeskWorld(t, st, 2)
		fabiCPF := participant.CompleteCPF("746971322")
		now := time.Now()
		if _, err := st.CreateOrder(context.Background(), store.NewOrder{EventID: w.eventID, BuyerID: "comprador", Txid: "TXIDPASSAPORTEOUCPF0000000001",
			Now: now, ExpiraEm: now.Add(30 * time.Minute), Price: pricedAs(store.NewRegistration{DocTipo: participant.CPF, DocNumero: fabiCPF,
				Nome: "Fabi Segurada", Percurso: "10 km", Categoria: "Geral", Camiseta: "M", Valor: 8990, Total: 8990, Atleta: json.RawMessage(`{}`)})}); err != nil {
			t.Fatal(err)
		}
		csv := "Nome;CPF;Passaporte;Modalidade;Camiseta\n" +
			"Fabi da Planilha;;" + fabiCPF + ";10 km;M\n" +
			"Eva Nova;" + participant.CompleteCPF("123456789") + ";;5 km;M\n"
		r := participantsForm(t, "/api/events/"+w.eventID+"/participants", csv, nil)
		r.Header.Set("Sec-Fetch-Site", "same-origin")
		r.AddCookie(w.owner)
		res := httptest.NewRecorder()
		w.app.srv.ServeHTTP(res, r)
		var answer struct {
			Added       int `json:"added"`
			JaInscritos []struct {
				Row     int    `json:"row"`
				Message string `json:"message"`
			} `json:"jaInscritos"`
		}
		if res.Code != http.StatusOK || json.Unmarshal(res.Body.Bytes(), &answer) != nil || answer.Added != 1 || len(answer.JaInscritos) != 1 ||
			answer.JaInscritos[0].Row != 2 || !strings.Contains(answer.JaInscritos[0].Message, "CPF com inscrição em andamento no Pelotão (Fabi Segurada,") {
			t.Fatalf("import: %d %s", res.Code, res.Body)
		}
		list, err := st.EventParticipants(context.Background(), w.eventID)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range list {
			if p.Documento.Numero == fabiCPF {
				t.Fatalf("the held CPF was imported: %+v", p)
			}
		}
	})
}
