// Package receipt writes the confirmation e-mails of a paid order (docs/requirements.md REG-82):
// the buyer's, with every registration of the order, and one to each athlete who gave an
// e-mail other than the buyer's, with their own. Each registration carries its QR code (of
// {base}/i/{codigo}) as an inline PNG, and the race comes as an .ics attachment.
package receipt

import (
	"cmp"
	"encoding/json"
	htmltemplate "html/template"
	"net/mail"
	"strings"
	texttemplate "text/template"

	"pelotao/internal/event"
	pmail "pelotao/internal/mail"
	"pelotao/internal/qrcode"
	"pelotao/internal/store"
)

// Order is what the e-mails tell: the paid order, its event, who bought it, where the site is,
// and the event as an iCalendar file.
type Order struct {
	Order      store.Order
	Event      *event.Event
	BuyerName  string
	BuyerEmail string
	BaseURL    string // the public origin, without a trailing slash
	Calendar   []byte
}

// Messages are the confirmation e-mails of o: the buyer's first, then each other athlete's.
func Messages(o Order) ([]pmail.Message, error) {
	regs := make([]registration, 0, len(o.Order.Inscricoes))
	for _, r := range o.Order.Inscricoes {
		if r.Codigo == "" {
			continue // not confirmed: nothing to show at the kit desk
		}
		var a struct{ Email, Kit string }
		_ = json.Unmarshal(r.Atleta, &a) // an athlete without these fields is told without them
		qr, err := qrcode.PNG(o.BaseURL+"/i/"+r.Codigo, 6)
		if err != nil {
			return nil, err
		}
		regs = append(regs, registration{Registration: r, Email: strings.TrimSpace(a.Email), Kit: a.Kit, QR: qr})
	}
	var out []pmail.Message
	if o.BuyerEmail != "" {
		m, err := message(o, o.BuyerEmail, cmp.Or(o.BuyerName, "atleta"), regs, buyerLink(o))
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	sent := map[string]bool{strings.ToLower(o.BuyerEmail): true}
	for _, r := range regs {
		addr, err := mail.ParseAddress(r.Email)
		if err != nil || sent[strings.ToLower(addr.Address)] {
			continue // no (usable) e-mail, or one already told
		}
		sent[strings.ToLower(addr.Address)] = true
		m, err := message(o, addr.Address, firstName(r.Nome), []registration{r}, athleteLink(o, r))
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// registration is one confirmed athlete as the e-mail shows it.
type registration struct {
	store.Registration
	Email, Kit string
	QR         []byte
}

// ContentID is how the HTML names the QR image of a registration.
func (r registration) ContentID() string { return "qr-" + strings.ToLower(r.Codigo) + "@pelotao" }

type view struct {
	Greeting, Title, Date, Place, Total string
	Link                                link
	Registrations                       []registration
	Pickups                             []pickup
	MultipleAthletes                    bool
}

// link is where an e-mail leads its reader: the buyer to the order, an athlete to their own
// registration, the only page of the order they may open (REG-260).
type link struct {
	URL, Text, HTML string
	Athlete         bool // the reader signs in with this e-mail, verified, to open it
}

func buyerLink(o Order) link {
	return link{URL: o.BaseURL + "/inscricao/" + o.Event.ID + "/pedido/" + o.Order.ID,
		Text: "Pedido e QR codes", HTML: "Ver o pedido e os QR codes"}
}

func athleteLink(o Order, r registration) link {
	return link{URL: o.BaseURL + "/i/" + r.Codigo, Text: "Sua inscrição e o QR code", HTML: "Ver a sua inscrição e o QR code", Athlete: true}
}

type pickup struct{ Local, Data, Horario string }

func message(o Order, to, greeting string, regs []registration, l link) (pmail.Message, error) {
	e := o.Event
	v := view{Greeting: greeting, Title: cmp.Or(strings.TrimSpace(e.Titulo), "Evento"), Date: event.LongDate(e.DataEvento),
		Place: placeOf(e.Local), Link: l, Registrations: regs, MultipleAthletes: len(regs) > 1}
	if to == o.BuyerEmail {
		v.Total = o.Order.Total.BRL()
	}
	for _, p := range e.RetiradaKits {
		h := p.HorarioInicio
		if p.HorarioFim != "" {
			h += " às " + p.HorarioFim
		}
		v.Pickups = append(v.Pickups, pickup{Local: p.Local, Data: event.LongDate(p.Data), Horario: h})
	}
	var t, h strings.Builder
	if err := textBody.Execute(&t, v); err != nil {
		return pmail.Message{}, err
	}
	if err := htmlBody.Execute(&h, v); err != nil {
		return pmail.Message{}, err
	}
	m := pmail.Message{To: to, Subject: "Inscrição confirmada: " + v.Title, Text: t.String(), HTML: h.String()}
	for _, r := range regs {
		m.Inline = append(m.Inline, pmail.File{Name: "inscricao-" + r.Codigo + ".png", ContentType: "image/png", ContentID: r.ContentID(), Data: r.QR})
	}
	if len(o.Calendar) > 0 {
		m.Attachments = append(m.Attachments, pmail.File{Name: "evento.ics", ContentType: "text/calendar", Data: o.Calendar})
	}
	return m, nil
}

func firstName(nome string) string {
	if f := strings.Fields(nome); len(f) > 0 {
		return f[0]
	}
	return "atleta"
}

// placeOf is the venue and its city as one line.
func placeOf(l event.Local) string {
	return strings.Trim(strings.TrimSpace(l.Local)+", "+l.CityUF(), ", ")
}

var textBody = texttemplate.Must(texttemplate.New("text").Parse(`Olá, {{.Greeting}}!

{{if .MultipleAthletes}}As inscrições estão confirmadas{{else}}A inscrição está confirmada{{end}} em {{.Title}}{{if .Date}}, {{.Date}}{{end}}{{if .Place}}, {{.Place}}{{end}}.
{{range .Registrations}}
{{.Nome}}
  Código da inscrição: {{.Codigo}}
  Modalidade: {{.Percurso}}
  Categoria: {{.Categoria}}{{if .Kit}}
  Kit: {{.Kit}}{{end}}{{if .Camiseta}}
  Camiseta: {{.Camiseta}}{{end}}
{{end}}
Apresente o QR code (ou o código) na retirada do kit, com um documento com foto.
{{if .Pickups}}
Retirada de kits:
{{range .Pickups}}  - {{.Local}}{{if .Data}}, {{.Data}}{{end}}{{if .Horario}}, das {{.Horario}}{{end}}
{{end}}{{end}}{{if .Total}}
Total pago: {{.Total}}
{{end}}
{{.Link.Text}}: {{.Link.URL}}{{if .Link.Athlete}}
Para abri-la, entre no Pelotão (ou crie sua conta) com este e-mail e confirme-o.{{end}}
O arquivo anexo (evento.ics) coloca a prova na sua agenda.

Boa prova!
Equipe Pelotão
`))

// The HTML part uses attributes only (no <style>), so webmail clients show it as written.
var htmlBody = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Inscrição confirmada</title></head>
<body>
<p>Olá, {{.Greeting}}!</p>
<p>{{if .MultipleAthletes}}As inscrições estão confirmadas{{else}}A inscrição está confirmada{{end}} em <strong>{{.Title}}</strong>{{if .Date}}, {{.Date}}{{end}}{{if .Place}}, {{.Place}}{{end}}.</p>
{{range .Registrations}}
<table role="presentation" cellpadding="8" border="0">
<tr>
<td><img src="cid:{{.ContentID}}" width="180" height="180" alt="QR code da inscrição {{.Codigo}}"></td>
<td>
<strong>{{.Nome}}</strong><br>
Código da inscrição: <strong>{{.Codigo}}</strong><br>
Modalidade: {{.Percurso}}<br>
Categoria: {{.Categoria}}{{if .Kit}}<br>
Kit: {{.Kit}}{{end}}{{if .Camiseta}}<br>
Camiseta: {{.Camiseta}}{{end}}
</td>
</tr>
</table>
{{end}}
<p>Apresente o QR code (ou o código) na retirada do kit, com um documento com foto.</p>
{{if .Pickups}}<p><strong>Retirada de kits</strong></p>
<ul>{{range .Pickups}}<li>{{.Local}}{{if .Data}}, {{.Data}}{{end}}{{if .Horario}}, das {{.Horario}}{{end}}</li>{{end}}</ul>{{end}}
{{if .Total}}<p>Total pago: {{.Total}}</p>{{end}}
<p><a href="{{.Link.URL}}">{{.Link.HTML}}</a>{{if .Link.Athlete}}<br>
Para abri-la, entre no Pelotão (ou crie sua conta) com este e-mail e confirme-o.{{end}}</p>
<p>O arquivo anexo (evento.ics) coloca a prova na sua agenda.</p>
<p>Boa prova!<br>Equipe Pelotão</p>
</body>
</html>
`))
