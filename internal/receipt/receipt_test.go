package receipt

import (
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pelotao/internal/event"
	pmail "pelotao/internal/mail"
	"pelotao/internal/store"
)

func paidOrder() Order {
	e := &event.Event{ID: "corrida-da-lagoa-2030", Titulo: "Corrida da Lagoa", DataEvento: event.NewDate(2030, time.May, 1),
		Local:        event.Local{Local: "Parque da Lagoa", Cidade: "Recife", Estado: "PE"},
		RetiradaKits: []event.RetiradaKit{{Local: "Loja Centro", Data: event.NewDate(2030, time.April, 30), HorarioInicio: "09:00", HorarioFim: "18:00"}}}
	return Order{
		Event: e, BuyerName: "Bruno", BuyerEmail: "bruno@exemplo.com.br", BaseURL: "https://pelotao.example",
		Calendar: []byte("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"),
		Order: store.Order{ID: "pedido1", EventID: e.ID, Status: store.OrderPaid, Total: 123456, Inscricoes: []store.Registration{
			{Nome: "Ana Souza", Percurso: "10 km", Categoria: "F30-34", Camiseta: "M", Codigo: "ABCDEFGH23",
				Atleta: []byte(`{"email":"ana@exemplo.com.br","kit":"Kit Premium"}`)},
			{Nome: "Bruno Lima", Percurso: "5 km", Categoria: "Geral", Camiseta: "G", Codigo: "HJKMNPQR45",
				Atleta: []byte(`{"email":"BRUNO@exemplo.com.br"}`)},
			{Nome: "Caio Pendente", Percurso: "5 km", Status: store.RegistrationPending, Atleta: []byte(`{"email":"caio@exemplo.com.br"}`)},
		}},
	}
}

// REG-82: the buyer reads every confirmed registration and the total; each other athlete with an
// e-mail reads their own; an athlete whose e-mail is the buyer's is not told twice.
func TestMessagesToBuyerAndAthletes(t *testing.T) {
	msgs, err := Messages(paidOrder())
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 2 || msgs[0].To != "bruno@exemplo.com.br" || msgs[1].To != "ana@exemplo.com.br" {
		t.Fatalf("recipients %+v", msgs)
	}
	buyer, ana := msgs[0], msgs[1]
	for _, want := range []string{"Olá, Bruno!", "As inscrições estão confirmadas em Corrida da Lagoa, 1 de maio de 2030, Parque da Lagoa, Recife – PE.",
		"Código da inscrição: ABCDEFGH23", "Modalidade: 10 km", "Categoria: F30-34", "Kit: Kit Premium", "Camiseta: M",
		"Código da inscrição: HJKMNPQR45", "Loja Centro, 30 de abril de 2030, das 09:00 às 18:00", "Total pago: R$ 1.234,56",
		"https://pelotao.example/inscricao/corrida-da-lagoa-2030/pedido/pedido1"} {
		if !strings.Contains(buyer.Text, want) {
			t.Errorf("buyer's text lacks %q:\n%s", want, buyer.Text)
		}
	}
	if len(buyer.Inline) != 2 || len(ana.Inline) != 1 || strings.Contains(ana.Text, "HJKMNPQR45") || strings.Contains(ana.Text, "Total pago") ||
		!strings.Contains(ana.Text, "Olá, Ana!") || strings.Contains(buyer.Text, "Caio") {
		t.Errorf("athlete's e-mail %+v", ana)
	}
	if ana.Subject != "Inscrição confirmada: Corrida da Lagoa" {
		t.Errorf("subject %q", ana.Subject)
	}
}

