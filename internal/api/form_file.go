package api

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"

	"pelotao/internal/sheet"
)

// FormFile is a route that takes a file in a multipart form: the file's part name, the limits,
// and what it answers, in pt-BR, when the request is not such a form, has too many parts or
// cannot be read.
type FormFile struct {
	Field        string // the file's part ("file"; "arquivo" on the routes named in Portuguese)
	MaxRequest   int64
	MaxParts     int
	TooLarge     string
	NotMultipart string
	TooMany      string
	Unreadable   string
}

// FileTooLarge is the 413 of a file past its limit, on the form's field.
func FileTooLarge(field, message string) *Error {
	return &Error{Status: http.StatusRequestEntityTooLarge, Code: "invalid-argument", Message: message,
		Fields: map[string]string{field: message}}
}

// InvalidFile is the 422 of a file that cannot be taken, on the form's field.
func InvalidFile(field, message string) *Error {
	return &Error{Status: http.StatusUnprocessableEntity, Code: "invalid-argument", Message: message,
		Fields: map[string]string{field: message}}
}

// EachPart hands the parts of the form to read, in order. A body over the limit is refused
// before it is read, from its Content-Length, or as soon as it passes the limit.
func (f FormFile) EachPart(r *http.Request, read func(*multipart.Part) error) error {
	if r.ContentLength > f.MaxRequest {
		return FileTooLarge(f.Field, f.TooLarge)
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return InvalidArgument(f.NotMultipart)
	}
	for parts := 0; ; parts++ {
		part, err := mr.NextPart()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return f.ReadError(err)
		}
		if parts >= f.MaxParts {
			return InvalidArgument(f.TooMany)
		}
		if err := read(part); err != nil {
			return err
		}
	}
}

// ReadError is a 413 for a body past the route's limit, and a 400 for any other failed read.
func (f FormFile) ReadError(err error) error {
	if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
		return FileTooLarge(f.Field, f.TooLarge)
	}
	return InvalidArgument(f.Unreadable)
}

// MaxSheetRequest bounds a spreadsheet upload: the file and a few small form fields.
const MaxSheetRequest = sheet.MaxBytes + 64<<10

// maxSheetField bounds a form field beside the file (a modality's name, a mapping).
const maxSheetField = 64 << 10

// SheetForm is the form of a spreadsheet upload whose file is in the part field: one
// spreadsheet and a few small fields.
func SheetForm(field string) FormFile {
	return FormFile{Field: field, MaxRequest: MaxSheetRequest, MaxParts: 16, TooLarge: sheet.ErrTooLarge.Message,
		NotMultipart: `Envie a planilha como multipart/form-data, no campo "` + field + `".`, TooMany: "Envie uma planilha por vez.",
		Unreadable: "Não foi possível ler a planilha enviada. Tente novamente."}
}

// SheetUpload is a spreadsheet read from a multipart form: its file and its other fields.
type SheetUpload struct {
	data   []byte
	field  string
	Fields map[string]string
}

// ReadSheetUpload reads the multipart form of a spreadsheet upload (the file in f.Field). A
// body over the limit is refused before it is read, from its Content-Length, or as soon as it
// passes the limit; a form without the file is a 422 saying so.
func ReadSheetUpload(r *http.Request, f FormFile) (SheetUpload, error) {
	up := SheetUpload{field: f.Field, Fields: map[string]string{}}
	var data []byte
	found := false
	err := f.EachPart(r, func(part *multipart.Part) error {
		var err error
		name := part.FormName()
		switch {
		case name == f.Field && !found:
			found = true
			if data, err = io.ReadAll(io.LimitReader(part, sheet.MaxBytes+1)); err != nil {
				return f.ReadError(err)
			}
		case name != "" && name != f.Field:
			v, err := io.ReadAll(io.LimitReader(part, maxSheetField+1))
			if err != nil {
				return f.ReadError(err)
			}
			if len(v) > maxSheetField {
				return InvalidArgument("O campo " + name + " do formulário é grande demais.")
			}
			up.Fields[name] = string(v)
		}
		return nil
	})
	if err != nil {
		return up, err
	}
	if !found {
		return up, InvalidFile(f.Field, "Escolha uma planilha para enviar.")
	}
	if len(data) > sheet.MaxBytes {
		return up, FileTooLarge(f.Field, sheet.ErrTooLarge.Message)
	}
	up.data = data
	return up, nil
}

// Table reads the upload's sheet (the form's "sheet", else the first) with the import's
// vocabulary, which finds its header; the format is told by content, never by the file's
// name. A file that is not a readable spreadsheet is a 422 saying why.
func (up SheetUpload) Table(v *sheet.Vocabulary) (*sheet.Table, error) {
	t, err := sheet.Read(up.data, sheet.Options{Vocabulary: v, Sheet: up.Fields["sheet"]})
	if se := (*sheet.Error)(nil); errors.As(err, &se) {
		if se == sheet.ErrTooLarge {
			return nil, FileTooLarge(up.field, se.Message)
		}
		return nil, InvalidFile(up.field, se.Message)
	}
	return t, err
}
