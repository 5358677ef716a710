package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/event"
	"pelotao/internal/results"
	"pelotao/internal/sheet"
)

// resultsCSV is a timing company's pt-BR export of n finishers of the 60 km (validEventJSON's
// modality) and one DNF, without places: the server computes them.
func resultsCSV(n int) []byte {
	var b strings.Builder
	b.WriteString("Nº de peito;Nome;Sexo;Categoria;Equipe;Tempo Bruto;Tempo Líquido;30 km\r\n")
	for i := range n {
		sec := 2*3600 + i*7
		fmt.Fprintf(&b, "%d;Atleta Conceição %d;%s;%s;Pedal Fôlego;%d:%02d:%02d;%d:%02d:%02d;1:%02d:00\r\n", 100+i, i,
			[]string{"F", "M"}[i%2], []string{"Elite", "Master A"}[i%2], sec/3600, sec/60%60, sec%60, sec/3600, sec/60%60, sec%60, i%60)
	}
	fmt.Fprintf(&b, "%d;Raí Müller;M;Master A;;DNF;;\r\n", 100+n)
	return []byte(b.String())
}

// resultsForm is a multipart import request: the file and the form fields.
func resultsForm(t testing.TB, path string, file []byte, fields map[string]string) *http.Request {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	if file != nil {
		fw, _ := mw.CreateFormFile("file", "resultado.csv")
		fw.Write(file)
	}
	mw.Close()
	r := httptest.NewRequest("POST", path, &body)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	return r
}

type importAnswer struct {
	results.Set
	Columns []sheet.Column   `json:"columns"`
	Rows    []results.Result `json:"rows"`
	Errors  []sheet.RowError `json:"errors"`
	Counts  *results.Counts  `json:"counts"`
	Error   *struct {
		Code, Message string
		Fields        map[string]string
		Rows          []sheet.RowError
	} `json:"error"`
}

