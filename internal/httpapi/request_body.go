package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
)

// decodeJSON reads a request's JSON body of at most maxBytes into dst, refusing fields dst does
// not have, so that a misspelt field is an error and not silently ignored.
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any, maxBytes int64) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBytes))
	dec.DisallowUnknownFields()
	err := dec.Decode(dst)
	if err == nil && dec.More() {
		err = errors.New("trailing data")
	}
	var tooLarge *http.MaxBytesError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tooLarge):
		return &Error{Status: http.StatusRequestEntityTooLarge, Code: "invalid-argument", Message: "O envio é grande demais."}
	case errors.Is(err, io.EOF):
		return invalidArgument("O corpo da requisição está vazio.")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return invalidArgument("Campo desconhecido: " + strings.TrimPrefix(err.Error(), "json: unknown field ") + ".")
	default:
		return invalidArgument("Não foi possível ler os dados enviados.")
	}
}
