package httpapi

import (
	"bytes"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"pelotao/internal/api"
	"pelotao/internal/upload"
)

const (
	// maxUploadParts bounds the parts read from one request: the form sends one file, perhaps
	// beside a field or two, and a request made of thousands of tiny parts is refused early.
	maxUploadParts = 4
	// fileCSP sandboxes a file opened directly in a tab: even a file that slipped past the checks
	// could run nothing and load nothing. PDFs are attachments, so no viewer runs in our origin.
	fileCSP = "default-src 'none'; img-src 'self'; sandbox"
)

func tooLarge(message string) *api.Error { return api.FileTooLarge("file", message) }

func invalidFile(message string) *api.Error { return api.InvalidFile("file", message) }

// uploadFormFile is POST /api/uploads: one image or PDF, perhaps beside a field or two.
var uploadFormFile = api.FormFile{Field: "file", MaxRequest: maxUploadRequest, MaxParts: maxUploadParts, TooLarge: upload.ErrTooLarge.Message,
	NotMultipart: `Envie o arquivo como multipart/form-data, no campo "file".`, TooMany: "Envie um arquivo por vez.",
	Unreadable: "Não foi possível ler o arquivo enviado. Tente novamente."}

// createUpload stores the file sent in the multipart field "file" and answers its URL.
// An optional ?kind=image or ?kind=pdf refuses any other kind (banner and regulation fields).
func (s *Server) createUpload(w http.ResponseWriter, r *http.Request) error {
	user, _ := api.CurrentUser(r)
	kind := upload.Kind(r.URL.Query().Get("kind"))
	if kind != "" && kind != upload.KindImage && kind != upload.KindPDF {
		return api.InvalidArgument("O parâmetro kind deve ser image ou pdf.")
	}
	var name string
	var data []byte
	found := false
	err := uploadFormFile.EachPart(r, func(part *multipart.Part) error {
		if part.FormName() != "file" || found {
			return nil // NextPart discards the rest of a part that is not read
		}
		found, name = true, part.FileName()
		var err error
		if data, err = io.ReadAll(io.LimitReader(part, upload.MaxBytes+1)); err != nil {
			return uploadFormFile.ReadError(err)
		}
		if len(data) > upload.MaxBytes {
			return tooLarge(upload.ErrTooLarge.Message)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if !found {
		return invalidFile("Escolha um arquivo para enviar.")
	}
	f, err := upload.Prepare(name, data, kind)
	if ue := (*upload.Error)(nil); errors.As(err, &ue) {
		if ue.TooLarge {
			return tooLarge(ue.Message)
		}
		return invalidFile(ue.Message)
	}
	if err != nil {
		return err
	}
	f.OwnerID = user.ID
	saved, err := s.store.PutFile(r.Context(), f)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusCreated, map[string]string{"url": "/files/" + saved.ID})
	return nil
}

// serveFile answers a stored file. ?w=N asks for the narrowest stored width of an image that is
// at least N pixels wide (the original when none is), for srcset.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	width := 0
	if raw := r.URL.Query().Get("w"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > 10000 {
			return api.InvalidArgument("A largura pedida (w) deve ser um número de 1 a 10000.")
		}
		width = n
	}
	// A file never changes once stored, so its URL is its version: a client that already holds
	// it is answered without reading the bytes from the database.
	etag := `"` + id + "-" + strconv.Itoa(width) + `"`
	h := w.Header()
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		h.Set("ETag", etag)
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	f, err := s.store.GetFile(r.Context(), id, width)
	if err != nil {
		return err
	}
	h.Set("Content-Type", f.ContentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Content-Security-Policy", fileCSP)
	h.Set("ETag", etag)
	disposition := "inline"
	if f.ContentType == "application/pdf" {
		disposition = "attachment"
	}
	h.Set("Content-Disposition", contentDisposition(disposition, f.Name))
	http.ServeContent(w, r, "", f.CreatedAt, bytes.NewReader(f.Data))
	return nil
}

func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag {
			return true
		}
	}
	return false
}

// contentDisposition names the file for the browser: an ASCII filename every browser reads
// (accents dropped: "Classificação" → "Classificacao"), plus the exact UTF-8 name (RFC 6266).
func contentDisposition(disposition, name string) string {
	var ascii strings.Builder
	for _, r := range norm.NFD.String(name) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r < 0x20 || r > 0x7e || r == '"' || r == '\\':
			ascii.WriteByte('_')
		default:
			ascii.WriteRune(r)
		}
	}
	v := disposition + `; filename="` + ascii.String() + `"`
	if ascii.String() != name {
		v += "; filename*=UTF-8''" + encodeExtValue(name)
	}
	return v
}

// encodeExtValue percent-encodes every byte outside RFC 8187's attr-char.
func encodeExtValue(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}