func TestResultsImportReadDelete(t *testing.T) {
	w := newMatrixWorld(t, nil)
	base := "/api/events/" + w.eventID + "/results"
	form := map[string]string{"percurso": "60 km", "status": "preliminar", "dryRun": "1"}

	// Dry run: the guessed mapping, the first 20 lines, no errors, the counts; nothing saved.
	res := w.do(resultsForm(t, base, resultsCSV(30), form), resourceOwner)
	if res.Code != http.StatusOK {
		t.Fatalf("dry run: %d %s", res.Code, res.Body)
	}
	dry := apitest.Decode[importAnswer](t, res)
	if len(dry.Rows) != 20 || dry.Errors == nil || len(dry.Errors) != 0 || *dry.Counts != (results.Counts{Total: 31, Finishers: 30, DNF: 1}) {
		t.Fatalf("dry run = %d rows, errors %v, counts %+v", len(dry.Rows), dry.Errors, dry.Counts)
	}
	if dry.Columns[0] != (sheet.Column{Header: "Nº de peito", Field: "numeroPeito"}) || dry.Columns[7].Field != "parcial:30 km" {
		t.Fatalf("columns = %+v", dry.Columns)
	}
	if first := dry.Rows[0]; *first.Posicao != 1 || first.Pace != "2:00" || first.TempoLiquido != "2:00:00" {
		t.Fatalf("first line = %+v", first)
	}
	if res := w.do(httptest.NewRequest("GET", base, nil), visitor); !strings.Contains(res.Body.String(), `"resultSets":[]`) {
		t.Fatalf("a dry run saved: %s", res.Body)
	}

	// HOME-19: the public list (kept by the server between writes) says what the event has published.
	listed := func(want string) {
		t.Helper()
		res := w.do(httptest.NewRequest("GET", "/api/events", nil), visitor)
		list := apitest.Decode[struct{ Events []event.Summary }](t, res)
		for _, e := range list.Events {
			if e.ID == w.eventID && e.Resultados != want {
				t.Fatalf("the list says resultados %q, want %q", e.Resultados, want)
			}
			if e.ID == w.eventID {
				return
			}
		}
		t.Fatalf("the event is not listed: %s", res.Body)
	}
	listed(event.ResultadosNenhum)

	// The manager publishes; the answer is the set summary.
	delete(form, "dryRun")
	res = w.do(resultsForm(t, base, resultsCSV(30), form), gestaoMember)
	if res.Code != http.StatusCreated {
		t.Fatalf("import: %d %s", res.Code, res.Body)
	}
	set := apitest.Decode[results.Set](t, res)
	if set.ID == "" || set.Percurso != "60 km" || set.Status != "preliminar" || set.Finishers != 30 || set.Total != 31 ||
		strings.Join(set.Categorias, ",") != "Elite,Master A" {
		t.Fatalf("set = %+v", set)
	}
	listed(event.ResultadosPreliminar)

	// The public list of sets, and a page of the table searched and filtered.
	res = w.do(httptest.NewRequest("GET", base, nil), visitor)
	sets := apitest.Decode[struct{ ResultSets []results.Set }](t, res)
	if res.Code != 200 || len(sets.ResultSets) != 1 || sets.ResultSets[0].ID != set.ID {
		t.Fatalf("sets: %d %s", res.Code, res.Body)
	}
	type page struct {
		Results    []results.Result
		Total      int
		NextCursor *string
	}
	res = w.do(httptest.NewRequest("GET", base+"/"+set.ID+"?limit=10&sexo=M", nil), visitor)
	p := apitest.Decode[page](t, res)
	if res.Code != 200 || len(p.Results) != 10 || p.Total != 16 || p.NextCursor == nil || p.Results[0].NumeroPeito != "101" {
		t.Fatalf("page: %d %s", res.Code, res.Body)
	}
	res = w.do(httptest.NewRequest("GET", base+"/"+set.ID+"?limit=10&sexo=M&cursor="+*p.NextCursor, nil), visitor)
	if p = apitest.Decode[page](t, res); len(p.Results) != 6 || p.NextCursor != nil || p.Results[5].Status != "DNF" {
		t.Fatalf("second page: %s", res.Body)
	}
	res = w.do(httptest.NewRequest("GET", base+"/"+set.ID+"?q=CONCEI%C3%87%C3%83O+112&categoria=Elite", nil), visitor)
	if p = apitest.Decode[page](t, res); p.Total != 1 || p.Results[0].Nome != "Atleta Conceição 12" {
		t.Fatalf("search: %s", res.Body)
	}
	if !strings.Contains(res.Body.String(), `"nextCursor":null`) || !strings.Contains(res.Body.String(), `"posicaoCategoria":7`) {
		t.Fatalf("search answer shape: %s", res.Body)
	}

	// One athlete: places, totals, pace, splits, maisRapidoQue and the set.
	res = w.do(httptest.NewRequest("GET", base+"/"+set.ID+"/athletes/103", nil), visitor)
	if res.Code != 200 {
		t.Fatalf("athlete: %d %s", res.Code, res.Body)
	}
	var a map[string]any
	json.Unmarshal(res.Body.Bytes(), &a)
	want := map[string]any{"numeroPeito": "103", "posicao": 4.0, "posicaoSexo": 2.0, "posicaoCategoria": 2.0, "total": 31.0,
		"concluintes": 30.0, "maisRapidoQue": 86.0, "totalSexo": 15.0, "totalCategoria": 15.0, "status": "ok",
		"tempoLiquido": "2:00:21", "pace": "2:00"}
	for k, v := range want {
		if a[k] != v {
			t.Errorf("athlete %s = %v, want %v", k, a[k], v)
		}
	}
	if a["resultSet"].(map[string]any)["status"] != "preliminar" || len(a["parciais"].([]any)) != 1 {
		t.Errorf("athlete = %s", res.Body)
	}
	res = w.do(httptest.NewRequest("GET", base+"/"+set.ID+"/athletes/130", nil), visitor)
	if a := apitest.Decode[map[string]any](t, res); a["maisRapidoQue"] != nil || a["posicao"] != nil || a["status"] != "DNF" {
		t.Fatalf("DNF athlete: %s", res.Body)
	}

	// Publishing again as oficial keeps the set's id; deleting it removes it.
	form["status"] = "oficial"
	res = w.do(resultsForm(t, base, resultsCSV(5), form), resourceOwner)
	if again := apitest.Decode[results.Set](t, res); res.Code != 201 || again.ID != set.ID || again.Status != "oficial" || again.Total != 6 {
		t.Fatalf("re-import: %d %s", res.Code, res.Body)
	}
	listed(event.ResultadosOficial)
	if res := w.do(httptest.NewRequest("DELETE", base+"/"+set.ID, nil), gestaoMember); res.Code != http.StatusNoContent {
		t.Fatalf("delete: %d %s", res.Code, res.Body)
	}
	listed(event.ResultadosNenhum)
	if res := w.do(httptest.NewRequest("GET", base+"/"+set.ID, nil), visitor); res.Code != http.StatusNotFound {
		t.Fatalf("deleted set: %d %s", res.Code, res.Body)
	}
}

