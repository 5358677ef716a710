package mail

import (
	htmltemplate "html/template"
	texttemplate "text/template"

	"pelotao/internal/money"
)

// CardReversalNotice is what the event's owner is told when Mercado Pago reports a paid card
// order's payment refunded at its side or contested by the buyer at the card's bank (a
// chargeback, CARD-24): the event, the order, the amount, and which.
type CardReversalNotice struct {
	To, Nome, Evento string
	PedidoID         string
	Valor            money.Centavos
	Contestado       bool   // a chargeback; false: refunded at Mercado Pago
	Painel           string // the event's page in the organizer's area
}

// The subjects of the card reversal e-mails.
const (
	CardRefundedSubject   = "Pagamento com cartão estornado no Mercado Pago — Pelotão"
	CardChargebackSubject = "Pagamento com cartão contestado — Pelotão"
)

// CardReversal is the pt-BR e-mail that tells the event's owner of a card payment refunded at
// Mercado Pago or charged back.
func CardReversal(n CardReversalNotice) (Message, error) {
	subject := CardRefundedSubject
	if n.Contestado {
		subject = CardChargebackSubject
	}
	return compose(n.To, subject, cardReversalText, cardReversalHTML, n)
}

var cardReversalText = texttemplate.Must(texttemplate.New("text").Parse(`Olá, {{.Nome}}!

{{if .Contestado}}O Mercado Pago informou que o comprador contestou junto ao banco do cartão o pagamento de {{.Valor.BRL}} do pedido {{.PedidoID}} de "{{.Evento}}". O pedido aparece como contestado; as inscrições dele continuam confirmadas até você decidir o que fazer. Acompanhe a contestação na sua conta do Mercado Pago.{{else}}O Mercado Pago informou que o pagamento com cartão do pedido {{.PedidoID}} de "{{.Evento}}" foi estornado por lá. Registramos o estorno de {{.Valor.BRL}}: o pedido passou a reembolsado e as inscrições dele foram canceladas.{{end}}

O evento fica em:

{{.Painel}}

Equipe Pelotão
`))

// The HTML part uses attributes only (no <style>), so webmail clients show it as written.
var cardReversalHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>{{if .Contestado}}Pagamento com cartão contestado{{else}}Pagamento com cartão estornado no Mercado Pago{{end}}</title></head>
<body>
<p>Olá, {{.Nome}}!</p>
{{if .Contestado}}<p>O Mercado Pago informou que o comprador contestou junto ao banco do cartão o pagamento de <strong>{{.Valor.BRL}}</strong> do pedido <strong>{{.PedidoID}}</strong> de <strong>{{.Evento}}</strong>. O pedido aparece como contestado; as inscrições dele continuam confirmadas até você decidir o que fazer. Acompanhe a contestação na sua conta do Mercado Pago.</p>{{else}}<p>O Mercado Pago informou que o pagamento com cartão do pedido <strong>{{.PedidoID}}</strong> de <strong>{{.Evento}}</strong> foi estornado por lá. Registramos o estorno de <strong>{{.Valor.BRL}}</strong>: o pedido passou a reembolsado e as inscrições dele foram canceladas.</p>{{end}}
<p><a href="{{.Painel}}">Ver o evento</a></p>
<p>Equipe Pelotão</p>
</body>
</html>
`))
