package pix

import (
	"errors"
	"fmt"
	"strings"
)

// ErrUnavailable is the PSP not answering: a timeout, a network failure or a 5xx. The request may
// succeed later; a buyer is told "Pagamento indisponível no momento" and nothing is kept.
var ErrUnavailable = errors.New("pix: PSP unavailable")

// Rejected is a 4xx answer: the PSP understood the request and refused it, with the API's
// problem details (RFC 7807). Sending the same request again will not help.
type Rejected struct {
	Op      string // "PUT /cob/{txid}", "POST token"
	Problem Problem
}

func (e *Rejected) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "pix: %s: %d", e.Op, e.Problem.Status)
	for _, s := range []string{e.Problem.Type, e.Problem.Title, e.Problem.Detail} {
		if s != "" {
			b.WriteString(" " + s)
		}
	}
	for _, v := range e.Problem.Violations {
		fmt.Fprintf(&b, "; %s: %s", v.Property, v.Reason)
	}
	return b.String()
}

// NotFound reports whether the PSP answered 404 (an unknown txid, refund or key).
func (e *Rejected) NotFound() bool { return e.Problem.Status == 404 }

// Problem is the API's error body.
type Problem struct {
	Type       string      `json:"type"`
	Title      string      `json:"title"`
	Status     int         `json:"status"`
	Detail     string      `json:"detail,omitempty"`
	Violations []Violation `json:"violacoes,omitempty"`
}

// Violation names one field of a refused request and why.
type Violation struct {
	Reason   string `json:"razao"`
	Property string `json:"propriedade"`
	Value    string `json:"valor,omitempty"`
}

// ProblemType is the API's type URL of an error named kind ("CobOperacaoInvalida").
func ProblemType(kind string) string { return "https://pix.bcb.gov.br/api/v2/error/" + kind }
