package pix

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// MaxWebhookBody bounds a webhook body. A PSP may group several payments in one call; 64 KiB
// holds a few hundred, and nothing larger is read.
const MaxWebhookBody = 64 << 10

// ErrWebhookBody is a body that is not a JSON object, or one larger than MaxWebhookBody.
var ErrWebhookBody = errors.New("pix: not a webhook notification")

// Notification is what a PSP posts to {webhookUrl}/pix, as read.
type Notification struct {
	// Pix are the entries of pix[] that are a Pix as the API defines it (endToEndId, valor and
	// horario present; txid absent or well formed), in the order posted.
	Pix []Payment
	// Ignored counts the entries that are not: each is left out alone, so one odd entry does not
	// hold back the payments posted with it.
	Ignored int
}

// ParseWebhook reads what a PSP POSTs to {webhookUrl}/pix. The API Pix (bacen/pix-api) posts
// {"pix":[{endToEndId, txid?, valor, horario, infoPagador?, devolucoes?}]}: endToEndId, valor and
// horario are required; txid is absent for a Pix paid straight to the key; devolucoes reports a
// devolução of that Pix reaching a final status. A list may be empty, and a PSP's test call may
// carry no list at all ({"evento":"teste_webhook"}): both read as a notification of nothing.
// A notification says which charges to read back, nothing more: anyone may post here, so it is a
// hint and only GET /cob/{txid} confirms a payment. ErrWebhookBody: not a JSON object, or larger
// than MaxWebhookBody (nothing beyond is read); the error names no content of the body.
func ParseWebhook(r io.Reader) (Notification, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxWebhookBody+1))
	if err != nil {
		return Notification{}, fmt.Errorf("%w: %v", ErrWebhookBody, err)
	}
	if len(b) > MaxWebhookBody {
		return Notification{}, fmt.Errorf("%w: more than %d bytes", ErrWebhookBody, MaxWebhookBody)
	}
	var body struct {
		Pix []json.RawMessage `json:"pix"`
	}
	if err := json.Unmarshal(b, &body); err != nil {
		return Notification{}, fmt.Errorf("%w: not a JSON object with a pix list", ErrWebhookBody)
	}
	var n Notification
	for _, raw := range body.Pix {
		var p Payment
		if err := json.Unmarshal(raw, &p); err != nil || !p.wellFormed() {
			n.Ignored++
			continue
		}
		n.Pix = append(n.Pix, p)
	}
	return n, nil
}

// wellFormed reports whether p has what the API requires of a Pix: an end-to-end id (32 letters
// and digits in the API; at most 35 accepted), an amount and a time; and a txid, when present,
// of letters and digits (at most 35).
func (p Payment) wellFormed() bool {
	return alphanumeric(p.EndToEndID, 35) && p.Amount > 0 && !p.Time.IsZero() &&
		(p.TxID == "" || alphanumeric(p.TxID, 35))
}
