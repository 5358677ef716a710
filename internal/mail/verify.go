package mail

import (
	htmltemplate "html/template"
	texttemplate "text/template"
)

// EmailVerificationSubject is the subject of the e-mail that verifies an account's address.
const EmailVerificationSubject = "Confirme o seu e-mail — Pelotão"

var verifyText = texttemplate.Must(texttemplate.New("text").Parse(`Olá, {{.Name}}!

Para confirmar que este e-mail é seu, abra o link abaixo (válido por 24 horas, uma única vez):

{{.Link}}

Convites para a equipe de um evento só passam a valer depois da confirmação.

Se você não criou uma conta no Pelotão, ignore este e-mail e não abra o link.

Equipe Pelotão
`))

// The HTML part uses attributes only (no <style>), so webmail clients show it as written.
var verifyHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Confirme o seu e-mail</title></head>
<body>
<p>Olá, {{.Name}}!</p>
<p>Para confirmar que este e-mail é seu, abra o link abaixo.</p>
<p><a href="{{.Link}}">Confirmar meu e-mail</a></p>
<p>O link vale por 24 horas e pode ser usado uma única vez. Se o botão não abrir, copie este endereço no navegador:<br>{{.Link}}</p>
<p>Convites para a equipe de um evento só passam a valer depois da confirmação.</p>
<p>Se você não criou uma conta no Pelotão, ignore este e-mail e não abra o link.</p>
<p>Equipe Pelotão</p>
</body>
</html>
`))

// EmailVerification is the pt-BR e-mail that carries an address verification link.
func EmailVerification(to, name, link string) (Message, error) {
	return compose(to, EmailVerificationSubject, verifyText, verifyHTML, struct{ Name, Link string }{name, link})
}
