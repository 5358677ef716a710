package httpapi

import (
	"bytes"
	"image"
	"image/color"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/upload"
	"pelotao/internal/upload/uploadtest"
)

var organizer = api.User{ID: "u-organizer", Email: "org@pelotao.com.br", DisplayName: "Org"}

// uploadRequest is a signed-in POST /api/uploads carrying data in the field "file".
func uploadRequest(t *testing.T, query, filename string, data []byte) *http.Request {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("file", filename)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(data)
	mw.Close()
	r := httptest.NewRequest("POST", "/api/uploads"+query, &body)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	return r.WithContext(api.WithUser(r.Context(), organizer))
}

type uploadAnswer struct {
	URL   string `json:"url"`
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields"`
	} `json:"error"`
}

func TestUploadsAcceptByContentAndRefuseTheRest(t *testing.T) {
	app := newTestApp(t)
	jpg := uploadtest.JPEG(300, 200)
	bigImage := append(bytes.Clone(jpg), make([]byte, upload.MaxImageBytes)...)
	bigFile := append(append([]byte("%PDF-1.4\n"), make([]byte, upload.MaxBytes)...), "%%EOF"...)
	cases := []struct {
		name, query, filename string
		data                  []byte
		status                int
		contentType           string // of the stored file, when accepted
		disposition           string
		message               string // in fields.file, when refused
	}{
		{"jpeg", "", "banner.jpg", jpg, 201, "image/jpeg", `inline; filename="banner.jpg"`, ""},
		{"png", "?kind=image", "logo.png", uploadtest.PNG(40, 40), 201, "image/png", `inline; filename="logo.png"`, ""},
		{"webp", "", "capa.webp", uploadtest.WebP(16, 9, color.NRGBA{0, 120, 200, 255}), 201, "image/webp", `inline; filename="capa.webp"`, ""},
		{"pdf", "?kind=pdf", "Regulamento Oficial.pdf", uploadtest.PDF("Regulamento"), 201, "application/pdf", `attachment; filename="Regulamento Oficial.pdf"`, ""},
		{"pdf with a wrong extension", "", "classificação.jpg", uploadtest.PDF("Resultados"), 201, "application/pdf",
			`attachment; filename="classificacao.pdf"; filename*=UTF-8''classifica%C3%A7%C3%A3o.pdf`, ""},
		{"renamed executable", "", "regulamento.pdf", uploadtest.Executable(), 422, "", "", "Formato não aceito"},
		{"svg", "", "banner.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), 422, "", "", "Formato não aceito"},
		{"truncated image", "", "banner.jpg", jpg[:len(jpg)*2/3], 422, "", "", "corrompida ou incompleta"},
		{"oversized image", "", "foto.jpg", bigImage, 413, "", "", "8 MB"},
		{"oversized file", "", "enorme.pdf", bigFile, 413, "", "", "20 MB"},
		{"pdf sent as a banner", "?kind=image", "banner.jpg", uploadtest.PDF("x"), 422, "", "", "Envie uma imagem"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := app.Serve(uploadRequest(t, c.query, c.filename, c.data))
			if w.Code != c.status {
				t.Fatalf("status %d, want %d: %s", w.Code, c.status, w.Body)
			}
			a := apitest.Decode[uploadAnswer](t, w)
			if c.status != 201 {
				if a.Error.Code != "invalid-argument" || !strings.Contains(a.Error.Fields["file"], c.message) {
					t.Fatalf("error %+v, want fields.file containing %q", a.Error, c.message)
				}
				return
			}
			if !strings.HasPrefix(a.URL, "/files/") {
				t.Fatalf("url %q", a.URL)
			}
			got := app.Serve(httptest.NewRequest("GET", a.URL, nil))
			if got.Code != 200 || !bytes.Equal(got.Body.Bytes(), c.data) {
				t.Fatalf("GET %s: %d, %d bytes", a.URL, got.Code, got.Body.Len())
			}
			if ct := got.Header().Get("Content-Type"); ct != c.contentType {
				t.Errorf("Content-Type %q, want %q", ct, c.contentType)
			}
			if cd := got.Header().Get("Content-Disposition"); cd != c.disposition {
				t.Errorf("Content-Disposition %q, want %q", cd, c.disposition)
			}
		})
	}
}

