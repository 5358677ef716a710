package mail

import (
	htmltemplate "html/template"
	texttemplate "text/template"
)

// StaffInvitation is what the team invitation says: who invites, to which event, as what, and
// where to go. Accept verifies the invited address (/verificar-email?token=…), which an
// invitation needs before it gives its role; SignUp creates the account the invitation waits
// for, with the same token, so the new account starts verified; Workspace is the event's page
// for its team (/dashboard/eventos/{eventId}).
type StaffInvitation struct {
	To        string
	Inviter   string
	Event     string
	RoleName  string // "gestão" or "retirada de kits", as people read it
	Accept    string
	Workspace string
	SignUp    string
}

// StaffInvitationSubject is the subject of the team invitation e-mail.
const StaffInvitationSubject = "Convite para a equipe de um evento — Pelotão"

var inviteText = texttemplate.Must(texttemplate.New("text").Parse(`Olá!

{{.Inviter}} convidou você para a equipe do evento "{{.Event}}" no Pelotão, na função de {{.RoleName}}.

Para aceitar o convite, abra este link (válido por 7 dias; ele também confirma que este e-mail, {{.To}}, é seu):

{{.Accept}}

Ainda não tem conta? Cadastre-se por este link com este mesmo e-mail e o convite passa a valer na hora:

{{.SignUp}}

Depois, o evento fica em:

{{.Workspace}}

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
<p><a href="{{.Accept}}">Aceitar o convite</a> (o link vale por 7 dias e também confirma que este e-mail, {{.To}}, é seu)</p>
<p>Ainda não tem conta? <a href="{{.SignUp}}">Cadastre-se com este mesmo e-mail</a> e o convite passa a valer na hora.</p>
<p>Depois, o evento fica em <a href="{{.Workspace}}">{{.Workspace}}</a>.</p>
<p>Se os links não abrirem, copie estes endereços no navegador:<br>{{.Accept}}<br>{{.SignUp}}</p>
<p>Se você não esperava este convite, ignore este e-mail.</p>
<p>Equipe Pelotão</p>
</body>
</html>
`))

// Invitation is the pt-BR e-mail that invites someone to an event's team.
func Invitation(inv StaffInvitation) (Message, error) {
	return compose(inv.To, StaffInvitationSubject, inviteText, inviteHTML, inv)
}
