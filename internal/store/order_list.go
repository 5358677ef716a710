package store

// PageLimit is the size of a page of participants or orders asked as limit: 0 or less is
// DefaultParticipantLimit, at most MaxParticipantLimit.
func PageLimit(limit int) int {
	switch {
	case limit <= 0:
		return DefaultParticipantLimit
	case limit > MaxParticipantLimit:
		return MaxParticipantLimit
	}
	return limit
}

// OrderRev is where an event's orders stand (migration 0017_order_revs): Rev moves with every
// change of one of them, Removido is the Rev at which one was last deleted (0: none ever).
type OrderRev struct{ Rev, Removido int64 }

// ListedOrder is an order as the organizer's list keeps it: with its search text (folded names,
// documents, registration codes and its id, in lower case).
type ListedOrder struct {
	Order
	Busca string
}

// Buyer is the account that bought an order, as the organizer sees it.
type Buyer struct{ Nome, Email string }
