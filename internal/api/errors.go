package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"pelotao/internal/store"
)

// Error is an API error with its HTTP status, a stable code and a pt-BR message for people.
type Error struct {
	Status  int
	Code    string
	Message string
	Fields  map[string]string
	// Rows are the bad rows of an uploaded spreadsheet ({row, column, message}).
	Rows any
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// fieldErrors is implemented by domain validation errors: a pt-BR message per field path.
type fieldErrors interface {
	error
	FieldErrors() map[string]string
}

// FieldError is a request's bad fields, a pt-BR message by field path (checkins[2].balcao):
// handlers return it and WriteError answers it, as it does every domain's validation error.
type FieldError map[string]string

func (f FieldError) Error() string                  { return fmt.Sprint(map[string]string(f)) }
func (f FieldError) FieldErrors() map[string]string { return f }

// Common API errors.
var (
	ErrNotFound        = &Error{Status: http.StatusNotFound, Code: "not-found", Message: "Não encontrado."}
	ErrUnauthenticated = &Error{Status: http.StatusUnauthorized, Code: "unauthenticated", Message: "Entre na sua conta para continuar."}
	ErrForbidden       = &Error{Status: http.StatusForbidden, Code: "forbidden", Message: "Você não tem permissão para fazer isso."}
	ErrEventNotFound   = &Error{Status: http.StatusNotFound, Code: "not-found", Message: "Evento não encontrado."}
)

// InvalidArgument is a 400 for a request the server cannot read at all.
func InvalidArgument(message string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "invalid-argument", Message: message}
}

// NotFoundAs answers the store's ErrNotFound as notFound, the route's own 404; any other error,
// and nil, passes as it is.
func NotFoundAs(err error, notFound *Error) error {
	if errors.Is(err, store.ErrNotFound) {
		return notFound
	}
	return err
}

// NoContent answers a delete (or an undo) the store has done with 204; the store's ErrNotFound
// is notFound.
func NoContent(w http.ResponseWriter, err error, notFound *Error) error {
	if err != nil {
		return NotFoundAs(err, notFound)
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// ErrorBody is the answer of every error (docs/http-api.md, "Errors").
type ErrorBody struct {
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields,omitempty"`
		Rows    any               `json:"rows,omitempty"`
	} `json:"error"`
}

// WriteError is the one place that turns an error into a response. Unknown errors are logged
// with the request id and answered 500 with no detail.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var apiErr *Error
	var fe fieldErrors
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &apiErr):
	case errors.As(err, &tooLarge): // a body its handler read past LimitBody's limit itself
		apiErr = TooLargeBody(tooLarge.Limit)
	case errors.As(err, &fe):
		apiErr = &Error{Status: http.StatusUnprocessableEntity, Code: "invalid-argument",
			Message: "Alguns campos precisam de correção.", Fields: fe.FieldErrors()}
	case errors.Is(err, store.ErrNotFound):
		apiErr = ErrNotFound
	default:
		slog.ErrorContext(r.Context(), "request failed", "request_id", RequestID(r.Context()), "err", err)
		apiErr = &Error{Status: http.StatusInternalServerError, Code: "internal",
			Message: "Ocorreu um erro inesperado. Tente novamente em instantes."}
	}
	var body ErrorBody
	body.Error.Code, body.Error.Message, body.Error.Fields, body.Error.Rows = apiErr.Code, apiErr.Message, apiErr.Fields, apiErr.Rows
	WriteJSON(w, apiErr.Status, body)
}

func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// WriteOK answers v with 200, or returns err when the read of v failed.
func WriteOK(w http.ResponseWriter, v any, err error) error {
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, v)
	return nil
}

// Func is a handler that returns its error instead of writing it.
type Func func(w http.ResponseWriter, r *http.Request) error

func (f Func) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := f(w, r); err != nil {
		WriteError(w, r, err)
	}
}