// Every status of the contract other than the happy paths.
func TestResultsStatuses(t *testing.T) {
	w := newMatrixWorld(t, nil)
	base := "/api/events/" + w.eventID + "/results"
	form := map[string]string{"percurso": "60 km", "status": "oficial"}
	res := w.do(resultsForm(t, base, resultsCSV(3), form), resourceOwner)
	set := apitest.Decode[results.Set](t, res)

	get := func(path string) *httptest.ResponseRecorder {
		return w.do(httptest.NewRequest("GET", path, nil), visitor)
	}
	withErrors := []byte("Posição;Peito;Nome;Tempo\n1;10;Ana;0:20:01\n2;11;Bia;1:61:00\n3;10;Cris;0:21:00\n")
	xlsx := func() []byte {
		f := excelize.NewFile()
		defer f.Close()
		f.SetSheetRow("Sheet1", "A1", &[]any{"Peito", "Nome", "Tempo"})
		f.SetSheetRow("Sheet1", "A2", &[]any{7, "Ana Júlia", "0:31:02"})
		var b bytes.Buffer
		f.Write(&b)
		return b.Bytes()
	}()
	cases := []struct {
		name string
		res  *httptest.ResponseRecorder
		want int
		text string // part of the answer
	}{
		// Replacing a set keeps its status unless the form says otherwise (RESULT-18)…
		{"xlsx import", w.do(resultsForm(t, base, xlsx, map[string]string{"percurso": "60 km"}), resourceOwner), 201, `"status":"oficial"`},
		// …and taking an oficial set back to preliminar is asked in the preview and refused unconfirmed.
		{"dry run asks about a downgrade", w.do(resultsForm(t, base, xlsx, map[string]string{"percurso": "60 km", "status": "preliminar", "dryRun": "1"}), resourceOwner),
			200, `"kind":"status"`},
		{"unconfirmed downgrade", w.do(resultsForm(t, base, xlsx, map[string]string{"percurso": "60 km", "status": "preliminar"}), resourceOwner), 422,
			`"status":"Os resultados já são oficiais`},
		{"confirmed downgrade", w.do(resultsForm(t, base, xlsx, map[string]string{"percurso": "60 km", "status": "preliminar", "confirmarRebaixamento": "1"}), resourceOwner),
			201, `"status":"preliminar"`},
		{"rows with errors", w.do(resultsForm(t, base, withErrors, form), resourceOwner), 422,
			`"rows":[{"row":3,"column":"Tempo","message":"Tempo \"1:61:00\" inválido: minutos e segundos vão de 00 a 59."},{"row":4,"column":"Peito","message":"Número de peito 10 repetido (já está na linha 2)."}]`},
		{"dry run shows errors", w.do(resultsForm(t, base, withErrors, map[string]string{"percurso": "60 km", "dryRun": "1"}), resourceOwner), 200, `"errors":[{"row":3`},
		{"unknown modality", w.do(resultsForm(t, base, resultsCSV(2), map[string]string{"percurso": "10 km"}), resourceOwner), 422, `"percurso":"Selecione uma das modalidades cadastradas."`},
		{"no modality", w.do(resultsForm(t, base, resultsCSV(2), nil), resourceOwner), 422, `"percurso":"Campo obrigatório."`},
		{"bad status", w.do(resultsForm(t, base, resultsCSV(2), map[string]string{"percurso": "60 km", "status": "final"}), resourceOwner), 422, `"status":"Escolha preliminar ou oficial."`},
		{"bad mapping", w.do(resultsForm(t, base, resultsCSV(2), map[string]string{"percurso": "60 km", "mapping": "[1]"}), resourceOwner), 422, `"mapping":`},
		{"mapping to an unknown field", w.do(resultsForm(t, base, resultsCSV(2), map[string]string{"percurso": "60 km", "mapping": `{"Nome":"apelido"}`}), resourceOwner), 422, `Campo \"apelido\" desconhecido`},
		{"no file", w.do(resultsForm(t, base, nil, form), resourceOwner), 422, `"file":"Escolha uma planilha para enviar."`},
		{"not multipart", w.do(httptest.NewRequest("POST", base, strings.NewReader(`{"percurso":"60 km"}`)), resourceOwner), 400, "multipart/form-data"},
		{"visitor", w.do(resultsForm(t, base, resultsCSV(2), form), visitor), 401, ""},
		{"kit desk", w.do(resultsForm(t, base, resultsCSV(2), form), retiradaMember), 403, ""},
		{"another event's manager", w.do(resultsForm(t, base, resultsCSV(2), form), otherTeamMember), 403, ""},
		{"unknown event", w.do(resultsForm(t, "/api/events/nao-existe/results", resultsCSV(2), form), resourceOwner), 404, "Evento não encontrado."},
		{"sets of an unknown event", get("/api/events/nao-existe/results"), 404, "Evento não encontrado."},
		{"unknown set", get(base + "/nao-existe"), 404, "Resultado não encontrado."},
		{"set through another event", get("/api/events/nao-existe/results/" + set.ID), 404, ""},
		{"unknown bib", get(base + "/" + set.ID + "/athletes/999"), 404, "Atleta não encontrado"},
		{"bad limit", get(base + "/" + set.ID + "?limit=0"), 400, "limit"},
		{"limit too big", get(base + "/" + set.ID + "?limit=201"), 400, "limit"},
		{"bad cursor", get(base + "/" + set.ID + "?cursor=xyz"), 400, "cursor"},
		{"long query", get(base + "/" + set.ID + "?q=" + strings.Repeat("a", 201)), 400, "q"},
		{"delete unknown set", w.do(httptest.NewRequest("DELETE", base+"/nao-existe", nil), resourceOwner), 404, ""},
		{"delete by the kit desk", w.do(httptest.NewRequest("DELETE", base+"/"+set.ID, nil), retiradaMember), 403, ""},
	}
	for _, c := range cases {
		if c.res.Code != c.want || !strings.Contains(c.res.Body.String(), c.text) {
			t.Errorf("%s: %d %s; want %d with %q", c.name, c.res.Code, c.res.Body, c.want, c.text)
		}
	}
	// The files refused saved nothing: the set still has the lines of the XLSX import.
	res = get(base + "/" + set.ID)
	if p := apitest.Decode[struct{ Total int }](t, res); p.Total != 1 || !strings.Contains(res.Body.String(), "Ana Júlia") {
		t.Fatalf("after refused files: %s", res.Body)
	}
}