func TestUploadNeedsASignedInUser(t *testing.T) {
	app := newTestApp(t)
	r := uploadRequest(t, "", "banner.jpg", uploadtest.JPEG(10, 10))
	r = r.WithContext(httptest.NewRequest("GET", "/", nil).Context()) // a visitor's request
	w := app.Serve(r)
	if w.Code != http.StatusUnauthorized || apitest.Decode[uploadAnswer](t, w).Error.Code != "unauthenticated" {
		t.Fatalf("visitor: %d %s", w.Code, w.Body)
	}
}

func TestUploadMalformedRequests(t *testing.T) {
	app := newTestApp(t)
	signedIn := func(r *http.Request) *http.Request { return r.WithContext(api.WithUser(r.Context(), organizer)) }

	notMultipart := signedIn(httptest.NewRequest("POST", "/api/uploads", strings.NewReader(`{"file":"x"}`)))
	notMultipart.Header.Set("Content-Type", "application/json")
	if w := app.Serve(notMultipart); w.Code != 400 {
		t.Errorf("JSON body: %d", w.Code)
	}

	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("titulo", "sem arquivo")
	mw.Close()
	noFile := signedIn(httptest.NewRequest("POST", "/api/uploads", &body))
	noFile.Header.Set("Content-Type", mw.FormDataContentType())
	if w := app.Serve(noFile); w.Code != 422 || apitest.Decode[uploadAnswer](t, w).Error.Fields["file"] != "Escolha um arquivo para enviar." {
		t.Errorf("no file: %d %s", w.Code, w.Body)
	}

	body.Reset()
	mw = multipart.NewWriter(&body)
	for range maxUploadParts + 1 {
		mw.WriteField("x", "y")
	}
	mw.Close()
	manyParts := signedIn(httptest.NewRequest("POST", "/api/uploads", &body))
	manyParts.Header.Set("Content-Type", mw.FormDataContentType())
	if w := app.Serve(manyParts); w.Code != 400 {
		t.Errorf("too many parts: %d %s", w.Code, w.Body)
	}

	if w := app.Serve(uploadRequest(t, "?kind=exe", "a.pdf", uploadtest.PDF("x"))); w.Code != 400 {
		t.Errorf("unknown kind: %d", w.Code)
	}
}

func TestServeFileHeaders(t *testing.T) {
	app := newTestApp(t)
	w := app.Serve(uploadRequest(t, "", "Banner Desktop.jpg", uploadtest.JPEG(1600, 640)))
	url := apitest.Decode[uploadAnswer](t, w).URL

	got := app.Serve(httptest.NewRequest("GET", url, nil))
	h := got.Header()
	want := map[string]string{
		"Content-Type":            "image/jpeg",
		"X-Content-Type-Options":  "nosniff",
		"Cache-Control":           "public, max-age=31536000, immutable",
		"Content-Security-Policy": "default-src 'none'; img-src 'self'; sandbox",
		"Content-Disposition":     `inline; filename="Banner Desktop.jpg"`,
	}
	for k, v := range want {
		if h.Get(k) != v {
			t.Errorf("%s: %q, want %q", k, h.Get(k), v)
		}
	}
	etag := h.Get("ETag")
	if etag == "" || h.Get("Last-Modified") == "" {
		t.Fatalf("no validators: ETag %q", etag)
	}

	again := httptest.NewRequest("GET", url, nil)
	again.Header.Set("If-None-Match", etag)
	if w := app.Serve(again); w.Code != http.StatusNotModified || w.Body.Len() != 0 {
		t.Fatalf("If-None-Match: %d, %d bytes", w.Code, w.Body.Len())
	}

	// Smaller widths for srcset.
	for q, wantWidth := range map[string]int{"?w=480": 480, "?w=700": 800, "?w=1200": 1200, "?w=1400": 1600} {
		w := app.Serve(httptest.NewRequest("GET", url+q, nil))
		cfg, _, err := image.DecodeConfig(w.Body)
		if w.Code != 200 || err != nil || cfg.Width != wantWidth {
			t.Errorf("%s: %d, width %d (%v), want %d", q, w.Code, cfg.Width, err, wantWidth)
		}
		if w.Header().Get("ETag") == etag {
			t.Errorf("%s shares the original's ETag", q)
		}
	}
	if w := app.Serve(httptest.NewRequest("GET", url+"?w=abc", nil)); w.Code != 400 {
		t.Errorf("?w=abc: %d", w.Code)
	}

	rangeReq := httptest.NewRequest("GET", url, nil)
	rangeReq.Header.Set("Range", "bytes=0-1")
	if w := app.Serve(rangeReq); w.Code != http.StatusPartialContent || !bytes.Equal(w.Body.Bytes(), []byte{0xFF, 0xD8}) {
		t.Errorf("range: %d % x", w.Code, w.Body.Bytes())
	}

	if w := app.Serve(httptest.NewRequest("GET", "/files/NOSUCHFILE", nil)); w.Code != 404 {
		t.Errorf("unknown file: %d", w.Code)
	}
}

