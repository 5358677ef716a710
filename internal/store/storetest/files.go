package storetest

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"pelotao/internal/store"
)

func testFiles(t *testing.T, open Open) {
	t.Run("PutGetRoundTrip", func(t *testing.T) { testFilePutGet(t, open(t)) })
	t.Run("NotFound", func(t *testing.T) { testFileNotFound(t, open(t)) })
	t.Run("Variants", func(t *testing.T) { testFileVariants(t, open(t)) })
	t.Run("ConcurrentPuts", func(t *testing.T) { testFileConcurrentPuts(t, open(t)) })
}

// everyByte is binary data with every byte value, NULs included, and a few megabytes long,
// so a driver that treats blobs as text or truncates them is caught.
func everyByte(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i * 7)
	}
	return b
}

func testFilePutGet(t *testing.T, s store.Store) {
	ctx := context.Background()
	data := everyByte(3 << 20)
	before := time.Now().Add(-time.Second)
	put, err := s.PutFile(ctx, store.File{ContentType: "application/pdf", Name: "Resultado Geral – 10 km.pdf", OwnerID: "u1", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	if put.ID == "" || put.Size != int64(len(data)) || put.CreatedAt.Before(before) || put.CreatedAt.After(time.Now().Add(time.Second)) {
		t.Fatalf("put returned %+v", put)
	}
	if put.Data != nil {
		t.Fatal("put echoed the bytes back")
	}
	got, err := s.GetFile(ctx, put.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Data, data) {
		t.Fatalf("bytes differ: got %d bytes, want %d", len(got.Data), len(data))
	}
	if got.ID != put.ID || got.ContentType != "application/pdf" || got.Name != "Resultado Geral – 10 km.pdf" ||
		got.OwnerID != "u1" || got.Size != int64(len(data)) || !got.CreatedAt.Equal(put.CreatedAt) || got.Width != 0 {
		t.Fatalf("got %+v, put %+v", got, put)
	}

	other, err := s.PutFile(ctx, store.File{ContentType: "image/png", Name: "b.png", OwnerID: "u1", Width: 2, Height: 3, Data: []byte{1}})
	if err != nil {
		t.Fatal(err)
	}
	if other.ID == put.ID {
		t.Fatal("two files got the same id")
	}
	if got, err := s.GetFile(ctx, other.ID, 0); err != nil || got.Width != 2 || got.Height != 3 || got.ContentType != "image/png" {
		t.Fatalf("second file: %+v, %v", got, err)
	}
}

func testFileNotFound(t *testing.T, s store.Store) {
	for _, w := range []int{0, 800} {
		if _, err := s.GetFile(context.Background(), "NOSUCHFILE", w); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("minWidth %d: got %v, want ErrNotFound", w, err)
		}
	}
}

func testFileVariants(t *testing.T, s store.Store) {
	ctx := context.Background()
	variant := func(w int) store.FileVariant {
		return store.FileVariant{ContentType: "image/jpeg", Width: w, Height: w / 2, Data: []byte{byte(w / 8)}}
	}
	put, err := s.PutFile(ctx, store.File{ContentType: "image/png", Name: "banner.png", OwnerID: "u2", Width: 1600, Height: 800,
		Data: []byte("original"), Variants: []store.FileVariant{variant(1200), variant(480), variant(800)}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ minWidth, wantWidth int }{
		{1, 480}, {480, 480}, {481, 800}, {800, 800}, {1000, 1200}, {1200, 1200}, {1201, 1600}, {5000, 1600}, {0, 1600},
	} {
		got, err := s.GetFile(ctx, put.ID, c.minWidth)
		if err != nil {
			t.Fatal(err)
		}
		if got.Width != c.wantWidth {
			t.Errorf("minWidth %d: got width %d, want %d", c.minWidth, got.Width, c.wantWidth)
			continue
		}
		if c.wantWidth == 1600 {
			if got.ContentType != "image/png" || string(got.Data) != "original" {
				t.Errorf("minWidth %d: want the original, got %+v", c.minWidth, got)
			}
			continue
		}
		if got.ContentType != "image/jpeg" || got.Height != c.wantWidth/2 || !bytes.Equal(got.Data, []byte{byte(c.wantWidth / 8)}) ||
			got.Size != 1 || got.ID != put.ID || got.Name != "banner.png" || got.OwnerID != "u2" || !got.CreatedAt.Equal(put.CreatedAt) {
			t.Errorf("minWidth %d: got %+v", c.minWidth, got)
		}
	}
}

func testFileConcurrentPuts(t *testing.T, s store.Store) {
	ctx := context.Background()
	var wg sync.WaitGroup
	ids := make([]string, 20)
	errs := make([]error, len(ids))
	for i := range ids {
		wg.Go(func() {
			f, err := s.PutFile(ctx, store.File{ContentType: "application/pdf", Name: "x.pdf", OwnerID: "u", Data: []byte{byte(i)}})
			ids[i], errs[i] = f.ID, err
		})
	}
	wg.Wait()
	for i, id := range ids {
		if errs[i] != nil {
			t.Fatalf("writer %d: %v", i, errs[i])
		}
		got, err := s.GetFile(ctx, id, 0)
		if err != nil || !bytes.Equal(got.Data, []byte{byte(i)}) {
			t.Fatalf("writer %d's file: %+v, %v", i, got, err)
		}
	}
}
