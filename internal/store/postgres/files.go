package postgres

import (
	"context"
	"crypto/rand"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"pelotao/internal/store"
)

// PutFile stores the file and its variants in one transaction.
func (s *Store) PutFile(ctx context.Context, f store.File) (store.File, error) {
	f.ID = rand.Text()
	f.Size = int64(len(f.Data))
	f.CreatedAt = time.Now().UTC().Truncate(time.Microsecond)
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return store.File{}, err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO files (id, content_type, name, owner_id, width, height, size, created_at, data)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		f.ID, f.ContentType, f.Name, f.OwnerID, f.Width, f.Height, f.Size, f.CreatedAt, f.Data); err != nil {
		return store.File{}, err
	}
	for _, v := range f.Variants {
		if _, err := tx.Exec(ctx, `INSERT INTO file_variants (file_id, width, height, content_type, data) VALUES ($1, $2, $3, $4, $5)`,
			f.ID, v.Width, v.Height, v.ContentType, v.Data); err != nil {
			return store.File{}, err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return store.File{}, err
	}
	f.Data, f.Variants = nil, nil
	return f, nil
}

// GetFile returns the file, or its narrowest variant at least minWidth wide.
func (s *Store) GetFile(ctx context.Context, id string, minWidth int) (store.File, error) {
	var f store.File
	query, args := `SELECT id, content_type, name, owner_id, width, height, created_at, data FROM files WHERE id = $1`, []any{id}
	if minWidth > 0 {
		query, args = `SELECT f.id, v.content_type, f.name, f.owner_id, v.width, v.height, f.created_at, v.data
			FROM file_variants v JOIN files f ON f.id = v.file_id
			WHERE v.file_id = $1 AND v.width >= $2 ORDER BY v.width LIMIT 1`, []any{id, minWidth}
	}
	row := s.pool.QueryRow(ctx, query, args...)
	err := row.Scan(&f.ID, &f.ContentType, &f.Name, &f.OwnerID, &f.Width, &f.Height, &f.CreatedAt, &f.Data)
	if errors.Is(err, pgx.ErrNoRows) {
		if minWidth > 0 {
			return s.GetFile(ctx, id, 0)
		}
		return store.File{}, store.ErrNotFound
	}
	if err != nil {
		return store.File{}, err
	}
	f.Size = int64(len(f.Data))
	f.CreatedAt = f.CreatedAt.UTC()
	return f, nil
}
