package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/results"
	"pelotao/internal/textfold"
)

// ResultStore stores the results of events: a set per event and modality (percurso), and its
// lines.
type ResultStore interface {
	// ReplaceResultSet publishes set (EventID, Percurso, Status) with its results, in one
	// transaction: a set already published for the modality keeps its ID (links to its athletes
	// keep working) and has its lines replaced; readers see the old lines or the new ones,
	// never a mix. It sets ID, ImportedAt and the counts and returns the set as stored.
	// An unknown event is ErrNotFound.
	ReplaceResultSet(ctx context.Context, set results.Set, rs []results.Result) (results.Set, error)
	// ListResultSets returns an event's sets by percurso; none is an empty list.
	ListResultSets(ctx context.Context, eventID string) ([]results.Set, error)
	// GetResultSet returns one set of the event, or ErrNotFound.
	GetResultSet(ctx context.Context, eventID, setID string) (results.Set, error)
	// DeleteResultSet removes a set of the event and its lines, or returns ErrNotFound.
	DeleteResultSet(ctx context.Context, eventID, setID string) error
	// ListResults returns one page of a set's lines in order (finishers by place first).
	ListResults(ctx context.Context, q ResultQuery) (ResultPage, error)
	// GetResult returns the line of a bib in a set, or ErrNotFound.
	GetResult(ctx context.Context, setID, bib string) (results.Result, error)
	// ResultLines returns every line of a set, in order: what a cache of the set holds.
	ResultLines(ctx context.Context, setID string) ([]ResultRow, error)
	// ResultDocuments returns the documents of a set's lines that have one, by the line's key
	// (results.Result.Key), for the ranking by assessoria (GRP-32).
	ResultDocuments(ctx context.Context, setID string) (map[string]string, error)
}

// ResultQuery selects a page of a set's lines.
type ResultQuery struct {
	SetID string
	// Q matches lines whose name, bib or team contain every word of it, ignoring case and accents.
	Q         string
	Sexo      string
	Categoria string
	Limit     int    // 1..MaxResultLimit; 0 means DefaultResultLimit
	Cursor    string // ResultPage.NextCursor of the previous page
}

const (
	DefaultResultLimit = 50
	MaxResultLimit     = 200
)

// ResultPage is one page of lines, each a results.Result as JSON exactly as stored; Total
// counts every line the filters select.
type ResultPage struct {
	Results    []json.RawMessage
	Total      int
	NextCursor string
}

// ResultLimit is q.Limit made valid.
func (q ResultQuery) ResultLimit() int {
	switch {
	case q.Limit <= 0:
		return DefaultResultLimit
	case q.Limit > MaxResultLimit:
		return MaxResultLimit
	}
	return q.Limit
}

// ResultSearchText is what a results search looks in: the name, bib and team, folded.
func ResultSearchText(r results.Result) string {
	return textfold.Fold(r.Nome + " " + r.NumeroPeito + " " + r.Equipe)
}

// ResultRow is a line as both databases store it.
type ResultRow struct {
	Ordem       int
	NumeroPeito string
	Sexo        string
	Categoria   string
	Status      string
	Search      string
	Doc         []byte
	// Documento is results.Result.Documento, kept beside Doc, never in it (GRP-32).
	Documento string
}

// PrepareResultSet readies the publication of set with rs at now: it sets the set's counts,
// categories and ImportedAt, and returns its lines for storage and its JSON columns
// (categorias, finishers_by).
func PrepareResultSet(set *results.Set, rs []results.Result, now time.Time) (rows []ResultRow, categorias, finishersBy string, err error) {
	rows, cats, err := newResultRows(rs)
	if err != nil {
		return nil, "", "", err
	}
	counts := results.CountOf(rs)
	set.Finishers, set.Total, set.Categorias = counts.Finishers, counts.Total, cats
	set.FinishersBy = results.CountFinishersBy(rs)
	set.ImportedAt = now.UTC().Truncate(time.Microsecond)
	c, _ := json.Marshal(cats)
	by, _ := json.Marshal(set.FinishersBy)
	return rows, string(c), string(by), nil
}

// newResultRows prepares a set's lines for storage, and returns the set's categories in
// order of first appearance.
func newResultRows(rs []results.Result) ([]ResultRow, []string, error) {
	rows := make([]ResultRow, len(rs))
	seen := map[string]bool{}
	categorias := []string{}
	for i, r := range rs {
		doc, err := json.Marshal(r)
		if err != nil {
			return nil, nil, fmt.Errorf("store: encoding result: %w", err)
		}
		rows[i] = ResultRow{Ordem: r.Ordem, NumeroPeito: r.Key(), Sexo: r.Sexo, Categoria: r.Categoria,
			Status: r.Status, Search: ResultSearchText(r), Doc: doc, Documento: r.Documento}
		if r.Categoria != "" && !seen[r.Categoria] {
			seen[r.Categoria] = true
			categorias = append(categorias, r.Categoria)
		}
	}
	return rows, categorias, nil
}

// DecodeResult reads a stored line.
func DecodeResult(doc []byte, ordem int) (results.Result, error) {
	var r results.Result
	if err := json.Unmarshal(doc, &r); err != nil {
		return r, fmt.Errorf("store: decoding result: %w", err)
	}
	r.Ordem = ordem
	return r, nil
}

