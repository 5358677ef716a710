package salesapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// sheetHeader is a coach's spreadsheet header for the test event (sold by kit, 60 km).
const sheetHeader = "Nome;CPF;Nascimento;Sexo;E-mail;Celular;Modalidade;Kit;Camiseta;Contato de emergência;Telefone de emergência\r\n"

// sheetRow is a valid athlete with the document cpf.
func sheetRow(n int, cpf string) string {
	return fmt.Sprintf("Atleta Número %d;%s;20/05/1990;F;;(85) 99876-5432;60 km;Kit Básico;M;José Souza;85 3333-4444\r\n", n, cpf)
}

// sheetOf is a file of n athletes with generated CPFs.
func sheetOf(n int) string {
	var b strings.Builder
	b.WriteString(sheetHeader)
	for i := 1; i <= n; i++ {
		b.WriteString(sheetRow(i, participant.FormatCPF(participant.CompleteCPF(fmt.Sprintf("%09d", 300000000+i*11)))))
	}
	return b.String()
}

// sendSheet posts file (nil: no file part) with the form's fields to the group's route as who.
func (w *groupWorld) sendSheet(t testing.TB, groupID string, file []byte, fields map[string]string, who *api.User) *httptest.ResponseRecorder {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		if err := mw.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if file != nil {
		fw, err := mw.CreateFormFile("arquivo", "atletas.csv")
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(file)
	}
	mw.Close()
	return w.Call("POST", "/api/grupos/"+groupID+"/planilha", body.String(), apitest.As(who),
		apitest.Header("Content-Type", mw.FormDataContentType()))
}

// GRP-57: only the group's coaches send its spreadsheet: a visitor signs in, anyone else and the
// kit desk find no group, the event's managers (who see the group) are refused.
func TestGroupSheetWhoMay(t *testing.T) {
	w := newGroupWorld(t)
	g := w.group(t, w.eventID, "Pelotão da Orla", carla)
	file := []byte(sheetOf(2))
	check := map[string]string{"confirmar": "0"}
	hold := map[string]string{"confirmar": "1", "aceiteRegulamento": "1"}
	for _, c := range []struct {
		who    *api.User
		status int
	}{{nil, 401}, {&eva, 404}, {&rita, 404}, {&gil, 403}, {&ana, 403}, {&carla, 200}} {
		if rec := w.sendSheet(t, g.ID, file, check, c.who); rec.Code != c.status {
			t.Errorf("as %v: %d, want %d (%s)", c.who, rec.Code, c.status, rec.Body)
		}
		if c.status == 200 {
			continue
		}
		if rec := w.sendSheet(t, g.ID, file, hold, c.who); rec.Code != c.status { // GRP-57 for holding too
			t.Errorf("holding as %v: %d, want %d (%s)", c.who, rec.Code, c.status, rec.Body)
		}
	}
	if members, err := w.st.GroupMembers(t.Context(), g.ID, time.Now()); err != nil || len(members) != 0 {
		t.Errorf("no one but a coach holds: %v %v", members, err)
	}
	expectError(t, "no such group", w.sendSheet(t, "nao-existe", file, check, &carla), 404, "not-found", "", "")
}

// GRP-53, GRP-54, GRP-55, GRP-56: confirmar=0 answers every row's problem (a document twice in
// the file, one held by an order, a shirt the event does not offer) and holds nothing; a file of
// more than 200 athletes is planilha-grande; confirmar is 0 or 1; the file is checked by
// its content; confirmar=1 needs the regulation accepted.
func TestGroupSheetCheck(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newGroupWorldOn(t, st)
		g := w.group(t, w.eventID, "Pelotão da Orla", carla)
		w.buy(t) // bruno holds 529.982.247-25
		check := map[string]string{"confirmar": "0"}

		file := sheetOf(120)
		file = strings.Replace(file, ";M;José", ";ZZ;José", 1) // line 2's shirt
		file += sheetRow(121, "529.982.247-25")                // line 122: held by bruno's order
		lines := strings.Split(file, "\r\n")
		file += lines[5] + "\r\n" // line 123: line 6's athlete again
		rec := w.sendSheet(t, g.ID, []byte(file), check, &carla)
		var got struct {
			Linhas int
			Erros  []sheetRowError
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &got); rec.Code != 200 || err != nil {
			t.Fatalf("check: %d %s", rec.Code, rec.Body)
		}
		want := []sheetRowError{
			{Linha: 2, Campo: "Camiseta", Mensagem: "Selecione um dos tamanhos de camiseta oferecidos."},
			{Linha: 122, Campo: "CPF", Mensagem: "Este documento já está inscrito neste evento."},
			{Linha: 123, Campo: "CPF", Mensagem: "Este documento já está na linha 6 da planilha."},
		}
		if got.Linhas != 122 || !slices.Equal(got.Erros, want) {
			t.Errorf("answer %+v, want 122 rows and %+v", got, want)
		}
		if members, err := st.GroupMembers(t.Context(), g.ID, time.Now()); err != nil || len(members) != 0 {
			t.Errorf("a check holds nothing: %v %v", members, err)
		}

		expectError(t, "201 athletes", w.sendSheet(t, g.ID, []byte(sheetOf(201)), check, &carla), 422, "planilha-grande", "arquivo",
			"A planilha tem mais de 200 atletas. Divida-a em arquivos de até 200 linhas.")
		for _, confirmar := range []map[string]string{{"confirmar": "2"}, {}} {
			expectError(t, fmt.Sprint("confirmar ", confirmar), w.sendSheet(t, g.ID, []byte(sheetOf(1)), confirmar, &carla), 400,
				"invalid-argument", "confirmar", msgSheetConfirm)
		}
		for _, aceite := range []map[string]string{{"confirmar": "1"}, {"confirmar": "1", "aceiteRegulamento": "0"}} { // GRP-71
			expectError(t, fmt.Sprint("without the regulation ", aceite), w.sendSheet(t, g.ID, []byte(sheetOf(1)), aceite, &carla), 422,
				"invalid-argument", "aceiteRegulamento", "Aceite o regulamento em nome dos atletas do grupo.")
		}
		expectError(t, "a JSON body", w.Call("POST", "/api/grupos/"+g.ID+"/planilha", `{"confirmar":"0"}`, apitest.As(&carla)), 400,
			"invalid-argument", "", "")
		expectError(t, "no file", w.sendSheet(t, g.ID, nil, check, &carla), 422, "invalid-argument", "arquivo", "Escolha uma planilha para enviar.")
		expectError(t, "a picture named .csv", w.sendSheet(t, g.ID, []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), check, &carla), 422,
			"invalid-argument", "arquivo", "O arquivo não parece uma planilha. Envie um CSV (separado por vírgula, ponto e vírgula ou tabulação) ou um XLSX.")
	})
}
