package mail

import (
	htmltemplate "html/template"
	texttemplate "text/template"
)

// PasswordResetSubject is the subject of the password-reset e-mail.
const PasswordResetSubject = "Redefinição de senha — Pelotão"

var resetText = texttemplate.Must(texttemplate.New("text").Parse(`Olá, {{.Name}}!

Recebemos um pedido para redefinir a senha da sua conta no Pelotão.
Para escolher uma nova senha, abra o link abaixo (válido por 1 hora, uma única vez):

{{.Link}}

Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.

Equipe Pelotão
`))

// The HTML part uses attributes only (no <style>), so webmail clients show it as written.
var resetHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Redefinição de senha</title></head>
<body>
<p>Olá, {{.Name}}!</p>
<p>Recebemos um pedido para redefinir a senha da sua conta no Pelotão.</p>
<p><a href="{{.Link}}">Redefinir minha senha</a></p>
<p>O link vale por 1 hora e pode ser usado uma única vez. Se o botão não abrir, copie este endereço no navegador:<br>{{.Link}}</p>
<p>Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.</p>
<p>Equipe Pelotão</p>
</body>
</html>
`))

// PasswordReset is the pt-BR e-mail that carries a password-reset link.
func PasswordReset(to, name, link string) (Message, error) {
	return compose(to, PasswordResetSubject, resetText, resetHTML, struct{ Name, Link string }{name, link})
}
