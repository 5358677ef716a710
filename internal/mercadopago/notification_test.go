package mercadopago

import (
	"errors"
	"net/url"
	"strings"
	"testing"
)

// Mercado Pago's documentation ("Notificações › Validar origem") gives the manifest's template,
// id:[data.id_url];request-id:[x-request-id_header];ts:[ts_header]; and an x-signature header
// "ts=1704908010,v1=…". The HMACs below were computed outside Go (openssl dgst -sha256 -hmac
// segredo-do-webhook) over the manifests written by hand, so the test checks the template, not
// Sign against itself.
const (
	exampleSecret    = "segredo-do-webhook"
	exampleTS        = "1704908010"
	exampleRequestID = "bb56a2f1-6aae-46ac-982e-9dcd3581d08e"
	// HMAC of "id:123456;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:1704908010;"
	exampleV1 = "3c7d0f416d42a7754d6685e698b866459c357bb5d7bc44d60c3e34edc2ff4901"
	// HMAC of "id:abc123def;request-id:r-1;ts:1704908010;" (data.id ABC123DEF lower-cased)
	alnumV1 = "bcf98014652dc947f1ef34337c9b75553e756a1e380d9b48d79b48cccfa53474"
)

// CARD-10: the manifest as the documentation writes it, and a signature made with it verified.
func TestManifestExample(t *testing.T) {
	if got := Manifest("123456", exampleRequestID, exampleTS); got != "id:123456;request-id:"+exampleRequestID+";ts:1704908010;" {
		t.Errorf("manifest %q", got)
	}
	header := "ts=" + exampleTS + ",v1=" + exampleV1
	if got := Sign(exampleSecret, "123456", exampleRequestID, 1704908010); got != header {
		t.Errorf("Sign = %q, want %q", got, header)
	}
	ts, err := Verify(exampleSecret, header, "123456", exampleRequestID)
	if err != nil || ts != 1704908010 {
		t.Errorf("Verify = %d, %v", ts, err)
	}
	// An alphanumeric data.id is signed in lower case, whatever case the query carries.
	if _, err := Verify(exampleSecret, "ts=1704908010,v1="+alnumV1, "ABC123DEF", "r-1"); err != nil {
		t.Errorf("upper-case data.id: %v", err)
	}
	// The header's parts in any order, with spaces.
	if _, err := Verify(exampleSecret, " v1="+exampleV1+" , ts="+exampleTS, "123456", exampleRequestID); err != nil {
		t.Errorf("reordered header: %v", err)
	}
}

