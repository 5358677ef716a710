package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"pelotao/internal/store"
)

// answer runs a Func that returns err and gives back what WriteError answered.
func answer(t *testing.T, err error) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	Func(func(http.ResponseWriter, *http.Request) error { return err }).ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/", nil))
	return w
}

// TestWriteErrorMapsEachKind checks the one error mapping: an *Error as it is (wrapped too), a
// validation error 422 with its fields, the store's not found 404, and the error JSON's shape.
func TestWriteErrorMapsEachKind(t *testing.T) {
	cases := []struct {
		name    string
		err     error
		status  int
		code    string
		message string
		fields  map[string]string
	}{
		{"api error", ErrForbidden, 403, "forbidden", "Você não tem permissão para fazer isso.", nil},
		{"wrapped api error", fmt.Errorf("checking: %w", ErrEventNotFound), 404, "not-found", "Evento não encontrado.", nil},
		{"invalid argument", InvalidArgument("Informe o e-mail."), 400, "invalid-argument", "Informe o e-mail.", nil},
		{"field errors", FieldError{"checkins[0].balcao": "Informe o balcão."}, 422, "invalid-argument",
			"Alguns campos precisam de correção.", map[string]string{"checkins[0].balcao": "Informe o balcão."}},
		{"store not found", fmt.Errorf("event e1: %w", store.ErrNotFound), 404, "not-found", "Não encontrado.", nil},
		{"route's not found", NotFoundAs(store.ErrNotFound, ErrEventNotFound), 404, "not-found", "Evento não encontrado.", nil},
	}
	for _, c := range cases {
		w := answer(t, c.err)
		if w.Code != c.status {
			t.Errorf("%s: status %d, want %d", c.name, w.Code, c.status)
		}
		if ct, cc := w.Header().Get("Content-Type"), w.Header().Get("Cache-Control"); ct != "application/json; charset=utf-8" || cc != "no-store" {
			t.Errorf("%s: Content-Type %q, Cache-Control %q", c.name, ct, cc)
		}
		var body ErrorBody
		if err := json.NewDecoder(w.Body).Decode(&body); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if body.Error.Code != c.code || body.Error.Message != c.message || fmt.Sprint(body.Error.Fields) != fmt.Sprint(c.fields) {
			t.Errorf("%s: answered %+v, want %s %q %v", c.name, body.Error, c.code, c.message, c.fields)
		}
	}
}

// TestWriteErrorHidesTheUnexpected checks that an unknown error is a 500 whose answer says
// nothing of it, and that the log line carries the request id to find it by.
func TestWriteErrorHidesTheUnexpected(t *testing.T) {
	var logged bytes.Buffer
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(slog.New(slog.NewTextHandler(&logged, nil)))

	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r = r.WithContext(WithRequestID(r.Context(), "req-42"))
	w := httptest.NewRecorder()
	WriteError(w, r, errors.New("pq: password authentication failed for user pelotao"))
	if w.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", w.Code)
	}
	if strings.Contains(w.Body.String(), "password") {
		t.Errorf("the answer tells the cause: %s", w.Body)
	}
	if code, msg := errorOf(t, w); code != "internal" || msg != "Ocorreu um erro inesperado. Tente novamente em instantes." {
		t.Errorf("answered %s %q", code, msg)
	}
	if !strings.Contains(logged.String(), "request_id=req-42") {
		t.Errorf("the log line does not carry the request id: %q", logged.String())
	}
}

// TestWriteErrorBodyPastItsLimit checks what LimitBody promises: a body read past the route's
// limit is a 413 saying the limit, also when a handler read it itself (json.NewDecoder,
// io.ReadAll) rather than through ReadBody, and returned the *http.MaxBytesError as it came.
func TestWriteErrorBodyPastItsLimit(t *testing.T) {
	h := LimitBody(8<<10, Func(func(w http.ResponseWriter, r *http.Request) error {
		_, err := io.ReadAll(r.Body)
		return err
	}))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/", strings.NewReader(strings.Repeat("x", 9<<10))))
	if w.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %d, want 413 (%s)", w.Code, w.Body)
	}
	if code, msg := errorOf(t, w); code != "invalid-argument" || msg != "O corpo da requisição é grande demais: o limite é de 8 KB." {
		t.Errorf("answered %s %q", code, msg)
	}
}

// TestNoContent checks a delete's answers: 204 when done, the route's 404 when the store found
// nothing, any other error as it is.
func TestNoContent(t *testing.T) {
	w := httptest.NewRecorder()
	if err := NoContent(w, nil, ErrEventNotFound); err != nil || w.Code != http.StatusNoContent {
		t.Errorf("done: %v, status %d, want 204", err, w.Code)
	}
	if err := NoContent(httptest.NewRecorder(), store.ErrNotFound, ErrEventNotFound); err != ErrEventNotFound {
		t.Errorf("not found: %v, want the route's 404", err)
	}
	other := errors.New("disk full")
	if err := NoContent(httptest.NewRecorder(), other, ErrEventNotFound); err != other {
		t.Errorf("another error: %v, want it as it is", err)
	}
	if err := NotFoundAs(nil, ErrEventNotFound); err != nil {
		t.Errorf("NotFoundAs(nil) = %v", err)
	}
}
