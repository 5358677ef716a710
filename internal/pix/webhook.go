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

// ErrWebhookBody is a body that is not the API's webhook notification.
var ErrWebhookBody = errors.New("pix: not a webhook notification")

// ParseWebhook reads what a PSP POSTs to {webhookUrl}/pix: {"pix":[{endToEndId, txid, valor,
// horario, infoPagador, devolucoes?}]}. It says which charges to read back, nothing more: anyone
// may post here, so a notification is a hint and only GET /cob/{txid} confirms a payment.
func ParseWebhook(r io.Reader) ([]Payment, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxWebhookBody+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrWebhookBody, err)
	}
	if len(b) > MaxWebhookBody {
		return nil, fmt.Errorf("%w: more than %d bytes", ErrWebhookBody, MaxWebhookBody)
	}
	var body struct {
		Pix []Payment `json:"pix"`
	}
	if err := json.Unmarshal(b, &body); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrWebhookBody, err)
	}
	if len(body.Pix) == 0 {
		return nil, fmt.Errorf("%w: no pix list", ErrWebhookBody)
	}
	for i, p := range body.Pix {
		// The API's end-to-end ids are 32 characters and txids at most 35, both [a-zA-Z0-9].
		if !alphanumeric(p.EndToEndID, 35) || !alphanumeric(p.TxID, 35) || p.Amount <= 0 {
			return nil, fmt.Errorf("%w: pix[%d] needs an endToEndId, a txid and an amount", ErrWebhookBody, i)
		}
	}
	return body.Pix, nil
}