// CARD-10: anything changed — the secret, data.id, x-request-id, ts, v1 — or a header malformed
// is ErrSignature.
func TestVerifyRefuses(t *testing.T) {
	good := "ts=" + exampleTS + ",v1=" + exampleV1
	for name, c := range map[string]struct{ secret, header, id, req string }{
		"other secret":     {"outro", good, "123456", exampleRequestID},
		"no secret":        {"", good, "123456", exampleRequestID},
		"other data.id":    {exampleSecret, good, "123457", exampleRequestID},
		"other request id": {exampleSecret, good, "123456", "x"},
		"other ts":         {exampleSecret, "ts=1704908011,v1=" + exampleV1, "123456", exampleRequestID},
		"v1 flipped":       {exampleSecret, "ts=" + exampleTS + ",v1=" + strings.Replace(exampleV1, "3c", "3d", 1), "123456", exampleRequestID},
		"v1 short":         {exampleSecret, "ts=" + exampleTS + ",v1=" + exampleV1[:62], "123456", exampleRequestID},
		"v1 not hex":       {exampleSecret, "ts=" + exampleTS + ",v1=" + strings.Repeat("z", 64), "123456", exampleRequestID},
		"no v1":            {exampleSecret, "ts=" + exampleTS, "123456", exampleRequestID},
		"no ts":            {exampleSecret, "v1=" + exampleV1, "123456", exampleRequestID},
		"ts not a number":  {exampleSecret, "ts=-1,v1=" + exampleV1, "123456", exampleRequestID},
		"empty header":     {exampleSecret, "", "123456", exampleRequestID},
		"v2 only":          {exampleSecret, "ts=" + exampleTS + ",v2=" + exampleV1, "123456", exampleRequestID},
	} {
		if _, err := Verify(c.secret, c.header, c.id, c.req); !errors.Is(err, ErrSignature) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// CARD-11: the notification as Mercado Pago posts it; the query's data.id is the one signed.
func TestParseNotification(t *testing.T) {
	q := url.Values{"data.id": {"123456"}, "type": {"payment"}}
	n, err := ParseNotification(q, strings.NewReader(`{"action":"payment.updated","api_version":"v1","type":"payment",
		"data":{"id":"123456"},"date_created":"2026-03-02T12:00:00Z","id":1234,"live_mode":true,"user_id":"44444"}`))
	if err != nil || n != (Notification{DataID: "123456", Type: "payment", Action: "payment.updated"}) {
		t.Fatalf("%+v %v", n, err)
	}
	if id, ok := n.PaymentID(); !ok || id != 123456 {
		t.Errorf("PaymentID = %d, %v", id, ok)
	}
	// The body alone, data.id written as a number; the older IPN query's topic.
	n, err = ParseNotification(url.Values{}, strings.NewReader(`{"action":"payment.created","type":"payment","data":{"id":98765}}`))
	if err != nil || n.DataID != "98765" || n.Type != "payment" {
		t.Errorf("body only: %+v %v", n, err)
	}
	n, _ = ParseNotification(url.Values{"id": {"5"}, "topic": {"merchant_order"}}, strings.NewReader(""))
	if _, ok := n.PaymentID(); ok || n.Type != "merchant_order" {
		t.Errorf("another topic: %+v", n)
	}
	// A body that is no JSON, or too large, leaves the query to speak.
	n, err = ParseNotification(q, strings.NewReader("<xml/>"))
	if err != nil || n.DataID != "123456" {
		t.Errorf("unreadable body: %+v %v", n, err)
	}
	n, err = ParseNotification(q, strings.NewReader(`{"action":"x","pad":"`+strings.Repeat("a", MaxNotificationBody)+`"}`))
	if err != nil || n.Action != "" || n.DataID != "123456" {
		t.Errorf("large body: %+v %v", n, err)
	}
	if _, err := ParseNotification(url.Values{}, strings.NewReader("{}")); err == nil {
		t.Error("a notification naming nothing was read")
	}
	for _, id := range []string{"abc", "-1", "0", "99999999999999999999", ""} {
		if _, ok := (Notification{DataID: id, Type: "payment"}).PaymentID(); ok {
			t.Errorf("payment id %q accepted", id)
		}
	}
}

// CARD-11: no query and body make the parser or the signature check panic; a notification
// verified is one signed over its own data.id.
func FuzzNotification(f *testing.F) {
	f.Add("data.id=123456&type=payment", `{"action":"payment.updated","type":"payment","data":{"id":"123456"}}`, "ts="+exampleTS+",v1="+exampleV1, exampleRequestID)
	f.Add("data.id=ABC123DEF&type=payment", `{"data":{"id":12}}`, "ts=1704908010,v1="+alnumV1, "r-1")
	f.Add("id=5&topic=merchant_order", `not json`, "v1=,ts=", "")
	f.Add("data.id=%00&type=", `{"data":{"id":{"x":1}},"type":["payment"]}`, "ts=99999999999999999999,v1=00", "\x00")
	f.Add("", `{"action":`, ",,,=", "a;b")
	f.Fuzz(func(t *testing.T, query, body, header, requestID string) {
		q, _ := url.ParseQuery(query)
		n, err := ParseNotification(q, strings.NewReader(body))
		if err == nil && n.DataID == "" && n.Type == "" {
			t.Errorf("read a notification of nothing: %+v", n)
		}
		if id, ok := n.PaymentID(); ok && id <= 0 {
			t.Errorf("payment id %d", id)
		}
		if _, err := Verify(exampleSecret, header, n.DataID, requestID); err == nil {
			if Sign(exampleSecret, n.DataID, requestID, 0) == "" {
				t.Error("unreachable")
			}
			if !strings.Contains(header, "v1=") {
				t.Errorf("verified without v1: %q", header)
			}
		}
	})
}
