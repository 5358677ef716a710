package pix

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

// specWebhook is the API's example notification (pixWebhook1), with its refund as a list.
const specWebhook = `{"pix":[{"endToEndId":"E12345678202009091221kkkkkkkkkkk","txid":"c3e0e7a4e7f1469a9f782d3d4999343c",
"valor":"110.00","horario":"2020-09-09T20:15:00.358Z","infoPagador":"0123456789",
"devolucoes":[{"id":"123ABC","rtrId":"D12345678202009091221abcdf098765","valor":"10.00",
"horario":{"solicitacao":"2020-09-09T20:15:00.358Z"},"status":"EM_PROCESSAMENTO"}]}]}`

// REG-8: the spec's notification is read whole; what it says is only which charges to re-read.
func TestParseWebhook(t *testing.T) {
	got, err := ParseWebhook(strings.NewReader(specWebhook))
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2020, 9, 9, 20, 15, 0, 358e6, time.UTC)
	want := Notification{Pix: []Payment{{
		EndToEndID: "E12345678202009091221kkkkkkkkkkk", TxID: "c3e0e7a4e7f1469a9f782d3d4999343c",
		Amount: 11000, Time: at, PayerInfo: "0123456789",
		Refunds: []Refund{{ID: "123ABC", RtrID: "D12345678202009091221abcdf098765", Amount: 1000,
			Times: RefundTimes{Requested: at}, Status: RefundInProgress}},
	}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

// pspBatch is a call as a PSP posts it: a Pix paid straight to the key (no txid, as the API
// allows), a Pix of a charge, a Pix whose devolução reached DEVOLVIDO, and one entry that is not
// a Pix of the API (no horario), with fields the API does not name (a PSP's own extras).
const pspBatch = `{"pix":[
{"endToEndId":"E18236120202601151230s0123456789","valor":"25.00","horario":"2026-01-15T12:30:00.000-03:00","infoPagador":"pizza de sexta"},
{"endToEndId":"E00000000202601151231abcdefghijk","txid":"ABCDEFGHIJKLMNOPQRSTUVWXYZ","valor":"89.90","horario":"2026-01-15T12:31:00Z","chave":"pix@pelotao.com.br","gnExtras":{"pagador":{"nome":"Bruno Souza","cpf":"***.982.247-**"}}},
{"endToEndId":"E00000000202601151232abcdefghijk","valor":"10.00","horario":"2026-01-15T12:32:00Z",
 "devolucoes":[{"id":"D123","rtrId":"D00000000202601151233abcdefghijk","valor":"10.00","horario":{"solicitacao":"2026-01-15T12:33:00Z","liquidacao":"2026-01-15T12:33:05Z"},"status":"DEVOLVIDO"}]},
{"endToEndId":"E00000000202601151234abcdefghijk","txid":"ABCDEFGHIJKLMNOPQRSTUVWXYZ","valor":"89.90"}
]}`

// REG-200: a call holding a Pix without txid is read, not refused: each Pix the API allows is
// kept (the one without txid too, its txid empty), and an entry that is not a Pix is counted and
// left out alone, so the payments posted beside it still name their charges.
func TestParseWebhookReadsWhatTheAPIAllows(t *testing.T) {
	got, err := ParseWebhook(strings.NewReader(pspBatch))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Pix) != 3 || got.Ignored != 1 {
		t.Fatalf("%d Pix read and %d ignored, want 3 and 1: %+v", len(got.Pix), got.Ignored, got)
	}
	direct, charged, returned := got.Pix[0], got.Pix[1], got.Pix[2]
	if direct.TxID != "" || direct.EndToEndID != "E18236120202601151230s0123456789" || direct.Amount != 2500 {
		t.Errorf("the Pix paid to the key: %+v", direct)
	}
	if charged.TxID != "ABCDEFGHIJKLMNOPQRSTUVWXYZ" || charged.Amount != 8990 {
		t.Errorf("the Pix of a charge: %+v", charged)
	}
	if len(returned.Refunds) != 1 || returned.Refunds[0].Status != RefundReturned || returned.Refunds[0].ID != "D123" {
		t.Errorf("the Pix with its devolução: %+v", returned)
	}
}

// REG-200: a call naming no Pix is a notification of nothing: an empty list, a PSP's test call,
// a list of entries none of which is a Pix of the API.
func TestParseWebhookOfNothing(t *testing.T) {
	cases := map[string]struct {
		body    string
		ignored int
	}{
		"empty list":        {`{"pix":[]}`, 0},
		"no list":           {`{"pix":null}`, 0},
		"a PSP's test call": {`{"evento":"teste_webhook"}`, 0},
		"an empty object":   {`{}`, 0},
		"not Pix": {`{"pix":[{},"x",{"endToEndId":"E1","txid":"a-b","valor":"1.00","horario":"2020-09-09T20:15:00Z"},
			{"endToEndId":"E1","valor":1.00,"horario":"2020-09-09T20:15:00Z"},
			{"endToEndId":"E1","valor":"0.00","horario":"2020-09-09T20:15:00Z"},
			{"endToEndId":"E-1","valor":"1.00","horario":"2020-09-09T20:15:00Z"},
			{"valor":"1.00","horario":"2020-09-09T20:15:00Z"}]}`, 7},
	}
	for name, c := range cases {
		got, err := ParseWebhook(strings.NewReader(c.body))
		if err != nil || len(got.Pix) != 0 || got.Ignored != c.ignored {
			t.Errorf("%s: %+v %v, want nothing read and %d ignored", name, got, err, c.ignored)
		}
	}
}

// REG-8, REG-200: a body that is not a JSON object, and one past the limit (not read whole), is
// ErrWebhookBody, whose message repeats nothing of the body.
func TestParseWebhookRefuses(t *testing.T) {
	big := `{"pix":[` + strings.Repeat(`{"endToEndId":"E1","txid":"t","valor":"1.00","horario":"2020-09-09T20:15:00Z"},`, 1000) + `{}]}`
	cases := map[string]string{
		"empty":          ``,
		"not JSON":       `pix=1&cpf=52998224725`,
		"an array":       `[{"endToEndId":"E1"}]`,
		"a string":       `"52998224725"`,
		"pix not a list": `{"pix":{"cpf":"52998224725"}}`,
		"truncated":      `{"pix":[{"endToEndId":"E1",`,
		"too large":      big,
	}
	if len(big) <= MaxWebhookBody {
		t.Fatalf("the large body is only %d bytes", len(big))
	}
	for name, body := range cases {
		_, err := ParseWebhook(strings.NewReader(body))
		if !errors.Is(err, ErrWebhookBody) {
			t.Errorf("%s: err = %v, want ErrWebhookBody", name, err)
		} else if strings.Contains(err.Error(), "52998224725") {
			t.Errorf("%s: the error repeats the body: %v", name, err)
		}
	}
}

// FuzzParseWebhook: no body makes the parser panic; an error is ErrWebhookBody; every Pix it
// keeps has what the API requires (REG-200), and what it keeps is read again the same, nothing
// ignored, once written back (REG-8).
func FuzzParseWebhook(f *testing.F) {
	f.Add([]byte(specWebhook))
	f.Add([]byte(pspBatch))
	f.Add([]byte(`{"pix":[{"endToEndId":"E1","txid":"t","valor":"1.00","horario":"2020-09-09T20:15:00Z"}]}`))
	f.Add([]byte(`{"pix":[{"endToEndId":"E1","valor":"1.00","horario":"2020-09-09T20:15:00Z"}]}`))
	f.Add([]byte(`{"pix":[{}]}`))
	f.Add([]byte(`{"pix":[]}`))
	f.Add([]byte(`{"evento":"teste_webhook"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		n, err := ParseWebhook(bytes.NewReader(body))
		if err != nil {
			if !errors.Is(err, ErrWebhookBody) {
				t.Fatalf("an error that is not ErrWebhookBody: %v", err)
			}
			return
		}
		for _, p := range n.Pix {
			if !p.wellFormed() {
				t.Fatalf("accepted %q with a Pix the API does not allow: %+v", body, p)
			}
		}
		again, err := json.Marshal(map[string][]Payment{"pix": n.Pix})
		if err != nil {
			t.Fatalf("accepted %q but cannot write it back: %v", body, err)
		}
		reread, err := ParseWebhook(bytes.NewReader(again))
		if err != nil || reread.Ignored != 0 || len(reread.Pix) != len(n.Pix) {
			t.Fatalf("accepted %q but not its own writing %s: %+v %v", body, again, reread, err)
		}
		// Compared as written: an empty list and none, or one instant in two zones, are the same.
		if third, _ := json.Marshal(map[string][]Payment{"pix": reread.Pix}); !bytes.Equal(third, again) {
			t.Fatalf("accepted %q; written back as %s it reads as %s", body, again, third)
		}
	})
}