// A body with no Content-Length is cut off as soon as it passes the limit.
func TestUploadStreamedTooLarge(t *testing.T) {
	app := newTestApp(t)
	big := append(append([]byte("%PDF-1.4\n"), make([]byte, upload.MaxBytes+1<<20)...), "%%EOF"...)
	r := uploadRequest(t, "", "enorme.pdf", big)
	r.Body = io.NopCloser(io.MultiReader(r.Body)) // hides the length
	r.ContentLength = -1
	w := app.Serve(r)
	if w.Code != http.StatusRequestEntityTooLarge || !strings.Contains(apitest.Decode[uploadAnswer](t, w).Error.Fields["file"], "20 MB") {
		t.Fatalf("streamed: %d %s", w.Code, w.Body)
	}
}

// A photo's EXIF (here a GPS position and a camera serial) never reaches /files/{id}.
func TestUploadedPhotoLosesItsMetadata(t *testing.T) {
	app := newTestApp(t)
	jpg := uploadtest.JPEG(300, 200)
	// Little-endian TIFF: IFD0 with Make and a GPS IFD pointer; the GPS IFD with GPSLatitudeRef.
	tiff := []byte("II\x2a\x00\x08\x00\x00\x00" +
		"\x02\x00" +
		"\x0f\x01\x02\x00\x0a\x00\x00\x00\x2c\x00\x00\x00" + // Make → offset 44
		"\x25\x88\x04\x00\x01\x00\x00\x00\x1a\x00\x00\x00" + // GPS IFD → offset 26
		"\x00\x00\x00\x00" +
		"\x01\x00" +
		"\x01\x00\x02\x00\x02\x00\x00\x00S\x00\x00\x00" + // GPSLatitudeRef "S"
		"\x00\x00\x00\x00" +
		"SERIAL-42\x00")
	seg := append([]byte("Exif\x00\x00"), tiff...)
	app1 := append([]byte{0xFF, 0xE1, byte((len(seg) + 2) >> 8), byte(len(seg) + 2)}, seg...)
	photo := append(append([]byte{0xFF, 0xD8}, app1...), jpg[2:]...)

	w := app.Serve(uploadRequest(t, "?kind=image", "foto.jpg", photo))
	if w.Code != 201 {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	got := app.Serve(httptest.NewRequest("GET", apitest.Decode[uploadAnswer](t, w).URL, nil))
	if got.Code != 200 {
		t.Fatalf("GET: %d", got.Code)
	}
	for _, s := range []string{"Exif", "SERIAL-42", "\x25\x88\x04\x00"} {
		if bytes.Contains(got.Body.Bytes(), []byte(s)) {
			t.Errorf("served file holds %q", s)
		}
	}
	if !bytes.Equal(got.Body.Bytes(), jpg) {
		t.Errorf("served %d bytes, want the photo without its EXIF (%d bytes)", got.Body.Len(), len(jpg))
	}
	if _, _, err := image.Decode(got.Body); err != nil {
		t.Errorf("served file does not decode: %v", err)
	}
}
