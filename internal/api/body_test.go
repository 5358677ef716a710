package api

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"pelotao/internal/money"
)

// TestReadJSONRefusals sends each kind of body ReadJSON refuses and checks the 400 and its
// pt-BR message, then the bodies it takes.
func TestReadJSONRefusals(t *testing.T) {
	type target struct {
		Nome  string `json:"nome"`
		Idade int    `json:"idade"`
		Local struct {
			Cidade string `json:"cidade"`
		} `json:"local"`
		Valor money.Centavos `json:"valor"`
	}
	cases := []struct{ body, message string }{
		{"", "Envie os dados em JSON no corpo da requisição."},
		{"  \n\t ", "Envie os dados em JSON no corpo da requisição."},
		{`[{"nome":"Ana"}]`, "Os dados devem ser um objeto JSON."},
		{`"Ana"`, "Os dados devem ser um objeto JSON."},
		{`null`, "Os dados devem ser um objeto JSON."},
		{`{"nome":"Ana",}`, "Os dados enviados não são um JSON válido (erro na posição 15)."},
		{`{"nome":"Ana"`, "Os dados enviados estão incompletos."},
		{`{"nome":"Ana","apelido":"A"}`, `Campo desconhecido: "apelido".`},
		{`{"idade":"trinta"}`, `O campo "idade" tem um tipo de valor inválido.`},
		{`{"local":{"cidade":7}}`, `O campo "local.cidade" tem um tipo de valor inválido.`},
		{`{"valor":"89,90"}`, `O campo "valor" tem um tipo de valor inválido.`}, // money, as a float would say
		{`{"nome":"Ana"} {"nome":"Bia"}`, "Há conteúdo depois do objeto JSON."},
		{`{"nome":"Ana"} x`, "Há conteúdo depois do objeto JSON."},
	}
	for _, c := range cases {
		var v target
		r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(c.body))
		err := ReadJSON(r, &v)
		var apiErr *Error
		if !errors.As(err, &apiErr) {
			t.Errorf("%q: error %v, want an *Error", c.body, err)
			continue
		}
		if apiErr.Status != http.StatusBadRequest || apiErr.Code != "invalid-argument" || apiErr.Message != c.message {
			t.Errorf("%q: %d %s %q, want 400 invalid-argument %q", c.body, apiErr.Status, apiErr.Code, apiErr.Message, c.message)
		}
	}
	for _, body := range []string{`{"nome":"Ana","idade":30}`, " {\"nome\":\"Ana\",\"idade\":30}\n"} {
		var v target
		if err := ReadJSON(httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body)), &v); err != nil || v.Nome != "Ana" || v.Idade != 30 {
			t.Errorf("%q: read %+v, %v", body, v, err)
		}
	}
}

// failingBody is a body whose read breaks off (a client gone mid-request).
type failingBody struct{}

func (failingBody) Read([]byte) (int, error) { return 0, errors.New("connection reset by peer") }

// TestReadBodyUnreadable checks that a body that cannot be read is a 400 that says so, with
// nothing of the cause in the answer.
func TestReadBodyUnreadable(t *testing.T) {
	r := httptest.NewRequest(http.MethodPost, "/", failingBody{})
	_, err := ReadBody(r)
	var apiErr *Error
	if !errors.As(err, &apiErr) || apiErr.Status != http.StatusBadRequest || apiErr.Message != "Não foi possível ler o corpo da requisição." {
		t.Fatalf("error %v, want 400 'Não foi possível ler o corpo da requisição.'", err)
	}
}

// TestTooLargeBodySaysTheLimit checks how the 413 writes each route's limit.
func TestTooLargeBodySaysTheLimit(t *testing.T) {
	cases := map[int64]string{
		512:      "512 bytes",
		4 << 10:  "4 KB",
		64 << 10: "64 KB",
		1 << 20:  "1 MB",
		20 << 20: "20 MB",
	}
	for limit, said := range cases {
		e := TooLargeBody(limit)
		want := "O corpo da requisição é grande demais: o limite é de " + said + "."
		if e.Status != http.StatusRequestEntityTooLarge || e.Code != "invalid-argument" || e.Message != want {
			t.Errorf("limit %d: %d %s %q, want 413 %q", limit, e.Status, e.Code, e.Message, want)
		}
	}
}
