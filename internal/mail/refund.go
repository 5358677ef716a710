package mail

import (
	htmltemplate "html/template"
	texttemplate "text/template"

	"pelotao/internal/money"
)

// RefundNotice is what the buyer is told when money of an order goes back: the event, the
// amount, why, and whether the registrations left the event with it.
type RefundNotice struct {
	To, Nome, Evento string
	Valor            money.Centavos
	Motivo           string // a pt-BR sentence: why the money goes back
	Inscricoes       bool   // the order's registrations were cancelled
	Pedido           string // the order page's URL
	Cartao           bool   // the money went back to a card (an estorno), not by Pix
}

// RefundNoticeSubject is the subject of the refund e-mail; CardRefundNoticeSubject of a card's.
const (
	RefundNoticeSubject     = "Devolução do seu Pix — Pelotão"
	CardRefundNoticeSubject = "Estorno do seu pagamento com cartão — Pelotão"
)

var refundText = texttemplate.Must(texttemplate.New("text").Parse(`Olá, {{.Nome}}!

{{.Motivo}}

{{if .Cartao}}Estornamos {{.Valor.BRL}} no cartão com que você pagou o pedido para "{{.Evento}}". O estorno aparece na fatura do cartão em até duas faturas, conforme o banco emissor.{{else}}Devolvemos {{.Valor.BRL}} pelo Pix do seu pedido para "{{.Evento}}". O valor volta para a conta de onde o Pix saiu; o seu banco pode levar alguns minutos para mostrá-lo.{{end}}
{{if .Inscricoes}}
As inscrições deste pedido foram canceladas.
{{end}}
O pedido fica em:

{{.Pedido}}

Equipe Pelotão
`))

// The HTML part uses attributes only (no <style>), so webmail clients show it as written.
var refundHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>{{if .Cartao}}Estorno do seu pagamento com cartão{{else}}Devolução do seu Pix{{end}}</title></head>
<body>
<p>Olá, {{.Nome}}!</p>
<p>{{.Motivo}}</p>
{{if .Cartao}}<p>Estornamos <strong>{{.Valor.BRL}}</strong> no cartão com que você pagou o pedido para <strong>{{.Evento}}</strong>. O estorno aparece na fatura do cartão em até duas faturas, conforme o banco emissor.</p>{{else}}<p>Devolvemos <strong>{{.Valor.BRL}}</strong> pelo Pix do seu pedido para <strong>{{.Evento}}</strong>. O valor volta para a conta de onde o Pix saiu; o seu banco pode levar alguns minutos para mostrá-lo.</p>{{end}}
{{if .Inscricoes}}<p>As inscrições deste pedido foram canceladas.</p>{{end}}
<p><a href="{{.Pedido}}">Ver o pedido</a></p>
<p>Equipe Pelotão</p>
</body>
</html>
`))

// Refund is the pt-BR e-mail that tells a buyer their Pix or card payment (or part of it) was
// returned.
func Refund(n RefundNotice) (Message, error) {
	subject := RefundNoticeSubject
	if n.Cartao {
		subject = CardRefundNoticeSubject
	}
	return compose(n.To, subject, refundText, refundHTML, n)
}