// A 50 MB upload is refused with 413 from its Content-Length, before its body is read; one that
// hides its length is cut at the limit.
func TestResultsImportTooLarge(t *testing.T) {
	w := newMatrixWorld(t, nil)
	path := "/api/events/" + w.eventID + "/results"
	body := &countingBody{left: 50 << 20}
	r := httptest.NewRequest("POST", path, body)
	r.ContentLength = 50 << 20
	r.Header.Set("Content-Type", "multipart/form-data; boundary=x")
	res := w.do(r, resourceOwner)
	if res.Code != http.StatusRequestEntityTooLarge || !strings.Contains(res.Body.String(), "O arquivo passa de 20 MB") {
		t.Fatalf("declared 50 MB: %d %s", res.Code, res.Body)
	}
	if body.read > 0 {
		t.Fatalf("read %d bytes of a body refused by its length", body.read)
	}
	big := append(resultsCSV(1), bytes.Repeat([]byte("1;Nome;M;;;0:30:00;0:30:00;\n"), sheet.MaxBytes/28+1)...)
	r = resultsForm(t, path, big, map[string]string{"percurso": "60 km"})
	r.ContentLength = -1
	res = w.do(r, resourceOwner)
	if res.Code != http.StatusRequestEntityTooLarge || !strings.Contains(res.Body.String(), "20 MB") {
		t.Fatalf("undeclared 20+ MB: %d %s", res.Code, res.Body)
	}
}

type countingBody struct{ left, read int }

func (b *countingBody) Read(p []byte) (int, error) {
	n := min(len(p), b.left)
	b.left -= n
	b.read += n
	if n == 0 {
		return 0, fmt.Errorf("end")
	}
	return n, nil
}

// No bad file makes the server answer 500: each is a 422 (or 413) with a message in Portuguese.
func TestResultsImportBadFilesNever500(t *testing.T) {
	w := newMatrixWorld(t, nil)
	path := "/api/events/" + w.eventID + "/results"
	files := map[string][]byte{
		"empty":            {},
		"png":              []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00"),
		"xls":              []byte("\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\x00\x00\x00"),
		"broken zip":       []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00garbage"),
		"header only":      []byte("Peito;Nome;Tempo\n"),
		"no known columns": []byte("a;b;c\n1;2;3\n"),
		"binary":           bytes.Repeat([]byte{0, 1, 2, 0xff}, 1000),
		"quotes":           []byte("Peito;Nome;Tempo\n\"1;\"Ana\n\"\"\"\n"),
		"formulas":         []byte("Peito;Nome;Tempo\n=1+1;=cmd|' /C calc'!A0;=A1\n"),
		"huge cell":        []byte("Peito;Nome;Tempo\n1;" + strings.Repeat("a", 1<<20) + ";0:30:00\n"),
		"many columns":     []byte(strings.Repeat("x;", 1000) + "\n1\n"),
		"utf-16 garbage":   []byte("\xff\xfe\x00\xd8"),
	}
	for name, f := range files {
		res := w.do(resultsForm(t, path, f, map[string]string{"percurso": "60 km"}), resourceOwner)
		var answer api.ErrorBody
		json.Unmarshal(res.Body.Bytes(), &answer)
		if (res.Code != 422 && res.Code != 413) || answer.Error.Message == "" {
			t.Errorf("%s: %d %s", name, res.Code, res.Body)
		}
	}
}

