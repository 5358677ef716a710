package httpapi

import (
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"

	"pelotao/internal/api"
	"pelotao/internal/sheet"
)

// maxSheetRequest bounds a spreadsheet import: the file and a few small form fields.
const maxSheetRequest = sheet.MaxBytes + 64<<10

// maxSheetField bounds a form field beside the file (a modality's name, a mapping).
const maxSheetField = 64 << 10

// sheetFormFile is an import's form: one spreadsheet and a few small fields.
var sheetFormFile = formFile{maxRequest: maxSheetRequest, maxParts: 16, tooLarge: sheet.ErrTooLarge.Message,
	notMultipart: `Envie a planilha como multipart/form-data, no campo "file".`, tooMany: "Envie uma planilha por vez.",
	unreadable: "Não foi possível ler a planilha enviada. Tente novamente."}

// sheetUpload is a spreadsheet import read from a multipart form: its "file" part and its other
// fields.
type sheetUpload struct {
	data   []byte
	Fields map[string]string
}

// readSheetUpload reads the multipart form of an import (the file in "file"). A body over the
// limit is refused before it is read, from its Content-Length, or as soon as it passes the
// limit; a file that is not a readable spreadsheet is a 422 saying why.
func readSheetUpload(r *http.Request) (sheetUpload, error) {
	up := sheetUpload{Fields: map[string]string{}}
	var data []byte
	found := false
	err := sheetFormFile.eachPart(r, func(part *multipart.Part) error {
		var err error
		name := part.FormName()
		switch {
		case name == "file" && !found:
			found = true
			if data, err = io.ReadAll(io.LimitReader(part, sheet.MaxBytes+1)); err != nil {
				return sheetFormFile.readError(err)
			}
		case name != "" && name != "file":
			v, err := io.ReadAll(io.LimitReader(part, maxSheetField+1))
			if err != nil {
				return sheetFormFile.readError(err)
			}
			if len(v) > maxSheetField {
				return api.InvalidArgument("O campo " + name + " do formulário é grande demais.")
			}
			up.Fields[name] = string(v)
		}
		return nil
	})
	if err != nil {
		return up, err
	}
	if !found {
		return up, invalidFile("Escolha uma planilha para enviar.")
	}
	if len(data) > sheet.MaxBytes {
		return up, tooLarge(sheet.ErrTooLarge.Message)
	}
	up.data = data
	return up, nil
}

// table reads the upload's sheet (the form's "sheet", else the first) with the import's
// vocabulary, which finds its header. A file that is not a readable spreadsheet is a 422
// saying why.
func (up sheetUpload) table(v *sheet.Vocabulary) (*sheet.Table, error) {
	t, err := sheet.Read(up.data, sheet.Options{Vocabulary: v, Sheet: up.Fields["sheet"]})
	if se := (*sheet.Error)(nil); errors.As(err, &se) {
		if se == sheet.ErrTooLarge {
			return nil, tooLarge(se.Message)
		}
		return nil, invalidFile(se.Message)
	}
	return t, err
}

// dryRun tells a preview from a save.
func (up sheetUpload) dryRun() bool {
	return up.Fields["dryRun"] == "1" || up.Fields["dryRun"] == "true"
}

// errOpenQuestions refuses to save an import whose preview still asks something.
var errOpenQuestions = &api.Error{Status: http.StatusUnprocessableEntity, Code: "open-questions",
	Message: "Responda às perguntas da prévia antes de salvar."}

// sheetQuestion asks which sheet of a workbook to import, until the form names one.
func sheetQuestion(t *sheet.Table, up sheetUpload) []sheet.Question {
	if len(t.Sheets) < 2 || up.Fields["sheet"] != "" {
		return nil
	}
	return []sheet.Question{{Kind: sheet.QuestionSheet, Options: t.Sheets, Guess: t.Sheet,
		Message: fmt.Sprintf("O arquivo tem %d abas: qual importar?", len(t.Sheets))}}
}

// rowErrors is the 422 of an import whose rows have errors, the one answer of every import:
// all of them, and nothing saved.
func rowErrors(rows []sheet.RowError) *api.Error {
	seen := map[int]bool{}
	for _, e := range rows {
		seen[e.Row] = true
	}
	msg := "Há 1 linha com erro na planilha; nada foi salvo. Corrija e envie de novo."
	if n := len(seen); n > 1 {
		msg = fmt.Sprintf("Há %d linhas com erros na planilha; nada foi salvo. Corrija e envie de novo.", n)
	}
	return &api.Error{Status: http.StatusUnprocessableEntity, Code: "invalid-rows", Message: msg, Rows: rows}
}
