package mercadopago

import (
	"errors"
	"fmt"
	"strings"
)

// ErrUnavailable is Mercado Pago not answering: a timeout, a network failure, a 5xx or an answer
// that cannot be read. The request may succeed later; a buyer is told "Pagamento indisponível no
// momento" (503 pagamento-indisponivel) and nothing is kept.
var ErrUnavailable = errors.New("mercadopago: unavailable")

// Rejected is a 4xx answer: Mercado Pago understood the request and refused it (a refund of more
// than is left, an unknown payment, a token it does not accept). Sending it again will not help.
type Rejected struct {
	Op      string // "POST /v1/payments/{id}/refunds"
	Problem Problem
}

func (e *Rejected) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "mercadopago: %s: %d", e.Op, e.Problem.Status)
	for _, s := range []string{e.Problem.Error, e.Problem.Message} {
		if s != "" {
			b.WriteString(" " + s)
		}
	}
	for _, c := range e.Problem.Cause {
		fmt.Fprintf(&b, "; %v: %s", c.Code, c.Description)
	}
	return b.String()
}

// NotFound reports whether Mercado Pago answered 404 (an unknown payment or preference).
func (e *Rejected) NotFound() bool { return e.Problem.Status == 404 }

// Problem is the API's error body.
type Problem struct {
	Message string  `json:"message"`
	Error   string  `json:"error"`
	Status  int     `json:"status"`
	Cause   []Cause `json:"cause,omitempty"`
}

// Cause is one reason of a refusal. Its code is a number or a string, as the API writes either.
type Cause struct {
	Code        any    `json:"code"`
	Description string `json:"description"`
}
