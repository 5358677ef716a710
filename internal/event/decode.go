package event

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// DecodeError is a request body that cannot be read as an event at all (400), with a pt-BR
// message for people. A document that reads but breaks a rule is a ValidationError instead.
type DecodeError struct {
	Message string
	err     error
}

func (e *DecodeError) Error() string { return "event: decode: " + e.Message }
func (e *DecodeError) Unwrap() error { return e.err }

// legacyKeys are the fields of the older document shape the athlete panel read (docs/product.md §3, last line).
var legacyKeys = []string{"title", "location", "date", "images", "distances"}

// Decode reads an event document as a client sends it: the spec's shape or, when it carries any
// of the older fields (title, location, date, images, distances), the older shape mapped onto the
// spec's fields. Unknown fields are refused. The result is not yet normalised nor validated.
func Decode(data []byte) (Event, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return Event{}, &DecodeError{Message: "Envie o evento em JSON no corpo da requisição."}
	}
	if data[0] != '{' {
		if !json.Valid(data) {
			return Event{}, decodeError(strictUnmarshal(data, new(any)))
		}
		return Event{}, &DecodeError{Message: "O evento deve ser um objeto JSON."}
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return Event{}, decodeError(err)
	}
	for _, k := range legacyKeys {
		if _, ok := top[k]; ok {
			return decodeLegacy(data)
		}
	}
	var e Event
	if err := strictUnmarshal(data, &e); err != nil {
		return Event{}, decodeError(err)
	}
	return e, nil
}

// strictUnmarshal is json.Unmarshal refusing unknown fields and anything after the value.
// Types with their own UnmarshalJSON call it too: the decoder's setting does not reach them.
func strictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errTrailing
	}
	return nil
}

var errTrailing = errors.New("trailing data after the JSON value")

func decodeError(err error) *DecodeError {
	var de *DecodeError
	if errors.As(err, &de) {
		return de
	}
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	msg := "O corpo da requisição não é um JSON válido."
	switch {
	case errors.As(err, &syntax):
		msg = fmt.Sprintf("O corpo da requisição não é um JSON válido (erro na posição %d).", syntax.Offset)
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			field = "evento"
		}
		msg = fmt.Sprintf("O campo %q tem um tipo de valor inválido (esperado: %s).", field, tipoJSON(typ.Type.Kind().String()))
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		msg = "O JSON do evento está incompleto."
	case errors.Is(err, errTrailing):
		msg = "Há conteúdo depois do objeto JSON do evento."
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name, _ := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
		msg = fmt.Sprintf("Campo desconhecido: %q.", name)
	}
	return &DecodeError{Message: msg, err: err}
}

func tipoJSON(kind string) string {
	switch kind {
	case "string":
		return "texto"
	case "bool":
		return "verdadeiro ou falso"
	case "slice", "array":
		return "lista"
	case "struct", "map":
		return "objeto"
	default:
		return "número"
	}
}

// legacyEvent is the older shape. id and status were read by the athlete panel beside the five
// fields the spec names; status was a boolean there.
type legacyEvent struct {
	ID        string            `json:"id"`
	Title     string            `json:"title"`
	Location  json.RawMessage   `json:"location"`
	Date      Date              `json:"date"`
	Images    json.RawMessage   `json:"images"`
	Distances []json.RawMessage `json:"distances"`
	Status    json.RawMessage   `json:"status"`
}

// StatusEncerradas is what an older document's status false becomes.
const StatusEncerradas = "Inscrições Encerradas"

func decodeLegacy(data []byte) (Event, error) {
	var l legacyEvent
	if err := strictUnmarshal(data, &l); err != nil {
		return Event{}, decodeError(err)
	}
	e := New()
	e.Titulo = l.Title
	e.DataEvento = l.Date
	e.Inscricoes.Lotes = nil
	e.Kits = nil

	if err := legacyLocation(l.Location, &e.Local); err != nil {
		return Event{}, decodeError(err)
	}
	if err := legacyImages(l.Images, &e.Banners); err != nil {
		return Event{}, decodeError(err)
	}
	if err := legacyStatus(l.Status, &e.Status); err != nil {
		return Event{}, decodeError(err)
	}
	largada := e.Largadas[0].ID
	for _, raw := range l.Distances {
		km := legacyDistance(raw)
		nome := "Distância"
		if km.Valid {
			nome = strings.Replace(strconv.FormatFloat(km.Value, 'f', -1, 64), ".", ",", 1) + " km"
		}
		e.Modalidades = append(e.Modalidades, Modalidade{Nome: nome, Km: km, LargadaID: largada, Percurso: Percurso{Tipo: TipoTexto}})
	}
	if len(e.Modalidades) == 0 {
		e.Largadas = nil
	}
	return e, nil
}

// legacyLocation reads location: one line such as "Parque do Ibirapuera, São Paulo - SP"
// (venue, city and state when they can be told apart), or an object with the spec's local fields.
func legacyLocation(raw json.RawMessage, l *Local) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil
	}
	if raw[0] == '{' {
		return strictUnmarshal(raw, l)
	}
	var s string
	if err := strictUnmarshal(raw, &s); err != nil {
		return err
	}
	*l = parseLocationLine(s)
	return nil
}

func parseLocationLine(s string) Local {
	s = strings.TrimSpace(s)
	rest, estado := s, ""
	for _, sep := range []string{" - ", " – ", "/", ","} {
		if i := strings.LastIndex(rest, sep); i >= 0 {
			if uf := strings.ToUpper(strings.TrimSpace(rest[i+len(sep):])); IsUF(uf) {
				rest, estado = strings.TrimSpace(rest[:i]), uf
				break
			}
		}
	}
	if estado == "" {
		return Local{Local: s}
	}
	if i := strings.LastIndex(rest, ","); i >= 0 {
		return Local{Local: strings.TrimSpace(rest[:i]), Cidade: strings.TrimSpace(rest[i+1:]), Estado: estado}
	}
	return Local{Cidade: rest, Estado: estado}
}

// legacyImages reads images: a list of URLs (the first is the desktop banner, the second, if any,
// the mobile one) or an object {desktop, mobile}.
func legacyImages(raw json.RawMessage, b *Banners) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil
	}
	if raw[0] == '{' {
		return strictUnmarshal(raw, b)
	}
	var urls []string
	if err := strictUnmarshal(raw, &urls); err != nil {
		return err
	}
	if len(urls) > 0 {
		b.Desktop, b.Mobile = urls[0], urls[0]
	}
	if len(urls) > 1 {
		b.Mobile = urls[1]
	}
	return nil
}

func legacyStatus(raw json.RawMessage, status *string) error {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0 || bytes.Equal(raw, []byte("null")):
		return nil
	case bytes.Equal(raw, []byte("true")):
		*status = Const.OpenStatus
		return nil
	case bytes.Equal(raw, []byte("false")):
		*status = StatusEncerradas
		return nil
	}
	return strictUnmarshal(raw, status)
}

// legacyDistance reads 10, "10", "21,1 km" or "42K".
func legacyDistance(raw json.RawMessage) Decimal {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		s = strings.TrimSpace(strings.ToLower(s))
		s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(s, "km"), "k"))
		raw, _ = json.Marshal(s)
	}
	var d Decimal
	_ = d.UnmarshalJSON(raw)
	return d
}
