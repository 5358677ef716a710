package httpapi

import (
	"bytes"
	"encoding/json"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"pelotao/internal/api/apitest"
	"pelotao/internal/results"
)

// publishedWorld is the matrix world with the 60 km's results published (preliminar).
func publishedWorld(t *testing.T, status string) (*matrixWorld, results.Set) {
	t.Helper()
	w := newMatrixWorld(t, map[string]string{"PELOTAO_BASE_URL": "https://pelotao.example"})
	res := w.do(resultsForm(t, "/api/events/"+w.eventID+"/results", resultsCSV(30), map[string]string{"percurso": "60 km", "status": status}), resourceOwner)
	if res.Code != http.StatusCreated {
		t.Fatalf("import: %d %s", res.Code, res.Body)
	}
	return w, apitest.Decode[results.Set](t, res)
}

func TestCertificateAndCard(t *testing.T) {
	w, set := publishedWorld(t, "preliminar")
	athlete := "/api/events/" + w.eventID + "/results/" + set.ID + "/athletes/103"
	get := func(path, etag string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", path, nil)
		if etag != "" {
			r.Header.Set("If-None-Match", etag)
		}
		return w.do(r, visitor)
	}

	res := get(athlete+"/certificado.pdf", "")
	if res.Code != 200 || res.Header().Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(res.Body.Bytes(), []byte("%PDF-")) {
		t.Fatalf("certificate: %d %s %.40q", res.Code, res.Header(), res.Body)
	}
	etag := res.Header().Get("ETag")
	if etag == "" || res.Header().Get("Cache-Control") != "public, no-cache" {
		t.Fatalf("certificate headers: %v", res.Header())
	}
	if res := get(athlete+"/certificado.pdf", etag); res.Code != http.StatusNotModified || res.Body.Len() != 0 {
		t.Fatalf("revalidated certificate: %d", res.Code)
	}

	res = get(athlete+"/card.png", "")
	if res.Code != 200 || res.Header().Get("Content-Type") != "image/png" {
		t.Fatalf("card: %d %s", res.Code, res.Header())
	}
	img, err := png.Decode(res.Body)
	if err != nil || img.Bounds().Dx() != 1200 || img.Bounds().Dy() != 630 {
		t.Fatalf("card: %v %v", err, img.Bounds())
	}
	cardTag := res.Header().Get("ETag")
	if cardTag == etag {
		t.Fatal("the card and the certificate share an ETag")
	}

	// Publishing again (now oficial) changes what they say, and so their ETags.
	res = w.do(resultsForm(t, "/api/events/"+w.eventID+"/results", resultsCSV(30), map[string]string{"percurso": "60 km", "status": "oficial"}), resourceOwner)
	if res.Code != 201 {
		t.Fatalf("re-import: %d", res.Code)
	}
	if res := get(athlete+"/card.png", cardTag); res.Code != 200 {
		t.Fatalf("card after a re-import: %d, want a new drawing", res.Code)
	}

	// A DNF has neither; unknown bibs and sets are 404 too.
	for _, path := range []string{
		"/api/events/" + w.eventID + "/results/" + set.ID + "/athletes/130/certificado.pdf",
		"/api/events/" + w.eventID + "/results/" + set.ID + "/athletes/999/card.png",
		"/api/events/" + w.eventID + "/results/nao-existe/athletes/103/card.png",
		"/api/events/nao-existe/results/" + set.ID + "/athletes/103/certificado.pdf",
	} {
		if res := get(path, ""); res.Code != http.StatusNotFound || !strings.Contains(res.Body.String(), `"message"`) {
			t.Errorf("%s: %d %s", path, res.Code, res.Body)
		}
	}
}

// The athlete's page, as WhatsApp reads it: the name and time in og:title, places in the
// description, the share card (absolute, 1200×630) as og:image, and the answer as first data.
func TestAthletePageMeta(t *testing.T) {
	w, set := publishedWorld(t, "preliminar")
	path := "/resultado/" + w.eventID + "/atleta/" + set.ID + "/103"
	res := w.do(httptest.NewRequest("GET", path, nil), visitor)
	if res.Code != 200 {
		t.Fatalf("page: %d", res.Code)
	}
	page := res.Body.String()
	want := map[string]string{
		"og:title":        "Atleta Conceição 3: 2:00:21 nos 60 km — Corrida da Dona",
		"og:description":  "4º de 30 no geral · 2º de 15 no masculino · 2º de 15 na categoria Master A · pace 2:00/km. Resultado preliminar.",
		"og:image":        "https://pelotao.example/api/events/" + w.eventID + "/results/" + set.ID + "/athletes/103/card.png",
		"og:image:width":  "1200",
		"og:image:height": "630",
		"og:image:alt":    "Resultado de Atleta Conceição 3: 2:00:21",
		"twitter:card":    "summary_large_image",
		"description":     "4º de 30 no geral · 2º de 15 no masculino · 2º de 15 na categoria Master A · pace 2:00/km. Resultado preliminar.",
	}
	for k, v := range want {
		if got := metaContent(t, page, k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	var data map[string]json.RawMessage
	if err := json.Unmarshal([]byte(scriptBlock(t, page, "application/json")), &data); err != nil {
		t.Fatal(err)
	}
	var a map[string]any
	json.Unmarshal(data["/api/events/"+w.eventID+"/results/"+set.ID+"/athletes/103"], &a)
	if a["nome"] != "Atleta Conceição 3" || a["maisRapidoQue"] != 86.0 {
		t.Fatalf("first data = %s", data)
	}
	// An unknown bib is still the event's page, for the app to say it is not found.
	res = w.do(httptest.NewRequest("GET", "/resultado/"+w.eventID+"/atleta/"+set.ID+"/999", nil), visitor)
	if res.Code != 200 || metaContent(t, res.Body.String(), "og:image") == "" && strings.Contains(res.Body.String(), "card.png") {
		t.Fatalf("unknown bib: %d", res.Code)
	}
}
