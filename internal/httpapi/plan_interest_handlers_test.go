package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"strings"
	"testing"
)

func TestCreatePlanInterest(t *testing.T) {
	cases := []struct {
		name       string
		body       string
		wantStatus int
		wantCode   string
		wantFields []string
	}{
		{"valid with WhatsApp", `{"nome":"Ana Souza","email":"ana@exemplo.com.br","whatsapp":"(11) 91234-5678","plano":"Intermédio"}`,
			http.StatusCreated, "", nil},
		{"valid without WhatsApp", `{"nome":"João","email":"joao@exemplo.com","plano":"Avançado"}`, http.StatusCreated, "", nil},
		{"every field wrong", `{"nome":"","email":"joao@","whatsapp":"123","plano":"Ouro"}`,
			http.StatusUnprocessableEntity, "invalid-argument", []string{"nome", "email", "whatsapp", "plano"}},
		{"nome too long", fmt.Sprintf(`{"nome":%q,"email":"a@b.com","plano":"Iniciante"}`, strings.Repeat("x", 121)),
			http.StatusUnprocessableEntity, "invalid-argument", []string{"nome"}},
		{"unknown field", `{"nome":"Ana","email":"a@b.com","plano":"Iniciante","cpf":"123"}`, http.StatusBadRequest, "invalid-argument", nil},
		{"not JSON", `nome=Ana`, http.StatusBadRequest, "invalid-argument", nil},
		{"empty body", ``, http.StatusBadRequest, "invalid-argument", nil},
		{"two documents", `{"nome":"Ana","email":"a@b.com","plano":"Iniciante"}{}`, http.StatusBadRequest, "invalid-argument", nil},
		{"too large", `{"nome":"` + strings.Repeat("a", 5000) + `","email":"a@b.com","plano":"Iniciante"}`,
			http.StatusRequestEntityTooLarge, "invalid-argument", nil},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			app := newTestApp(t)
			w := app.Call("POST", "/api/plan-interest", c.body, apitest.From(fmt.Sprintf("198.51.100.%d:4000", i)))
			if w.Code != c.wantStatus {
				t.Fatalf("status %d, want %d: %s", w.Code, c.wantStatus, w.Body)
			}
			if c.wantStatus == http.StatusCreated {
				var got struct {
					ID    int64  `json:"id"`
					Nome  string `json:"nome"`
					Plano string `json:"plano"`
				}
				if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || got.ID == 0 || got.Nome == "" || got.Plano == "" {
					t.Fatalf("body %s (%v)", w.Body, err)
				}
				stored, _ := app.store.PlanInterests(context.Background())
				if len(stored) != 1 || stored[0].ID != got.ID {
					t.Fatalf("stored %+v", stored)
				}
				return
			}
			var body api.ErrorBody
			if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
				t.Fatal(err)
			}
			if body.Error.Code != c.wantCode || body.Error.Message == "" {
				t.Errorf("error %+v", body.Error)
			}
			if len(body.Error.Fields) != len(c.wantFields) {
				t.Errorf("fields %v, want %v", body.Error.Fields, c.wantFields)
			}
			for _, f := range c.wantFields {
				if body.Error.Fields[f] == "" {
					t.Errorf("no message for %s", f)
				}
			}
			if stored, _ := app.store.PlanInterests(context.Background()); len(stored) != 0 {
				t.Errorf("a refused request stored %d interests", len(stored))
			}
		})
	}
}

func TestCreatePlanInterestStoresDigitsOnly(t *testing.T) {
	app := newTestApp(t)
	w := app.Call("POST", "/api/plan-interest", `{"nome":" Ana ","email":"ana@exemplo.com","whatsapp":"+55 (11) 91234-5678","plano":"Iniciante"}`, apitest.From("192.0.2.1:1"))
	if w.Code != http.StatusCreated {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	stored, _ := app.store.PlanInterests(context.Background())
	if len(stored) != 1 || stored[0].WhatsApp != "5511912345678" || stored[0].Nome != "Ana" {
		t.Fatalf("stored %+v", stored)
	}
}

func TestCreatePlanInterestRateLimitedPerAddress(t *testing.T) {
	app := newTestApp(t)
	body := `{"nome":"Ana","email":"ana@exemplo.com","plano":"Iniciante"}`
	for i := range planInterestLimit.Max {
		if w := app.Call("POST", "/api/plan-interest", body, apitest.From(fmt.Sprintf("203.0.113.5:%d", 5000+i))); w.Code != http.StatusCreated {
			t.Fatalf("request %d: status %d", i+1, w.Code)
		}
	}
	w := app.Call("POST", "/api/plan-interest", body, apitest.From("203.0.113.5:6000"))
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") == "" {
		t.Fatalf("over the limit: status %d, Retry-After %q", w.Code, w.Header().Get("Retry-After"))
	}
	var e api.ErrorBody
	_ = json.Unmarshal(w.Body.Bytes(), &e)
	if e.Error.Code != "too-many-requests" || !strings.Contains(e.Error.Message, "Tente novamente") {
		t.Errorf("error %+v", e.Error)
	}
	if w := app.Call("POST", "/api/plan-interest", body, apitest.From("203.0.113.6:5000")); w.Code != http.StatusCreated {
		t.Errorf("another address was limited too: %d", w.Code)
	}
}

// Behind a load balancer every request comes from the balancer: with PELOTAO_TRUST_PROXY the
// limit counts each client, not the balancer.
func TestPlanInterestLimitCountsClientsBehindATrustedProxy(t *testing.T) {
	app := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), map[string]string{"PELOTAO_TRUST_PROXY": "1"})
	post := func(client string) int {
		return app.Call("POST", "/api/plan-interest", `{"nome":"Ana","email":"ana@exemplo.com","plano":"Iniciante"}`,
			apitest.From("10.0.0.2:40000"), // the balancer
			apitest.Header("X-Forwarded-For", client)).Code
	}
	for i := range planInterestLimit.Max {
		if code := post("203.0.113.5"); code != http.StatusCreated {
			t.Fatalf("request %d: status %d", i+1, code)
		}
	}
	if code := post("203.0.113.5"); code != http.StatusTooManyRequests {
		t.Fatalf("over the limit: status %d", code)
	}
	if code := post("198.51.100.7"); code != http.StatusCreated {
		t.Fatalf("another client behind the same balancer was limited too: %d", code)
	}
}

func TestCreatePlanInterestRefusesOtherSites(t *testing.T) {
	app := newTestApp(t)
	if w := app.Call("POST", "/api/plan-interest", `{"nome":"Ana","email":"a@b.com","plano":"Iniciante"}`, apitest.Header("Sec-Fetch-Site", "cross-site")); w.Code != http.StatusForbidden {
		t.Fatalf("cross-site post: %d", w.Code)
	}
}
