package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
)

// Backup writes a consistent copy of the database at dbPath to dest while servers keep using it:
// VACUUM INTO reads one snapshot (WAL lets writers go on) and writes a compact, self-contained file.
//
// It opens the database read-only and applies no migration, so a newer binary never changes the
// schema under a running server, and a mistyped path is an error rather than a copy of a new,
// empty database.
func Backup(ctx context.Context, dbPath, dest string) error {
	if _, err := os.Stat(dbPath); err != nil {
		return fmt.Errorf("sqlite: backup: no database to copy: %w", err)
	}
	if _, err := os.Stat(dest); err == nil {
		return fmt.Errorf("sqlite: backup: %s already exists", dest)
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("sqlite: backup: %w", err)
	}
	db, err := sql.Open("sqlite", dsn(dbPath)+"&mode=ro")
	if err != nil {
		return fmt.Errorf("sqlite: backup: %w", err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", dest); err != nil {
		return fmt.Errorf("sqlite: backup: %w", err)
	}
	return nil
}
