package mail

import (
	htmltemplate "html/template"
	texttemplate "text/template"
)

// AthleteNotice tells an athlete what someone else did to their registration (REG-245): its
// buyer cancelled it, the organization refunded it, the buyer changed its data. The buyer gets
// their own e-mail; the athlete, who may not have bought it, learns it here.
type AthleteNotice struct {
	To, Nome, Evento string
	Assunto          string   // the subject
	Motivo           string   // a pt-BR sentence: what happened
	Detalhes         []string // pt-BR lines (the changes, the money's way back); may be empty
	Link             string   // where the athlete sees the registration ("Minhas inscrições")
}

// The athlete notices' subjects.
const (
	AthleteCanceledSubject = "Sua inscrição foi cancelada — Pelotão"
	AthleteEditedSubject   = "Sua inscrição foi alterada — Pelotão"
)

var athleteText = texttemplate.Must(texttemplate.New("text").Parse(`Olá, {{.Nome}}!

{{.Motivo}}
{{range .Detalhes}}
- {{.}}{{end}}

Se você não esperava por isso, fale com quem fez a sua inscrição ou com a organização de "{{.Evento}}".

As suas inscrições ficam em:

{{.Link}}

Equipe Pelotão
`))

var athleteHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>{{.Assunto}}</title></head>
<body>
<p>Olá, {{.Nome}}!</p>
<p>{{.Motivo}}</p>
{{if .Detalhes}}<ul>{{range .Detalhes}}<li>{{.}}</li>{{end}}</ul>{{end}}
<p>Se você não esperava por isso, fale com quem fez a sua inscrição ou com a organização de <strong>{{.Evento}}</strong>.</p>
<p><a href="{{.Link}}">Ver minhas inscrições</a></p>
<p>Equipe Pelotão</p>
</body>
</html>
`))

// Athlete is the pt-BR e-mail that tells an athlete what happened to their registration.
func Athlete(n AthleteNotice) (Message, error) {
	return compose(n.To, n.Assunto, athleteText, athleteHTML, n)
}
