package sqlite

import (
	"context"

	"pelotao/internal/store"
)

// PickupHistory implements store.CheckinStore (the rest of it is checkin.CheckinStore).
func (s *Store) PickupHistory(ctx context.Context, eventID string, limit int) ([]store.PickupRecord, error) {
	return store.QueryAll(ctx, s.query, "sqlite: pickup history", store.ScanPickupRecord, store.PickupHistorySelect+
		" WHERE k.event_id = ? ORDER BY k.recorded_at DESC, k.rowid DESC LIMIT ?", eventID, limit)
}

// PickupStats implements store.CheckinStore.
func (s *Store) PickupStats(ctx context.Context, eventID string) (store.PickupStats, error) {
	return store.ReadPickupStats(ctx, s.query, dialect, "kit_at / 900000 * 900000", eventID)
}
