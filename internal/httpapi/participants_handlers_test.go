package httpapi

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"

	"pelotao/internal/api/apitest"
	"pelotao/internal/pdfinfo/pdfinfotest"
)

// participantsForm is an import request: csv as the file, and the other form fields.
func participantsForm(t *testing.T, path, csv string, fields map[string]string) *http.Request {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "inscritos.csv")
	fw.Write([]byte(csv))
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	mw.Close()
	r := httptest.NewRequest("POST", path, &body)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	return r
}

// importOne imports one participant into the world's event as its owner and returns its id.
func (w *matrixWorld) importOne(t *testing.T, nome, cpf string) string {
	t.Helper()
	res := w.do(participantsForm(t, "/api/events/"+w.eventID+"/participants", "Nome;CPF;Modalidade;Peito\n"+nome+";"+cpf+";10 km;77\n", nil), resourceOwner)
	if res.Code != http.StatusOK {
		t.Fatalf("import %s: %d %s", nome, res.Code, res.Body)
	}
	page := w.list(t, "?q="+cpf, resourceOwner)
	if len(page.Participants) != 1 {
		t.Fatalf("imported %s not found: %+v", nome, page)
	}
	return page.Participants[0]["id"].(string)
}

type participantsPage struct {
	Participants []map[string]any
	Total        int
	NextCursor   *string
}

func (w *matrixWorld) list(t *testing.T, query string, role int) participantsPage {
	t.Helper()
	res := w.do(httptest.NewRequest("GET", "/api/events/"+w.eventID+"/participants"+query, nil), role)
	if res.Code != http.StatusOK {
		t.Fatalf("list %s: %d %s", query, res.Code, res.Body)
	}
	var page participantsPage
	if err := json.Unmarshal(res.Body.Bytes(), &page); err != nil {
		t.Fatal(err)
	}
	return page
}

// importAs sends csv (with fields) to the world's event as role.
func (w *matrixWorld) importAs(t *testing.T, role int, csv string, fields map[string]string) (int, map[string]any) {
	t.Helper()
	res := w.do(participantsForm(t, "/api/events/"+w.eventID+"/participants", csv, fields), role)
	var out map[string]any
	if err := json.Unmarshal(res.Body.Bytes(), &out); err != nil {
		t.Fatalf("not JSON: %d %q", res.Code, res.Body)
	}
	return res.Code, out
}

func errorOf(t *testing.T, body map[string]any) (string, []any) {
	t.Helper()
	e, ok := body["error"].(map[string]any)
	if !ok {
		t.Fatalf("no error in %v", body)
	}
	rows, _ := e["rows"].([]any)
	return e["message"].(string), rows
}

const threeAthletes = "Inscrição;Nome;CPF;Nascimento;Sexo;Modalidade;Camiseta;Pago;Valor;E-mail\n" +
	"1;José Conceição;529.982.247-25;31/12/1990;M;10 km;G;Sim;119,90;jose@exemplo.com.br\n" +
	"2;Ângela Souza;123.456.789-09;01/02/1985;F;5 km;P;Pendente;89,90;\n" +
	"3;=HIPERLINK(\"http://malicioso.example\");987.654.321-00;;F;5 km;M;Não;;\n"