// REG-260: each athlete's e-mail leads to their own registration (/i/{codigo}), the only page of
// the order they may open, and holds no other athlete's code; the buyer's leads to the order.
func TestMessagesLinkEachReaderToTheirPage(t *testing.T) {
	o := paidOrder()
	o.Order.Inscricoes = append(o.Order.Inscricoes, store.Registration{Nome: "Caio Lima", Percurso: "5 km", Categoria: "Geral",
		Codigo: "STUVWXYZ67", Atleta: []byte(`{"email":"caio@exemplo.com.br"}`)})
	msgs, err := Messages(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 3 {
		t.Fatalf("recipients %+v", msgs)
	}
	order := "https://pelotao.example/inscricao/corrida-da-lagoa-2030/pedido/pedido1"
	if buyer := msgs[0]; !strings.Contains(buyer.Text, "Pedido e QR codes: "+order) || !strings.Contains(buyer.HTML, `<a href="`+order+`">`) {
		t.Errorf("buyer's link:\n%s\n%s", buyer.Text, buyer.HTML)
	}
	codes := map[string]string{"ana@exemplo.com.br": "ABCDEFGH23", "caio@exemplo.com.br": "STUVWXYZ67"}
	for _, m := range msgs[1:] {
		own := "https://pelotao.example/i/" + codes[m.To]
		if !strings.Contains(m.Text, "Sua inscrição e o QR code: "+own+"\nPara abri-la, entre no Pelotão (ou crie sua conta) com este e-mail e confirme-o.") ||
			!strings.Contains(m.HTML, `<a href="`+own+`">Ver a sua inscrição e o QR code</a>`) {
			t.Errorf("%s's link:\n%s\n%s", m.To, m.Text, m.HTML)
		}
		if strings.Contains(m.Text+m.HTML, "/pedido/") {
			t.Errorf("%s's e-mail leads to the buyer's order", m.To)
		}
		for to, codigo := range codes {
			if to != m.To && strings.Contains(m.Text+m.HTML, codigo) {
				t.Errorf("%s's e-mail holds %s's code %s", m.To, to, codigo)
			}
		}
		if strings.Contains(m.Text+m.HTML, "HJKMNPQR45") {
			t.Errorf("%s's e-mail holds the buyer's own code", m.To)
		}
	}
}

// REG-82: as written to the outbox, the e-mail is multipart/mixed (the .ics attached) around
// multipart/related (the QR code PNG, named by the Content-ID the HTML shows) around the text
// and HTML alternatives.
func TestMessageStructure(t *testing.T) {
	msgs, err := Messages(paidOrder())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := (&pmail.Outbox{Dir: dir, From: "Pelotão <nao-responda@pelotao.example>"}).Send(t.Context(), msgs[1]); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	m, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	parts := func(contentType string, body io.Reader, want string) []*multipart.Part {
		t.Helper()
		media, params, err := mime.ParseMediaType(contentType)
		if err != nil || media != want {
			t.Fatalf("content type %q, want %s", contentType, want)
		}
		var out []*multipart.Part
		r := multipart.NewReader(body, params["boundary"])
		for {
			p, err := r.NextPart()
			if err == io.EOF {
				return out
			}
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(p)
			p.Header.Set("X-Body", string(data)) // kept beside the headers for the checks below
			out = append(out, p)
		}
	}
	mixed := parts(m.Header.Get("Content-Type"), m.Body, "multipart/mixed")
	// The calendar says its charset: without it, mail programs read the event's "Praça" as US-ASCII.
	if len(mixed) != 2 || mixed[1].Header.Get("Content-Type") != "text/calendar; charset=utf-8; name=evento.ics" ||
		!strings.Contains(mixed[1].Header.Get("Content-Disposition"), `attachment; filename=evento.ics`) {
		t.Fatalf("mixed parts %+v", mixed)
	}
	related := parts(mixed[0].Header.Get("Content-Type"), strings.NewReader(mixed[0].Header.Get("X-Body")), "multipart/related")
	if len(related) != 2 || related[1].Header.Get("Content-Type") != "image/png; name=inscricao-ABCDEFGH23.png" ||
		related[1].Header.Get("Content-ID") != "<qr-abcdefgh23@pelotao>" || !strings.HasPrefix(related[1].Header.Get("X-Body"), "iVBORw0KGgo") {
		t.Fatalf("related parts %+v", related)
	}
	alternative := parts(related[0].Header.Get("Content-Type"), strings.NewReader(related[0].Header.Get("X-Body")), "multipart/alternative")
	if len(alternative) != 2 || !strings.Contains(alternative[1].Header.Get("X-Body"), "cid:qr-abcdefgh23@pelotao") {
		t.Fatalf("alternative parts %+v", alternative)
	}
}
