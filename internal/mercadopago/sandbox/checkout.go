package sandbox

import (
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"

	"pelotao/internal/mercadopago"
	"pelotao/internal/money"
)

// The checkout page is plain HTML: a form posting to itself, no script and no inline style, so it
// keeps the site's Content-Security-Policy (default-src 'self', form-action 'self') untouched.
var checkoutTemplate = template.Must(template.New("checkout").Parse(`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} — Sandbox do Mercado Pago</title>
<link rel="stylesheet" href="{{.CSS}}">
</head>
<body>
<main>
<p class="aviso">Sandbox do Mercado Pago: nenhum cartão é cobrado.</p>
<h1>{{.Title}}</h1>
{{if .Open}}
<ul>{{range .Items}}<li>{{.Title}}: {{.Price}}</li>{{end}}</ul>
<p>Total: <strong>{{.Total}}</strong></p>
<form method="post" action="{{.Action}}">
<label for="parcelas">Parcelas</label>
<select id="parcelas" name="parcelas">{{range .Installments}}
<option value="{{.N}}">{{.Label}}</option>{{end}}
</select>
<button type="submit" name="resultado" value="aprovar">Aprovar</button>
<button type="submit" name="resultado" value="recusar">Recusar</button>
</form>
{{else}}
<p>Este link de pagamento expirou. Volte ao Pelotão para pagar de novo.</p>
<p><a href="{{.Back}}">Voltar ao Pelotão</a></p>
{{end}}
</main>
</body>
</html>
`))

const stylesheet = `body{font-family:system-ui,sans-serif;margin:0;background:#f5f5f5;color:#222}
main{max-width:28rem;margin:0 auto;padding:1rem;background:#fff;min-height:100vh}
.aviso{background:#fff3cd;padding:.5rem;border-radius:.25rem}
label,select,button{display:block;width:100%;margin:.5rem 0;font-size:1rem;min-height:2.75rem}
button[value=aprovar]{background:#009ee3;color:#fff;border:0;border-radius:.25rem}
button[value=recusar]{background:#fff;color:#b00020;border:1px solid #b00020;border-radius:.25rem}
`

func (s *Sandbox) stylesheet(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	_, _ = w.Write([]byte(stylesheet))
}

type checkoutItem struct{ Title, Price string }
type installment struct {
	N     int
	Label string
}

// checkoutPage shows a preference: its items and total, the installments it allows, "Aprovar"
// and "Recusar" — or, past its end or withdrawn, that it expired.
func (s *Sandbox) checkoutPage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	p, ok := s.preferences[r.PathValue("id")]
	var pref mercadopago.Preference
	open := false
	if ok {
		pref, open = p.Preference, p.open(s.opts.Now())
	}
	s.mu.Unlock()
	if !ok {
		http.Error(w, "Pagamento não encontrado.", http.StatusNotFound)
		return
	}
	data := struct {
		Title, CSS, Action, Total, Back string
		Open                            bool
		Items                           []checkoutItem
		Installments                    []installment
	}{Title: "Pagamento com cartão", CSS: Path + "checkout.css", Action: Path + "checkout/" + url.PathEscape(pref.ID),
		Total: pref.Total().BRL(), Back: pref.BackURLs.Failure, Open: open}
	for _, it := range pref.Items {
		data.Items = append(data.Items, checkoutItem{it.Title, (it.UnitPrice * money.Centavos(it.Quantity)).BRL()})
	}
	for n := 1; n <= pref.PaymentMethods.Installments; n++ {
		each := (pref.Total() + money.Centavos(n) - 1) / money.Centavos(n)
		label := fmt.Sprintf("%dx de %s sem juros", n, each.BRL())
		if n == 1 {
			label = "1x de " + pref.Total().BRL() + " (à vista)"
		}
		data.Installments = append(data.Installments, installment{n, label})
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if !open {
		w.WriteHeader(http.StatusGone)
	}
	_ = checkoutTemplate.Execute(w, data)
}

// checkoutSubmit pays (Aprovar) or declines (Recusar) in the installments chosen, notifies, and
// sends the buyer back as Mercado Pago does: to back_urls.success or .failure, with the payment's
// collection_id, collection_status, payment_id, status, external_reference, payment_type and
// preference_id in the query.
func (s *Sandbox) checkoutSubmit(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	n, err := strconv.Atoi(r.PostFormValue("parcelas"))
	if err != nil {
		http.Error(w, "Escolha o número de parcelas.", http.StatusBadRequest)
		return
	}
	o := Outcome{Status: mercadopago.StatusApproved, Installments: n}
	switch r.PostFormValue("resultado") {
	case "aprovar":
	case "recusar":
		o.Status, o.StatusDetail = mercadopago.StatusRejected, "cc_rejected_other_reason"
	default:
		http.Error(w, "Escolha Aprovar ou Recusar.", http.StatusBadRequest)
		return
	}
	p, err := s.Pay(r.Context(), id, o)
	switch {
	case errors.Is(err, ErrUnknownPreference):
		http.Error(w, "Pagamento não encontrado.", http.StatusNotFound)
		return
	case errors.Is(err, ErrNotPayable):
		http.Redirect(w, r, Path+"checkout/"+url.PathEscape(id), http.StatusSeeOther)
		return
	}
	// A notification not delivered is what Mercado Pago's lost ones are: the payment stands and
	// the reconciliation finds it.
	s.mu.Lock()
	back := s.preferences[id].BackURLs
	s.mu.Unlock()
	to := back.Success
	if p.Status != mercadopago.StatusApproved {
		to = back.Failure
	}
	u, err := url.Parse(to)
	if err != nil {
		http.Error(w, "back_url inválida.", http.StatusBadRequest)
		return
	}
	q := u.Query()
	pid := strconv.FormatInt(p.ID, 10)
	for k, v := range map[string]string{"collection_id": pid, "collection_status": string(p.Status), "payment_id": pid,
		"status": string(p.Status), "external_reference": p.ExternalReference, "payment_type": p.PaymentTypeID, "preference_id": id} {
		q.Set(k, v)
	}
	u.RawQuery = q.Encode()
	http.Redirect(w, r, u.String(), http.StatusSeeOther)
}