func TestImportParticipants(t *testing.T) {
	w := newMatrixWorld(t, nil) // its event has one participant already: Bia Lima (10 km)

	// A dry run shows the guessed columns, the first rows and the counts, and saves nothing.
	code, body := w.importAs(t, gestaoMember, threeAthletes, map[string]string{"dryRun": "1"})
	if code != 200 {
		t.Fatalf("dry run: %d %v", code, body)
	}
	counts := body["counts"].(map[string]any)
	if counts["added"] != 3.0 || counts["missing"] != 1.0 || len(body["rows"].([]any)) != 3 || len(body["errors"].([]any)) != 0 {
		t.Fatalf("dry run: %v", body)
	}
	cols := body["columns"].([]any)
	if c := cols[1].(map[string]any); c["header"] != "Nome" || c["field"] != "nome" {
		t.Fatalf("columns: %v", cols)
	}
	if row := body["rows"].([]any)[0].(map[string]any); row["row"] != 2.0 || row["nome"] != "José Conceição" {
		t.Fatalf("first preview row: %v", row)
	}
	if page := w.list(t, "", resourceOwner); page.Total != 1 {
		t.Fatalf("a dry run saved: %+v", page)
	}
	// It names who the file leaves out, for the organizer to see before importing.
	if missing := body["missingParticipants"].([]any); len(missing) != 1 || missing[0].(map[string]any)["nome"] != "Bia Lima" {
		t.Fatalf("missing participants: %v", body["missingParticipants"])
	}
	if _, body = w.importAs(t, gestaoMember, "Nome;CPF;Modalidade\nBia Lima;111.444.777-35;10 km\n", map[string]string{"dryRun": "1"}); len(body["missingParticipants"].([]any)) != 0 {
		t.Fatalf("nobody missing: %v", body["missingParticipants"])
	}

	// The import itself; then the same file again changes nothing.
	code, body = w.importAs(t, gestaoMember, threeAthletes, nil)
	if code != 200 || body["added"] != 3.0 || body["updated"] != 0.0 || body["unchanged"] != 0.0 || body["missing"] != 1.0 {
		t.Fatalf("import: %d %v", code, body)
	}
	code, body = w.importAs(t, resourceOwner, threeAthletes, nil)
	if code != 200 || body["added"] != 0.0 || body["unchanged"] != 3.0 || body["missing"] != 1.0 {
		t.Fatalf("re-import: %d %v", code, body)
	}
	// A change in the ticketing export: José paid another amount and moved to 21 km.
	changed := "Inscrição;Nome;CPF;Modalidade;Valor\n1;José Conceição;529.982.247-25;21 km;150\n"
	if code, body = w.importAs(t, resourceOwner, changed, nil); code != 200 || body["updated"] != 1.0 || body["missing"] != 3.0 {
		t.Fatalf("update: %d %v", code, body)
	}
	page := w.list(t, "?q=jose", gestaoMember)
	if page.Total != 1 || page.Participants[0]["percurso"] != "21 km" || page.Participants[0]["valor"] != 150.0 ||
		page.Participants[0]["camiseta"] != "G" || page.Participants[0]["nascimento"] != "1990-12-31" {
		t.Fatalf("after update: %+v", page)
	}
	res := w.do(httptest.NewRequest("GET", "/api/events/"+w.eventID+"/participants/"+page.Participants[0]["id"].(string), nil), gestaoMember)
	var detail struct {
		Nome      string
		Historico []struct{ Tipo, Por string }
	}
	json.Unmarshal(res.Body.Bytes(), &detail)
	if res.Code != 200 || detail.Nome != "José Conceição" || len(detail.Historico) != 2 ||
		detail.Historico[0].Tipo != "importado" || detail.Historico[1].Tipo != "atualizado" || detail.Historico[1].Por != "Pessoa" {
		t.Fatalf("detail: %d %s", res.Code, res.Body)
	}
}

func TestImportParticipantsWindows1252AndMapping(t *testing.T) {
	w := newMatrixWorld(t, nil)
	latin1, err := charmap.Windows1252.NewEncoder().String("Atleta;Identidade;Distância;Observação\nJosé Conceição;529.982.247-25;10 km;vip\n")
	if err != nil {
		t.Fatal(err)
	}
	code, body := w.importAs(t, resourceOwner, latin1, map[string]string{"mapping": `{"Identidade":"documento","Observação":"ignorar"}`})
	if code != 200 || body["added"] != 1.0 {
		t.Fatalf("Windows-1252 import: %d %v", code, body)
	}
	if page := w.list(t, "?q=conceicao", resourceOwner); page.Total != 1 || page.Participants[0]["nome"] != "José Conceição" {
		t.Fatalf("accents: %+v", page)
	}
}