// ResultSetColumns are the columns of a result set row, in the order ScanResultSet reads.
const ResultSetColumns = "id, event_id, percurso, status, finishers, total, categorias, finishers_by, imported_at"

// ScanResultSet reads a row of ResultSetColumns.
func ScanResultSet(row Scanner) (results.Set, error) {
	var set results.Set
	var cats, by string
	if err := row.Scan(&set.ID, &set.EventID, &set.Percurso, &set.Status, &set.Finishers, &set.Total, &cats, &by, &set.ImportedAt); err != nil {
		return set, err
	}
	set.ImportedAt = set.ImportedAt.UTC()
	return set, errors.Join(json.Unmarshal([]byte(cats), &set.Categorias), json.Unmarshal([]byte(by), &set.FinishersBy))
}

// ResultColumns are the columns ScanResult reads.
const ResultColumns = "doc, ordem, documento"

// ScanResult reads a line's doc, ordem and documento (ResultColumns).
func ScanResult(row Scanner) (results.Result, error) {
	var doc []byte
	var ordem int
	var documento string
	if err := row.Scan(&doc, &ordem, &documento); err != nil {
		return results.Result{}, err
	}
	r, err := DecodeResult(doc, ordem)
	r.Documento = documento
	return r, err
}

// ResultRowColumns are the columns of a line, in the order ScanResultRow reads.
const ResultRowColumns = "ordem, numero_peito, sexo, categoria, status, search, doc, documento"

// ScanResultRow reads a row of ResultRowColumns.
func ScanResultRow(row Scanner) (ResultRow, error) {
	var l ResultRow
	err := row.Scan(&l.Ordem, &l.NumeroPeito, &l.Sexo, &l.Categoria, &l.Status, &l.Search, &l.Doc, &l.Documento)
	return l, err
}

// ReadResultDocuments reads the documents of a set's lines (ResultStore.ResultDocuments) with
// query.
func ReadResultDocuments(ctx context.Context, query Query, d SQLDialect, setID string) (map[string]string, error) {
	type line struct{ key, documento string }
	lines, err := QueryAll(ctx, query, d.Name+": reading result documents", func(row Scanner) (l line, err error) {
		return l, row.Scan(&l.key, &l.documento)
	}, "SELECT numero_peito, documento FROM results WHERE set_id = "+d.Placeholder(1)+" AND documento <> ''", setID)
	out := make(map[string]string, len(lines))
	for _, l := range lines {
		out[l.key] = l.documento
	}
	return out, err
}

// ReadResultPage reads the page of lines q selects with query.
func ReadResultPage(ctx context.Context, query Query, d SQLDialect, q ResultQuery) (ResultPage, error) {
	stmt, args, limit, err := resultListSQL(q, d)
	if err != nil {
		return ResultPage{}, err
	}
	type line struct {
		total int
		doc   []byte
		ordem *int
	}
	lines, err := QueryAll(ctx, query, d.Name+": listing results", func(row Scanner) (l line, err error) {
		err = row.Scan(&l.total, &l.doc, &l.ordem)
		return l, err
	}, stmt, args...)
	if err != nil {
		return ResultPage{}, err
	}
	// The query asks for one line more than limit: its presence says that a page follows.
	p := ResultPage{Results: []json.RawMessage{}}
	for i, l := range lines {
		p.Total = l.total
		switch {
		case l.ordem == nil: // an empty page: its one row holds only the total
		case len(p.Results) < limit:
			p.Results = append(p.Results, l.doc)
		default:
			p.NextCursor = strconv.Itoa(*lines[i-1].ordem)
		}
	}
	return p, nil
}

// resultListSQL builds the page query of q: the count of every line the filters select and, in
// the same statement (one snapshot), the lines after the cursor. It returns one row per line,
// total, doc, ordem, ordered; or a single row total, NULL, NULL when the page is empty.
func resultListSQL(q ResultQuery, d SQLDialect) (query string, args []any, limit int, err error) {
	after := 0
	if q.Cursor != "" {
		after, err = strconv.Atoi(q.Cursor)
		if err != nil || after < 1 {
			return "", nil, 0, ErrBadCursor
		}
	}
	limit = q.ResultLimit()
	param := func(v any) string {
		args = append(args, v)
		return d.Placeholder(len(args))
	}
	filter := func() string {
		where := []string{"set_id = " + param(q.SetID)}
		if q.Sexo != "" {
			where = append(where, "sexo = "+param(q.Sexo))
		}
		if q.Categoria != "" {
			where = append(where, "categoria = "+param(q.Categoria))
		}
		for _, w := range event.SearchTerms(q.Q) {
			where = append(where, d.Contains("search", param(w)))
		}
		return strings.Join(where, " AND ")
	}
	count := "SELECT count(*) AS total FROM results WHERE " + filter()
	page := "SELECT doc, ordem FROM results WHERE " + filter() + " AND ordem > " + param(after) +
		" ORDER BY ordem LIMIT " + param(limit+1)
	query = "SELECT c.total, p.doc, p.ordem FROM (" + count + ") c LEFT JOIN (" + page + ") p ON 1 = 1 ORDER BY p.ordem"
	return query, args, limit, nil
}
