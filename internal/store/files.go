package store

import (
	"context"
	"time"
)

// FileStore stores uploaded files (banners, regulations, result PDFs), kept in the database so every instance serves them.
type FileStore interface {
	// PutFile stores f with its variants in one transaction and returns it with the ID, Size and
	// CreatedAt chosen by the store (Data and Variants are not echoed back).
	PutFile(ctx context.Context, f File) (File, error)
	// GetFile returns the file with its bytes, or ErrNotFound. With minWidth > 0 it returns the
	// narrowest variant at least minWidth pixels wide instead, or the original when no variant is;
	// the result always carries the original's ID, Name, OwnerID and CreatedAt.
	GetFile(ctx context.Context, id string, minWidth int) (File, error)
}

// File is one stored file. Files never change once stored, which is why they can be cached forever.
type File struct {
	ID          string
	ContentType string // checked from the content, never taken from the client
	Name        string // a readable name with the right extension, offered when the file is downloaded
	OwnerID     string
	Width       int // pixels; 0 for documents
	Height      int
	Size        int64
	CreatedAt   time.Time
	Data        []byte
	// Variants are smaller copies of an image, for the browser to pick from (srcset).
	Variants []FileVariant
}

// FileVariant is a smaller copy of an image file.
type FileVariant struct {
	ContentType string
	Width       int
	Height      int
	Data        []byte
}