func TestImportParticipantsRefusals(t *testing.T) {
	w := newMatrixWorld(t, nil)
	rowErrors := "Nome;CPF;Modalidade;Sexo\n" +
		"Ana;529.982.247-2X;5 km;F\n" +
		"Bia;123.456.789-09;5 km;F\n" +
		"Bia de novo;12345678909;5 km;Q\n" +
		"Caio;=1+1;5 km;M\n"
	code, body := w.importAs(t, resourceOwner, rowErrors, nil)
	msg, rows := errorOf(t, body)
	want := []map[string]any{
		{"row": 2.0, "column": "CPF"},
		{"row": 4.0, "column": "CPF"},
		{"row": 4.0, "column": "Sexo"},
		{"row": 5.0, "column": "CPF"},
	}
	if code != 422 || msg != "Há 3 linhas com erros na planilha; nada foi salvo. Corrija e envie de novo." || len(rows) != len(want) {
		t.Fatalf("row errors: %d %v", code, body)
	}
	for i, wnt := range want {
		r := rows[i].(map[string]any)
		if r["row"] != wnt["row"] || r["column"] != wnt["column"] || r["message"] == "" {
			t.Errorf("row error %d: %v, want %v", i, r, wnt)
		}
	}
	if rows[1].(map[string]any)["message"] != `CPF repetido na modalidade "5 km": já está na linha 3.` {
		t.Errorf("duplicate message: %v", rows[1])
	}
	if page := w.list(t, "", resourceOwner); page.Total != 1 {
		t.Fatalf("a file with errors saved something: %+v", page)
	}
	// A dry run answers the same errors with 200.
	if code, body := w.importAs(t, resourceOwner, rowErrors, map[string]string{"dryRun": "1"}); code != 200 || len(body["errors"].([]any)) != 4 {
		t.Fatalf("dry run with errors: %d %v", code, body)
	}

	for _, c := range []struct {
		name, csv string
		fields    map[string]string
		status    int
		message   string
	}{
		{"no header", "Ana;529.982.247-25;5 km\nBia;123.456.789-09;5 km\n", nil, 422, "A primeira linha parece ser de dados"},
		{"no document column", "Nome;Modalidade\nAna;5 km\n", nil, 422, "Falta a coluna de documento"},
		{"only a header", "Nome;CPF\n", nil, 422, "A planilha só tem a linha de cabeçalho"},
		{"binary", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", nil, 422, "O arquivo não parece uma planilha"},
		{"mapping not JSON", "Nome;CPF\nAna;529.982.247-25\n", map[string]string{"mapping": "{nome"}, 422, "O mapeamento (mapping) deve ser um objeto JSON"},
		{"mapping to no field", "Nome;CPF\nAna;529.982.247-25\n", map[string]string{"mapping": `{"Nome":"senha"}`}, 422, `O mapeamento da coluna "Nome" aponta para "senha"`},
	} {
		code, body := w.importAs(t, resourceOwner, c.csv, c.fields)
		if msg, _ := errorOf(t, body); code != c.status || !strings.HasPrefix(msg, c.message) {
			t.Errorf("%s: %d %q, want %d %q…", c.name, code, msg, c.status, c.message)
		}
	}

	if res := w.do(apitest.NewRequest("POST", "/api/events/"+w.eventID+"/participants", `{"file":"x"}`), resourceOwner); res.Code != 400 || !strings.Contains(res.Body.String(), "multipart/form-data") {
		t.Errorf("not multipart: %d %s", res.Code, res.Body)
	}
	if res := w.do(participantsForm(t, "/api/events/nao-existe/participants", threeAthletes, nil), resourceOwner); res.Code != 404 {
		t.Errorf("unknown event: %d %s", res.Code, res.Body)
	}
}

// countingReader is an endless CSV that counts what was read of it.
type countingReader struct{ n int64 }

func (c *countingReader) Read(p []byte) (int, error) {
	line := []byte("Ana;529.982.247-25;5 km\n")
	for i := range p {
		p[i] = line[(c.n+int64(i))%int64(len(line))]
	}
	c.n += int64(len(p))
	return len(p), nil
}

// A 50 MB file is refused with 413 and a message in Portuguese, and never read whole: by its
// Content-Length before a byte is read, or, sent without one, as soon as it passes the limit.
func TestImportParticipantsTooLarge(t *testing.T) {
	w := newMatrixWorld(t, nil)
	const fifty = 50 << 20
	for _, declared := range []bool{true, false} {
		src := &countingReader{}
		pr, pw := io.Pipe()
		mw := multipart.NewWriter(pw)
		go func() {
			fw, err := mw.CreateFormFile("file", "enorme.csv")
			if err == nil {
				_, err = io.CopyN(fw, io.MultiReader(strings.NewReader("Nome;CPF;Modalidade\n"), src), fifty)
			}
			if err == nil {
				err = mw.Close()
			}
			pw.CloseWithError(err)
		}()
		r := httptest.NewRequest("POST", "/api/events/"+w.eventID+"/participants", pr)
		r.Header.Set("Content-Type", mw.FormDataContentType())
		if declared {
			r.ContentLength = fifty + 200
		} else {
			r.ContentLength = -1
		}
		res := w.do(r, resourceOwner)
		pr.CloseWithError(io.ErrClosedPipe) // unblock the writer if it is still writing
		if res.Code != http.StatusRequestEntityTooLarge || !strings.Contains(res.Body.String(), "O arquivo passa de 20 MB") {
			t.Errorf("declared %v: %d %s", declared, res.Code, res.Body)
		}
		if read := atomic.LoadInt64(&src.n); read > 22<<20 {
			t.Errorf("declared %v: %d bytes were read", declared, read)
		}
	}
}

// A workbook whose CPF cell is a formula without a saved value is a row error naming the row and
// column; a formula with its value saved is read as that value.
func TestImportParticipantsXLSXFormulas(t *testing.T) {
	w := newMatrixWorld(t, nil)
	f := excelize.NewFile()
	defer f.Close()
	sh := f.GetSheetName(0)
	f.SetSheetRow(sh, "A1", &[]any{"Nome", "CPF", "Modalidade"})
	f.SetSheetRow(sh, "A2", &[]any{"Ana", nil, "5 km"})
	f.SetCellFormula(sh, "B2", "CONCAT(\"529982\",\"24725\")")
	f.SetCellValue(sh, "B2", "52998224725")
	f.SetSheetRow(sh, "A3", &[]any{"Bia", nil, "5 km"})
	f.SetCellFormula(sh, "B3", "CONCAT(\"123456\",\"78909\")") // saved without a value
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	code, body := w.importAs(t, resourceOwner, buf.String(), nil)
	_, rows := errorOf(t, body)
	if code != 422 || len(rows) != 1 || rows[0].(map[string]any)["row"] != 3.0 || rows[0].(map[string]any)["column"] != "CPF" {
		t.Fatalf("formulas: %d %v", code, body)
	}
}

func TestListParticipants(t *testing.T) {
	w := newMatrixWorld(t, nil)
	if code, body := w.importAs(t, resourceOwner, threeAthletes, nil); code != 200 {
		t.Fatalf("import: %d %v", code, body)
	}
	// The kit desk sees CPFs masked; managers see them whole.
	kit := w.list(t, "?q=529.982.247-25", retiradaMember)
	doc := kit.Participants[0]["documento"].(map[string]any)
	if kit.Total != 1 || doc["tipo"] != "cpf" || doc["numero"] != "***.982.247-**" {
		t.Fatalf("retirada: %+v", kit)
	}
	if full := w.list(t, "?q=52998224725", gestaoMember); full.Participants[0]["documento"].(map[string]any)["numero"] != "52998224725" {
		t.Fatalf("gestao: %+v", full)
	}
	res := w.do(httptest.NewRequest("GET", "/api/events/"+w.eventID+"/participants/"+kit.Participants[0]["id"].(string), nil), retiradaMember)
	if res.Code != 200 || strings.Contains(res.Body.String(), "52998224725") || !strings.Contains(res.Body.String(), "***.982.247-**") {
		t.Fatalf("one participant for retirada: %d %s", res.Code, res.Body)
	}

	if p := w.list(t, "?q=angela", resourceOwner); p.Total != 1 || p.Participants[0]["nome"] != "Ângela Souza" {
		t.Fatalf("accent-insensitive: %+v", p)
	}
	if p := w.list(t, "?percurso=5+km&pago=false", resourceOwner); p.Total != 2 {
		t.Fatalf("filters: %+v", p)
	}
	if p := w.list(t, "?kitRetirado=false&q=jose%40exemplo", resourceOwner); p.Total != 1 {
		t.Fatalf("e-mail: %+v", p)
	}
	first := w.list(t, "?limit=3", resourceOwner)
	if first.Total != 4 || len(first.Participants) != 3 || first.NextCursor == nil {
		t.Fatalf("page 1: %+v", first)
	}
	second := w.list(t, "?limit=3&cursor="+*first.NextCursor, resourceOwner)
	if len(second.Participants) != 1 || second.NextCursor != nil {
		t.Fatalf("page 2: %+v", second)
	}
	for _, q := range []string{"?limit=0", "?limit=501", "?limit=x", "?kitRetirado=talvez", "?pago=sim", "?cursor=%25%25", "?q=" + strings.Repeat("a", 201)} {
		res := w.do(httptest.NewRequest("GET", "/api/events/"+w.eventID+"/participants"+q, nil), resourceOwner)
		if msg, _ := errorOf(t, apitest.Decode[map[string]any](t, res)); res.Code != 400 || msg == "" {
			t.Errorf("%s: %d %s", q, res.Code, res.Body)
		}
	}
	res = w.do(httptest.NewRequest("GET", "/api/events/"+w.eventID+"/participants/nao-existe", nil), resourceOwner)
	if res.Code != 404 || !strings.Contains(res.Body.String(), "Inscrito não encontrado.") {
		t.Fatalf("unknown participant: %d %s", res.Code, res.Body)
	}
}

func TestParticipantSummaryExportPrint(t *testing.T) {
	w := newMatrixWorld(t, nil)
	// Bib ranges first: the import gives bibs to those the file leaves without.
	r := apitest.NewRequest("PUT", "/api/events/"+w.eventID+"/participants/settings",
		`{"faixasPeito":[{"percurso":"5 km","inicio":500,"fim":599},{"percurso":"10 km","inicio":100,"fim":199}]}`)
	if res := w.do(r, gestaoMember); res.Code != 200 {
		t.Fatalf("settings: %d %s", res.Code, res.Body)
	}
	r = apitest.NewRequest("PUT", "/api/events/"+w.eventID+"/participants/settings", `{"faixasPeito":[{"percurso":"5 km","inicio":9,"fim":1}]}`)
	if res := w.do(r, gestaoMember); res.Code != 422 || !strings.Contains(res.Body.String(), "faixasPeito.0.fim") {
		t.Fatalf("bad settings: %d %s", res.Code, res.Body)
	}
	res := w.do(httptest.NewRequest("GET", "/api/events/"+w.eventID+"/participants/settings", nil), resourceOwner)
	if res.Code != 200 || !strings.Contains(res.Body.String(), `"inicio":500`) {
		t.Fatalf("settings read back: %d %s", res.Code, res.Body)
	}
	if code, body := w.importAs(t, resourceOwner, threeAthletes, nil); code != 200 {
		t.Fatalf("import: %d %v", code, body)
	}
	if p := w.list(t, "?q=jose", resourceOwner); p.Participants[0]["numeroPeito"] != 100.0 {
		t.Fatalf("bib from the 10 km range: %+v", p.Participants[0])
	}

	res = w.do(httptest.NewRequest("GET", "/api/events/"+w.eventID+"/participants/summary", nil), gestaoMember)
	var sum struct {
		Total, Pagos, KitRetirado int
		PorPercurso, PorSexo      map[string]int
		PorCamiseta               map[string]map[string]int
	}
	json.Unmarshal(res.Body.Bytes(), &sum)
	if res.Code != 200 || sum.Total != 4 || sum.Pagos != 1 || sum.KitRetirado != 0 || sum.PorPercurso["10 km"] != 2 ||
		sum.PorSexo["F"] != 2 || sum.PorSexo["M"] != 1 || sum.PorCamiseta["5 km"]["P"] != 1 || sum.PorCamiseta["10 km"]["G"] != 1 {
		t.Fatalf("summary: %d %s", res.Code, res.Body)
	}

	res = w.do(httptest.NewRequest("GET", "/api/events/"+w.eventID+"/participants.csv", nil), gestaoMember)
	csv := res.Body.String()
	if res.Code != 200 || !strings.HasPrefix(csv, "\ufeffInscrição;Nome;Tipo de documento;Documento;") ||
		!strings.Contains(res.Header().Get("Content-Disposition"), "attachment") ||
		!strings.Contains(csv, `"'=HIPERLINK(""http://malicioso.example"")"`) ||
		!strings.Contains(csv, "1;José Conceição;CPF;529.982.247-25;31/12/1990;M;10 km;G;;100;jose@exemplo.com.br;;Sim;119,90;Não") {
		t.Fatalf("csv: %d %s", res.Code, csv)
	}
	// The export reads back as the same participants.
	if code, body := w.importAs(t, resourceOwner, strings.TrimPrefix(csv, "\ufeff"), nil); code != 200 || body["unchanged"] != 4.0 {
		t.Fatalf("export re-imported: %d %v", code, body)
	}

	res = w.do(httptest.NewRequest("GET", "/api/events/"+w.eventID+"/participants.pdf?de=100&ate=599", nil), gestaoMember)
	if res.Code != 200 || res.Header().Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(res.Body.Bytes(), []byte("%PDF-")) {
		t.Fatalf("pdf: %d %s", res.Code, res.Header())
	}
	// Its document information reads as written in a viewer's title bar and properties.
	if info := pdfinfotest.Read(t, res.Body.Bytes()); info["Title"] != "Lista de retirada de kits — Corrida da Dona" ||
		info["Subject"] != "Nº de peito de 100 a 599" || info["Author"] != "Pelotão" {
		t.Errorf("pdf information: %q", info)
	}
	for _, q := range []string{"?de=x", "?de=10&ate=5", "?ate=0"} {
		if res := w.do(httptest.NewRequest("GET", "/api/events/"+w.eventID+"/participants.pdf"+q, nil), gestaoMember); res.Code != 400 {
			t.Errorf("pdf %s: %d", q, res.Code)
		}
	}
}

// REG-211: the kit desk (retirada) never reads what a participant paid, nor a full CPF, in the
// list (asked after the managers, whose bytes are kept), in one participant and its history (an
// import that changed the amount and the document), or in the roster and its delta; owner and
// gestao read the amount.
func TestKitDeskReadsNoPayments(t *testing.T) {
	w := newMatrixWorld(t, nil)
	if code, body := w.importAs(t, resourceOwner, threeAthletes, nil); code != 200 {
		t.Fatalf("import: %d %v", code, body)
	}
	again := strings.Replace(strings.Replace(threeAthletes, "119,90", "59,95", 1), "529.982.247-25", "390.533.447-05", 1)
	if code, body := w.importAs(t, resourceOwner, again, nil); code != 200 {
		t.Fatalf("re-import: %d %v", code, body)
	}
	for _, role := range []int{resourceOwner, gestaoMember, retiradaMember} {
		page := w.list(t, "?q=jose", role)
		valor, has := page.Participants[0]["valor"]
		if len(page.Participants) != 1 || !has || (role == retiradaMember) != (valor == nil) || (valor != nil && valor != 59.95) {
			t.Errorf("role %d: list %+v", role, page.Participants)
		}
		id := page.Participants[0]["id"].(string)
		one := w.do(httptest.NewRequest("GET", "/api/events/"+w.eventID+"/participants/"+id, nil), role)
		body := one.Body.String()
		if one.Code != 200 || !strings.Contains(body, `"atualizado"`) || strings.Contains(body, "59.95") != (role != retiradaMember) ||
			strings.Contains(body, "119.9") != (role != retiradaMember) || strings.Contains(body, "52998224725") != (role != retiradaMember) {
			t.Errorf("role %d: one participant %d %s", role, one.Code, body)
		}
		for _, since := range []string{"", "?since=0"} {
			roster := w.do(httptest.NewRequest("GET", "/api/events/"+w.eventID+"/checkin/roster"+since, nil), role)
			if roster.Code != 200 || strings.Contains(roster.Body.String(), "valor") || strings.Contains(roster.Body.String(), "59.95") {
				t.Errorf("role %d: roster%s %d %s", role, since, roster.Code, roster.Body)
			}
		}
	}
}
