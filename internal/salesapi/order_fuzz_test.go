package salesapi

import (
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/store/dbtest"
)

// FuzzOrderBody posts arbitrary bodies to POST /api/events/{id}/pedidos, through the handler's
// own decoding (strict JSON, the body limit), pricing, holds and charge in the sandbox (REG-126).
// None may fail the server: every answer is the order (201), a refusal the API names (400, 409)
// or a 422 whose fields say what to correct, always as JSON.
func FuzzOrderBody(f *testing.F) {
	f.Add([]byte(orderJSON(f, "")))
	f.Add([]byte(orderJSON(f, `,"cupom":"NAOEXISTE"`)))
	f.Add([]byte(`{"atletas":[]}`))
	f.Add([]byte(`{"atletas":[{"nome":"A","documento":{"tipo":"passaporte","numero":"X1"},"nascimento":"2999-13-40"}],"extra":1}`))
	f.Add([]byte(`{"atletas":null,"cupom":7}`))
	site := newTestSite(f, dbtest.OpenSQLite(f, filepath.Join(f.TempDir(), "fuzz.db")), map[string]string{"PELOTAO_PIX_SANDBOX": "1"})
	eventID := site.createEvent(f)
	if err := site.sales.registerWebhook(f.Context()); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := site.Call("POST", "/api/events/"+eventID+"/pedidos", string(body), apitest.As(&bruno))
		switch rec.Code {
		case http.StatusCreated:
			var o orderAnswer
			if err := json.Unmarshal(rec.Body.Bytes(), &o); err != nil || o.ID == "" || len(o.Inscricoes) == 0 {
				t.Fatalf("201 without an order: %s", rec.Body)
			}
		case http.StatusBadRequest, http.StatusConflict, http.StatusUnprocessableEntity, http.StatusRequestEntityTooLarge:
			var e api.ErrorBody
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Error.Code == "" || e.Error.Message == "" {
				t.Fatalf("%d without a named error: %s", rec.Code, rec.Body)
			}
			if rec.Code == http.StatusUnprocessableEntity && len(e.Error.Fields) == 0 {
				t.Fatalf("422 without fields: %s", rec.Body)
			}
		default:
			t.Fatalf("%d for %q: %s", rec.Code, body, rec.Body)
		}
	})
}
