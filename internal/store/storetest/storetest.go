// Package storetest is the conformance suite every store implementation must pass, unchanged:
// the SQLite and PostgreSQL packages each call Run with a function that opens a fresh, migrated
// database for one test.
package storetest

import (
	"context"
	"testing"

	"pelotao/internal/store"
)

// Open returns a fresh, migrated, empty store for one test; the caller closes it with t.Cleanup.
type Open func(t *testing.T) store.Store

// Run runs the whole suite.
func Run(t *testing.T, open Open) {
	t.Run("Ping", func(t *testing.T) { testPing(t, open(t)) })
	t.Run("Accounts", func(t *testing.T) { testAccounts(t, open) })
	runEvents(t, open)
	t.Run("Files", func(t *testing.T) { testFiles(t, open) })
	t.Run("PlanInterests", func(t *testing.T) { testPlanInterests(t, open) })
	t.Run("SenderSlots", func(t *testing.T) { testSenderSlots(t, open) })
	t.Run("Staff", func(t *testing.T) { testStaff(t, open) })
	runResults(t, open)
	t.Run("Participants", func(t *testing.T) { testParticipants(t, open) })
	t.Run("Checkin", func(t *testing.T) { testCheckin(t, open) })
	t.Run("Orders", func(t *testing.T) { testOrders(t, open) })
	t.Run("SoldRegistrations", func(t *testing.T) { testSoldRegistrations(t, open(t)) })
	t.Run("Panel", func(t *testing.T) { testPanel(t, open(t)) })
	t.Run("PixReconciliation", func(t *testing.T) { testPixReconciliation(t, open) })
	t.Run("CardPayments", func(t *testing.T) { testCardPayments(t, open) })
	t.Run("Groups", func(t *testing.T) { testGroups(t, open) })
}

func testPing(t *testing.T, s store.Store) {
	if err := s.Ping(context.Background()); err != nil {
		t.Fatalf("ping: %v", err)
	}
}
