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
}

// RefundNoticeSubject is the subject of the refund e-mail.
const RefundNoticeSubject = "Devolução do seu Pix — Pelotão"

var refundText = texttemplate.Must(texttemplate.New("text").Parse(`Olá, {{.Nome}}!

{{.Motivo}}

Devolvemos {{.Valor.BRL}} pelo Pix do seu pedido para "{{.Evento}}". O valor volta para a conta de onde o Pix saiu; o seu banco pode levar alguns minutos para mostrá-lo.
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
<head><meta charset="utf-8"><title>Devolução do seu Pix</title></head>
<body>
<p>Olá, {{.Nome}}!</p>
<p>{{.Motivo}}</p>
<p>Devolvemos <strong>{{.Valor.BRL}}</strong> pelo Pix do seu pedido para <strong>{{.Evento}}</strong>. O valor volta para a conta de onde o Pix saiu; o seu banco pode levar alguns minutos para mostrá-lo.</p>
{{if .Inscricoes}}<p>As inscrições deste pedido foram canceladas.</p>{{end}}
<p><a href="{{.Pedido}}">Ver o pedido</a></p>
<p>Equipe Pelotão</p>
</body>
</html>
`))

// Refund is the pt-BR e-mail that tells a buyer their Pix (or part of it) was returned.
func Refund(n RefundNotice) (Message, error) {
	return compose(n.To, RefundNoticeSubject, refundText, refundHTML, n)
}
