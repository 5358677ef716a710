package mail

import (
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
)

// StaffInvitation is what the team invitation says: who invites, to which event, as what, and
// where to go. Workspace is the event's page for its team (/dashboard/eventos/{eventId}), which
// asks a visitor to sign in first; SignUp creates the account the invitation waits for.
type StaffInvitation struct {
	To        string
	Inviter   string
	Event     string
	RoleName  string // "gestão" or "retirada de kits", as people read it
	Workspace string
	SignUp    string
}

// StaffInvitationSubject is the subject of the team invitation e-mail.
const StaffInvitationSubject = "Convite para a equipe de um evento — Pelotão"

var inviteText = texttemplate.Must(texttemplate.New("text").Parse(`Olá!

{{.Inviter}} convidou você para a equipe do evento "{{.Event}}" no Pelotão, na função de {{.RoleName}}.

Para abrir o evento, entre na sua conta com este e-mail ({{.To}}):

{{.Workspace}}

Ainda não tem conta? Cadastre-se com este mesmo e-mail e o convite passa a valer na hora:

{{.SignUp}}

Se você não esperava este convite, ignore este e-mail.

Equipe Pelotão
`))

// The HTML part uses attributes only (no <style>), so webmail clients show it as written.
var inviteHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Convite para a equipe</title></head>
<body>
<p>Olá!</p>
<p>{{.Inviter}} convidou você para a equipe do evento <strong>{{.Event}}</strong> no Pelotão, na função de {{.RoleName}}.</p>
<p><a href="{{.Workspace}}">Abrir o evento</a> (entre na sua conta com este e-mail: {{.To}})</p>
<p>Ainda não tem conta? <a href="{{.SignUp}}">Cadastre-se com este mesmo e-mail</a> e o convite passa a valer na hora.</p>
<p>Se os links não abrirem, copie estes endereços no navegador:<br>{{.Workspace}}<br>{{.SignUp}}</p>
<p>Se você não esperava este convite, ignore este e-mail.</p>
<p>Equipe Pelotão</p>
</body>
</html>
`))

// Invitation is the pt-BR e-mail that invites someone to an event's team.
func Invitation(inv StaffInvitation) (Message, error) {
	var text, html strings.Builder
	if err := inviteText.Execute(&text, inv); err != nil {
		return Message{}, err
	}
	if err := inviteHTML.Execute(&html, inv); err != nil {
		return Message{}, err
	}
	return Message{To: inv.To, Subject: StaffInvitationSubject, Text: text.String(), HTML: html.String()}, nil
}