// RESULT-16, RESULT-17, RESULT-18: the engine's questions through the route — a workbook's sheets,
// a race the event lacks — refuse a save until answered; a file without bibs keys its athletes by
// its id column.
func TestResultsImportQuestions(t *testing.T) {
	w := newMatrixWorld(t, nil)
	base := "/api/events/" + w.eventID + "/results"
	file := []byte("ContactId\tName\tRace\tTotal_Time\tSwim\tStatus\n" +
		"a-1\tAna Lima\t60K\t2:10:00\t0:30:00\t\n" +
		"b-2\tBia Souza\t60K\t\t0:35:00\tDNF\n" +
		"c-3\tCaio Reis\tKids\t0:10:00\t\t\n")
	res := w.do(resultsForm(t, base, file, map[string]string{"dryRun": "1"}), resourceOwner)
	var preview resultsPreview
	if res.Code != 200 || json.Unmarshal(res.Body.Bytes(), &preview) != nil {
		t.Fatalf("preview: %d %s", res.Code, res.Body)
	}
	if len(preview.Questions) != 1 || preview.Questions[0].Kind != sheet.QuestionRace || preview.Questions[0].Field != "Kids" {
		t.Fatalf("questions %+v", preview.Questions)
	}
	if len(preview.Races) != 2 || preview.Races[0].Percurso != "60 km" || preview.Races[0].Counts.DNF != 1 {
		t.Fatalf("races %+v", preview.Races)
	}
	if res := w.do(resultsForm(t, base, file, nil), resourceOwner); res.Code != 422 || !strings.Contains(res.Body.String(), `"open-questions"`) {
		t.Fatalf("saved with a question open: %d %s", res.Code, res.Body)
	}
	res = w.do(resultsForm(t, base, file, map[string]string{"percursos": `{"Kids": ""}`}), resourceOwner)
	set := apitest.Decode[results.Set](t, res)
	if res.Code != 201 || set.Percurso != "60 km" || set.Total != 2 || set.Status != results.Preliminar {
		t.Fatalf("answered: %d %s", res.Code, res.Body)
	}
	res = w.do(httptest.NewRequest("GET", base+"/"+set.ID+"/athletes/a-1", nil), visitor)
	if a := apitest.Decode[map[string]any](t, res); res.Code != 200 || a["nome"] != "Ana Lima" || a["chave"] != "a-1" || a["numeroPeito"] != "" {
		t.Fatalf("athlete by id: %d %s", res.Code, res.Body)
	}

	book := func() []byte {
		f := excelize.NewFile()
		defer f.Close()
		f.SetSheetRow("Sheet1", "A1", &[]any{"Peito", "Nome", "Tempo"})
		f.SetSheetRow("Sheet1", "A2", &[]any{7, "Ana Júlia", "0:31:02"})
		f.NewSheet("Innsbruck")
		f.SetSheetRow("Innsbruck", "A1", &[]any{"Bib", "Name", "Time"})
		f.SetSheetRow("Innsbruck", "A2", &[]any{9, "Rita Sá", 0.25})
		var b bytes.Buffer
		f.Write(&b)
		return b.Bytes()
	}()
	res = w.do(resultsForm(t, base, book, map[string]string{"percurso": "60 km", "dryRun": "1"}), resourceOwner)
	if !strings.Contains(res.Body.String(), `"kind":"sheet"`) || !strings.Contains(res.Body.String(), `"sheets":["Sheet1","Innsbruck"]`) {
		t.Fatalf("sheets not offered: %s", res.Body)
	}
	res = w.do(resultsForm(t, base, book, map[string]string{"percurso": "60 km", "sheet": "Innsbruck"}), resourceOwner)
	if res.Code != 201 {
		t.Fatalf("second sheet: %d %s", res.Code, res.Body)
	}
	res = w.do(httptest.NewRequest("GET", base+"/"+set.ID+"/athletes/9", nil), visitor)
	if a := apitest.Decode[map[string]any](t, res); a["nome"] != "Rita Sá" || a["tempoLiquido"] != "6:00:00" {
		t.Fatalf("second sheet's athlete: %s", res.Body)
	}
}
