package mercadopago

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
)

// MaxNotificationBody bounds a notification's body: Mercado Pago's are a few hundred bytes.
const MaxNotificationBody = 16 << 10

// ErrSignature is a notification whose x-signature is missing, malformed or not made with the
// webhook secret: it is answered 401 and changes nothing.
var ErrSignature = errors.New("mercadopago: notification signature invalid")

// TopicPayment is the topic (type) of a payment's notifications.
const TopicPayment = "payment"

// Notification is what Mercado Pago posts to a preference's notification_url, as read: the query
// carries data.id and type, the body action, type and data.id. It names a resource, nothing more:
// only GET /v1/payments/{id} says what became of a payment.
type Notification struct {
	DataID string // data.id of the query (what the signature covers), else of the body
	Type   string // type of the query, else of the body ("payment")
	Action string // the body's action: payment.created, payment.updated
}

// PaymentID is the payment a notification of topic payment names, when it names one.
func (n Notification) PaymentID() (int64, bool) {
	if n.Type != TopicPayment || n.DataID == "" || strings.Trim(n.DataID, "0123456789") != "" {
		return 0, false
	}
	id, err := strconv.ParseInt(n.DataID, 10, 64)
	return id, err == nil && id > 0
}

// ParseNotification reads a notification from its query and body. It never fails on a body it
// cannot read (the query alone names the resource, as Mercado Pago sends both): a body that is no
// JSON object, or too large, leaves the query to speak. The error is for a notification that
// names nothing at all.
func ParseNotification(query url.Values, body io.Reader) (Notification, error) {
	n := Notification{DataID: query.Get("data.id"), Type: query.Get("type")}
	if n.Type == "" {
		n.Type = query.Get("topic") // the older IPN query names it so
	}
	var b struct {
		Action string `json:"action"`
		Type   string `json:"type"`
		Data   struct {
			ID json.RawMessage `json:"id"`
		} `json:"data"`
	}
	raw, _ := io.ReadAll(io.LimitReader(body, MaxNotificationBody+1))
	if len(raw) <= MaxNotificationBody && json.Unmarshal(raw, &b) == nil {
		n.Action = b.Action
		if n.Type == "" {
			n.Type = b.Type
		}
		if n.DataID == "" {
			n.DataID = rawID(b.Data.ID)
		}
	}
	if n.DataID == "" && n.Type == "" {
		return n, errors.New("mercadopago: a notification naming no resource")
	}
	return n, nil
}

// rawID reads data.id written as a string or as a number.
func rawID(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var num json.Number
	if json.Unmarshal(raw, &num) == nil {
		return num.String()
	}
	return ""
}

// Manifest is the text Mercado Pago signs for a notification:
// "id:{data.id};request-id:{x-request-id};ts:{ts};" with data.id in lower case when it is
// alphanumeric (the docs' template; a part that is absent is left out with its label).
func Manifest(dataID, requestID, ts string) string {
	var b strings.Builder
	if dataID != "" {
		if alphanumeric(dataID) {
			dataID = strings.ToLower(dataID)
		}
		b.WriteString("id:" + dataID + ";")
	}
	if requestID != "" {
		b.WriteString("request-id:" + requestID + ";")
	}
	if ts != "" {
		b.WriteString("ts:" + ts + ";")
	}
	return b.String()
}

func alphanumeric(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// Sign is the x-signature header Mercado Pago sends for a notification of dataID, made with
// secret at ts (Unix seconds): "ts={ts},v1={hex HMAC-SHA256 of the manifest}".
func Sign(secret, dataID, requestID string, ts int64) string {
	t := strconv.FormatInt(ts, 10)
	return "ts=" + t + ",v1=" + hex.EncodeToString(mac(secret, Manifest(dataID, requestID, t)))
}

func mac(secret, manifest string) []byte {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(manifest))
	return m.Sum(nil)
}

// Verify checks a notification's x-signature header against secret, data.id (of the query) and
// x-request-id, comparing in constant time. It returns the signature's ts (Unix seconds), which a
// caller may hold against replays. ErrSignature: no secret, no header, a malformed one, or a v1
// that is not the manifest's HMAC.
func Verify(secret, header, dataID, requestID string) (int64, error) {
	if secret == "" {
		return 0, fmt.Errorf("%w: no webhook secret configured", ErrSignature)
	}
	var ts, v1 string
	for part := range strings.SplitSeq(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch strings.TrimSpace(k) {
		case "ts":
			ts = strings.TrimSpace(v)
		case "v1":
			v1 = strings.TrimSpace(v)
		}
	}
	when, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || ts == "" || strings.Trim(ts, "0123456789") != "" {
		return 0, fmt.Errorf("%w: no ts", ErrSignature)
	}
	got, err := hex.DecodeString(v1)
	if err != nil || len(got) != sha256.Size {
		return 0, fmt.Errorf("%w: no v1 of 64 hex digits", ErrSignature)
	}
	if !hmac.Equal(got, mac(secret, Manifest(dataID, requestID, ts))) {
		return 0, ErrSignature
	}
	return when, nil
}
