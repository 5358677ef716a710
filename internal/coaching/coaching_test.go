package coaching

import (
	"errors"
	"strings"
	"testing"
)

func TestCleanTrimsAndChecksAnInterest(t *testing.T) {
	valid := Interest{Nome: "Ana Souza", Email: "ana@exemplo.com.br", Plano: "Intermédio"}
	with := func(change func(*Interest)) Interest {
		in := valid
		change(&in)
		return in
	}
	cases := []struct {
		name   string
		in     Interest
		want   Interest
		fields []string
	}{
		{"valid without WhatsApp", valid, valid, nil},
		{"trims and keeps the phone's digits",
			Interest{Nome: "  Ana Souza ", Email: " ana@exemplo.com.br ", WhatsApp: "+55 (11) 91234-5678", Plano: " Intermédio "},
			with(func(i *Interest) { i.WhatsApp = "5511912345678" }), nil},
		{"landline with DDD", with(func(i *Interest) { i.WhatsApp = "(21) 3456-7890" }),
			with(func(i *Interest) { i.WhatsApp = "2134567890" }), nil},
		{"every plan name", with(func(i *Interest) { i.Plano = "Avançado" }), with(func(i *Interest) { i.Plano = "Avançado" }), nil},
		{"nome 120 characters", with(func(i *Interest) { i.Nome = strings.Repeat("é", 120) }),
			with(func(i *Interest) { i.Nome = strings.Repeat("é", 120) }), nil},
		{"everything missing", Interest{}, Interest{}, []string{"nome", "email", "plano"}},
		{"blank nome", with(func(i *Interest) { i.Nome = "   " }), Interest{}, []string{"nome"}},
		{"nome too long", with(func(i *Interest) { i.Nome = strings.Repeat("a", 121) }), Interest{}, []string{"nome"}},
		{"e-mail without domain dot", with(func(i *Interest) { i.Email = "ana@exemplo" }), Interest{}, []string{"email"}},
		{"e-mail with display name", with(func(i *Interest) { i.Email = "Ana <ana@exemplo.com>" }), Interest{}, []string{"email"}},
		{"e-mail without @", with(func(i *Interest) { i.Email = "ana.exemplo.com" }), Interest{}, []string{"email"}},
		{"phone too short", with(func(i *Interest) { i.WhatsApp = "91234-567" }), Interest{}, []string{"whatsapp"}},
		{"phone too long", with(func(i *Interest) { i.WhatsApp = "+55 11 91234-56789" }), Interest{}, []string{"whatsapp"}},
		{"phone with letters", with(func(i *Interest) { i.WhatsApp = "11 9ABCD-5678" }), Interest{}, []string{"whatsapp"}},
		{"unknown plan", with(func(i *Interest) { i.Plano = "Intermediário" }), Interest{}, []string{"plano"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.in.Clean()
			if len(c.fields) == 0 {
				if err != nil || got != c.want {
					t.Fatalf("got %+v, %v; want %+v", got, err, c.want)
				}
				return
			}
			var ve ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("want a ValidationError, got %v", err)
			}
			if keys := len(ve.FieldErrors()); keys != len(c.fields) {
				t.Fatalf("fields %v, want %v", ve, c.fields)
			}
			for _, f := range c.fields {
				if ve[f] == "" {
					t.Errorf("no message for %s in %v", f, ve)
				}
			}
		})
	}
}
