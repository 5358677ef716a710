package postgres

import (
	"context"

	"pelotao/internal/store"
)

// PickupHistory implements store.CheckinStore (the rest of it is checkin.CheckinStore).
func (s *Store) PickupHistory(ctx context.Context, eventID string, limit int) ([]store.PickupRecord, error) {
	return store.QueryAll(ctx, s.query, "postgres: pickup history", store.ScanPickupRecord, store.PickupHistorySelect+
		" WHERE k.event_id = $1 ORDER BY k.recorded_at DESC, k.id DESC LIMIT $2", eventID, limit)
}

// PickupStats implements store.CheckinStore.
func (s *Store) PickupStats(ctx context.Context, eventID string) (store.PickupStats, error) {
	return store.ReadPickupStats(ctx, s.query, dialect, "to_timestamp(floor(extract(epoch FROM kit_at) / 900) * 900)", eventID)
}
