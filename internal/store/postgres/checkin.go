package postgres

import (
	"context"

	"pelotao/internal/participant"
	"pelotao/internal/store"
)

// Roster implements store.CheckinStore (its writes are checkin.CheckinStore).
func (s *Store) Roster(ctx context.Context, eventID string, since int64) ([]participant.Participant, int64, error) {
	return store.ReadRoster(ctx, s.query, dialect, eventID, since)
}

// PickupHistory implements store.CheckinStore.
func (s *Store) PickupHistory(ctx context.Context, eventID string, limit int) ([]store.PickupRecord, error) {
	return store.QueryAll(ctx, s.query, "postgres: pickup history", store.ScanPickupRecord, store.PickupHistorySelect+
		" WHERE k.event_id = $1 ORDER BY k.recorded_at DESC, k.id DESC LIMIT $2", eventID, limit)
}

// PickupStats implements store.CheckinStore.
func (s *Store) PickupStats(ctx context.Context, eventID string) (store.PickupStats, error) {
	return store.ReadPickupStats(ctx, s.query, dialect, "to_timestamp(floor(extract(epoch FROM kit_at) / 900) * 900)", eventID)
}
