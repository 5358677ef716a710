package httpapi

import (
	"fmt"
	"net/http"

	"pelotao/internal/api"
	"pelotao/internal/sheet"
)

// maxSheetRequest bounds a spreadsheet import: the file and a few small form fields.
const maxSheetRequest = api.MaxSheetRequest

// sheetFormFile is an import's form: one spreadsheet in "file" and a few small fields.
var sheetFormFile = api.SheetForm("file")

// sheetUpload is a spreadsheet import read from a multipart form.
type sheetUpload = api.SheetUpload

// readSheetUpload reads the multipart form of an import (the file in "file").
func readSheetUpload(r *http.Request) (sheetUpload, error) {
	return api.ReadSheetUpload(r, sheetFormFile)
}

// dryRun tells a preview from a save.
func dryRun(up sheetUpload) bool {
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
