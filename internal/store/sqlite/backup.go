package sqlite

import (
	"context"
	"errors"
	"fmt"
	"os"
)

// Backup writes a consistent copy of the database to path while the server keeps running:
// VACUUM INTO reads one snapshot (WAL lets writers go on) and writes a compact, self-contained file.
func (s *Store) Backup(ctx context.Context, path string) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("sqlite: backup: %s already exists", path)
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("sqlite: backup: %w", err)
	}
	if _, err := s.read.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		return fmt.Errorf("sqlite: backup: %w", err)
	}
	return nil
}
