package store

import (
	"context"
	"time"

	"pelotao/internal/money"
)

// ReconciliationStore keeps the daily reconciliation of the Pix the company's key received
// (docs/architecture.md, "Reconciliation"): which instance runs the day's pass, what each Pix
// read from the PSP's statement turned out to be, and the pass's figures.
type ReconciliationStore interface {
	// ClaimReconciliation claims the pass of day (YYYY-MM-DD) for the caller at now: true when no
	// pass of that day was claimed, or when one claimed before now-stale never finished (its
	// instance died). One claim wins however many instances ask at once.
	ClaimReconciliation(ctx context.Context, day string, now, staleBefore time.Time) (bool, error)
	// SaveReconciliation records what the pass of r.Day found, finishing it: each Pix (by its
	// endToEndId, replacing what an earlier pass said of it) and the pass's figures.
	SaveReconciliation(ctx context.Context, r Reconciliation) error
	// PixCheck reads what the last finished pass found of one event's Pix ("": the Pix with no
	// charge of ours); ErrNotFound when no pass has finished yet.
	PixCheck(ctx context.Context, eventID string) (PixCheck, error)
	// PixNeedingAttention lists every Pix the last pass that read it left needing attention,
	// whatever its age, oldest first.
	PixNeedingAttention(ctx context.Context) ([]ReceivedPix, error)
}

// What a pass found a Pix to be (ReceivedPix.Situacao).
const (
	PixMatched   = "conferido" // the payment of a paid order
	PixReturned  = "devolvido" // returned to its payer in full (DEVOLVIDO)
	PixAttention = "atencao"   // neither: someone must look (Motivo says why)
)

// Reconciliation is one pass: the window of the statement it read, when it finished, and each
// Pix it read (with the older ones still needing attention it looked at again).
type Reconciliation struct {
	Day              string
	Start, End, Done time.Time
	Pix              []ReceivedPix
}

// ReceivedPix is one Pix as a pass found it. EventID and OrderID are empty for a Pix with no
// charge of ours; nothing of the payer is kept.
type ReceivedPix struct {
	EndToEndID, Txid, EventID, OrderID string
	Valor                              money.Centavos
	Horario                            time.Time
	Situacao, Motivo                   string
}

// PixTally is how many Pix and their sum in centavos.
type PixTally struct {
	Quantidade int
	Valor      money.Centavos
}

// PixCheck is what the last finished pass found of one event's Pix: the pass (Day, window,
// when it finished), the Pix by Situacao, and those needing attention (oldest first, at most
// MaxAttentionListed).
type PixCheck struct {
	Day              string
	Start, End, Done time.Time
	BySituacao       map[string]PixTally
	Attention        []ReceivedPix
}

// MaxAttentionListed is how many Pix needing attention PixCheck lists (all are counted).
const MaxAttentionListed = 50
