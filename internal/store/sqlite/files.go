package sqlite

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"time"

	"pelotao/internal/store"
)

// PutFile stores the file and its variants in one transaction.
func (s *Store) PutFile(ctx context.Context, f store.File) (store.File, error) {
	f.ID = rand.Text()
	f.Size = int64(len(f.Data))
	f.CreatedAt = time.Now().UTC().Truncate(time.Microsecond)
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return store.File{}, err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO files (id, content_type, name, owner_id, width, height, size, created_at, data)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		f.ID, f.ContentType, f.Name, f.OwnerID, f.Width, f.Height, f.Size, formatTime(f.CreatedAt), f.Data); err != nil {
		return store.File{}, err
	}
	for _, v := range f.Variants {
		if _, err := tx.ExecContext(ctx, `INSERT INTO file_variants (file_id, width, height, content_type, data) VALUES (?, ?, ?, ?, ?)`,
			f.ID, v.Width, v.Height, v.ContentType, v.Data); err != nil {
			return store.File{}, err
		}
	}
	if err := tx.Commit(); err != nil {
		return store.File{}, err
	}
	f.Data, f.Variants = nil, nil
	return f, nil
}

// GetFile returns the file, or its narrowest variant at least minWidth wide.
func (s *Store) GetFile(ctx context.Context, id string, minWidth int) (store.File, error) {
	var f store.File
	var created string
	query, args := `SELECT id, content_type, name, owner_id, width, height, created_at, data FROM files WHERE id = ?`, []any{id}
	if minWidth > 0 {
		query, args = `SELECT f.id, v.content_type, f.name, f.owner_id, v.width, v.height, f.created_at, v.data
			FROM file_variants v JOIN files f ON f.id = v.file_id
			WHERE v.file_id = ? AND v.width >= ? ORDER BY v.width LIMIT 1`, []any{id, minWidth}
	}
	row := s.read.row(ctx, query, args...)
	err := row.Scan(&f.ID, &f.ContentType, &f.Name, &f.OwnerID, &f.Width, &f.Height, &created, &f.Data)
	if errors.Is(err, sql.ErrNoRows) {
		if minWidth > 0 {
			return s.GetFile(ctx, id, 0)
		}
		return store.File{}, store.ErrNotFound
	}
	if err != nil {
		return store.File{}, err
	}
	f.Size = int64(len(f.Data))
	f.CreatedAt, err = parseTime(created)
	return f, err
}
