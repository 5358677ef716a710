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
	want := []Payment{{
		EndToEndID: "E12345678202009091221kkkkkkkkkkk", TxID: "c3e0e7a4e7f1469a9f782d3d4999343c",
		Amount: 11000, Time: at, PayerInfo: "0123456789",
		Refunds: []Refund{{ID: "123ABC", RtrID: "D12345678202009091221abcdf098765", Amount: 1000,
			Times: RefundTimes{Requested: at}, Status: RefundInProgress}},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

// REG-8: anything else is ErrWebhookBody, and a body past the limit is not read whole.
func TestParseWebhookRefuses(t *testing.T) {
	big := `{"pix":[` + strings.Repeat(`{"endToEndId":"E1","txid":"t","valor":"1.00","horario":"2020-09-09T20:15:00Z"},`, 1000) + `{}]}`
	cases := map[string]string{
		"empty":            ``,
		"not JSON":         `pix=1`,
		"no list":          `{"pix":null}`,
		"empty list":       `{"pix":[]}`,
		"no txid":          `{"pix":[{"endToEndId":"E1","valor":"1.00","horario":"2020-09-09T20:15:00Z"}]}`,
		"txid with a dash": `{"pix":[{"endToEndId":"E1","txid":"a-b","valor":"1.00","horario":"2020-09-09T20:15:00Z"}]}`,
		"amount a number":  `{"pix":[{"endToEndId":"E1","txid":"t","valor":1.00,"horario":"2020-09-09T20:15:00Z"}]}`,
		"amount zero":      `{"pix":[{"endToEndId":"E1","txid":"t","valor":"0.00","horario":"2020-09-09T20:15:00Z"}]}`,
		"too large":        big,
	}
	if len(big) <= MaxWebhookBody {
		t.Fatalf("the large body is only %d bytes", len(big))
	}
	for name, body := range cases {
		if _, err := ParseWebhook(strings.NewReader(body)); !errors.Is(err, ErrWebhookBody) {
			t.Errorf("%s: err = %v, want ErrWebhookBody", name, err)
		}
	}
}

// FuzzParseWebhook: no body makes the parser panic, and what it accepts is read again the same
// once written back (REG-8).
func FuzzParseWebhook(f *testing.F) {
	f.Add([]byte(specWebhook))
	f.Add([]byte(`{"pix":[{"endToEndId":"E1","txid":"t","valor":"1.00","horario":"2020-09-09T20:15:00Z"}]}`))
	f.Add([]byte(`{"pix":[{}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		payments, err := ParseWebhook(bytes.NewReader(body))
		if err != nil {
			if !errors.Is(err, ErrWebhookBody) {
				t.Fatalf("an error that is not ErrWebhookBody: %v", err)
			}
			return
		}
		again, err := json.Marshal(map[string][]Payment{"pix": payments})
		if err != nil {
			t.Fatalf("accepted %q but cannot write it back: %v", body, err)
		}
		reread, err := ParseWebhook(bytes.NewReader(again))
		if err != nil {
			t.Fatalf("accepted %q but not its own writing %s: %v", body, again, err)
		}
		// Compared as written: an empty list and none, or one instant in two zones, are the same.
		if third, _ := json.Marshal(map[string][]Payment{"pix": reread}); !bytes.Equal(third, again) {
			t.Fatalf("accepted %q; written back as %s it reads as %s", body, again, third)
		}
	})
}
