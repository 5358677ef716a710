package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
)

// LimitBody caps the body a route may read at maxBody bytes (the route table's maxBody). Reading
// past it fails with *http.MaxBytesError, which WriteError answers with 413, and the connection
// is closed afterwards so that the rest of an oversized body is never read.
func LimitBody(maxBody int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		next.ServeHTTP(w, r)
	})
}

// TooLargeBody is the 413 of a body beyond its route's limit.
func TooLargeBody(limit int64) *Error {
	return &Error{Status: http.StatusRequestEntityTooLarge, Code: "invalid-argument",
		Message: "O corpo da requisição é grande demais: o limite é de " + byteSize(limit) + "."}
}

// byteSize writes a limit the way people read it: 64 KB, 1 MB, 20 MB.
func byteSize(n int64) string {
	switch {
	case n >= 1<<20:
		return strconv.FormatInt(n>>20, 10) + " MB"
	case n >= 1<<10:
		return strconv.FormatInt(n>>10, 10) + " KB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// ReadBody reads the whole body, within the limit LimitBody set.
func ReadBody(r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(r.Body)
	if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
		return nil, TooLargeBody(mbe.Limit)
	}
	if err != nil {
		return nil, InvalidArgument("Não foi possível ler o corpo da requisição.")
	}
	return body, nil
}

// ReadJSON decodes a JSON object body into v strictly: one object, no unknown fields, no
// value of the wrong type and nothing after it. Each refusal is a 400 that says what is wrong.
func ReadJSON(r *http.Request, v any) error {
	body, err := ReadBody(r)
	if err != nil {
		return err
	}
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return InvalidArgument("Envie os dados em JSON no corpo da requisição.")
	}
	if body[0] != '{' {
		return InvalidArgument("Os dados devem ser um objeto JSON.")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return InvalidArgument(jsonMessage(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return InvalidArgument("Há conteúdo depois do objeto JSON.")
	}
	return nil
}

// jsonMessage says in Portuguese why encoding/json refused a body.
func jsonMessage(err error) string {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return fmt.Sprintf("Os dados enviados não são um JSON válido (erro na posição %d).", syntax.Offset)
	case errors.As(err, &typ):
		if typ.Field == "" {
			return "Os dados enviados têm um valor de tipo inválido."
		}
		return fmt.Sprintf("O campo %q tem um tipo de valor inválido.", typ.Field)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "Os dados enviados estão incompletos."
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name, _ := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
		return fmt.Sprintf("Campo desconhecido: %q.", name)
	}
	return "Não foi possível ler os dados enviados."
}
