package main

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"pelotao/internal/participant"
	"pelotao/internal/results"
)

// raceRows is the size of the race-day files: the largest event Pelotão is made for.
const raceRows = 30000

// raceDay is what the race-day measurements run on: a past demo event with a set of raceRows
// results (setID; bib is one of its athletes) and the upcoming demo event whose page is measured,
// given raceRows participants.
type raceDay struct {
	pastID, setID, bib, upcomingID string
	ordersID                       string // the generated event with raceRows orders
	imports                        []importRow
	soldID                         string // the upcoming demo event sold in Pelotão, whose form is measured
}

// importRow is one timed import and what the server answered.
type importRow struct {
	what   string
	took   time.Duration
	answer string
	wrong  bool // the answer is not the one expected
}

type eventDoc struct {
	ID          string `json:"id"`
	Modalidades []struct {
		Nome string `json:"nome"`
	} `json:"modalidades"`
}

// pastDemoEvent is the most recent past event that has modalities, with its first modality.
// It is asked for while only the demo content exists: generated events are copies of upcoming
// demo events, some of them dated in the past.
func pastDemoEvent(base string) (id, modalidade string, err error) {
	visitor := client{base: base}
	var list struct {
		Events []struct {
			ID string `json:"id"`
		} `json:"events"`
	}
	if err := visitor.getJSON("/api/events?when=past", &list); err != nil {
		return "", "", err
	}
	for _, e := range list.Events {
		var doc eventDoc
		if err := visitor.getJSON("/api/events/"+url.PathEscape(e.ID), &doc); err != nil {
			return "", "", err
		}
		if len(doc.Modalidades) > 0 {
			return doc.ID, doc.Modalidades[0].Nome, nil
		}
	}
	return "", "", errors.New("no past demo event with a modality: is PELOTAO_DEMO seeding?")
}

// prepareRaceDay imports, as the organizer o, raceRows results into modalidade of the past event
// and raceRows participants into the upcoming one, twice (the second time changes nothing, as a
// daily re-import of an unchanged ticketing export), timing each import.
func prepareRaceDay(o client, pastID, modalidade, upcomingID string) (raceDay, error) {
	rd := raceDay{pastID: pastID, upcomingID: upcomingID, bib: strconv.Itoa(firstBib + raceRows/2)}
	file, err := resultsFile(raceRows)
	if err != nil {
		return rd, err
	}
	var set results.Set
	start := time.Now()
	err = o.upload("/api/events/"+url.PathEscape(pastID)+"/results", "resultado.csv", file,
		map[string]string{"percurso": modalidade, "status": results.Oficial}, &set)
	if err != nil {
		return rd, err
	}
	rd.setID = set.ID
	rd.imports = append(rd.imports, importRow{what: fmt.Sprintf("results, %d lines (Windows-1252)", raceRows), took: time.Since(start),
		answer: fmt.Sprintf("%d lines, %d finishers, %d categories", set.Total, set.Finishers, len(set.Categorias)),
		wrong:  set.Total != raceRows})

	var doc eventDoc
	if err := o.getJSON("/api/events/"+url.PathEscape(upcomingID), &doc); err != nil {
		return rd, err
	}
	if len(doc.Modalidades) == 0 {
		return rd, fmt.Errorf("event %s has no modality", upcomingID)
	}
	var modalidades []string
	var settings participant.Settings
	for i, m := range doc.Modalidades {
		modalidades = append(modalidades, m.Nome)
		// The demo's bib ranges hold a thousand athletes each: the organizer widens them, as the
		// import's error asks, to ranges past the demo's bibs.
		start := 10000 + i*raceRows
		settings.FaixasPeito = append(settings.FaixasPeito, participant.FaixaPeito{Percurso: m.Nome, Inicio: start, Fim: start + raceRows - 1})
	}
	path := "/api/events/" + url.PathEscape(upcomingID) + "/participants"
	if err := o.putJSON(path+"/settings", settings); err != nil {
		return rd, err
	}
	file = participantsFile(raceRows, modalidades)
	first, counts, err := importParticipants(o, path, file, fmt.Sprintf("participants, %d rows (UTF-8)", raceRows))
	if err != nil {
		return rd, err
	}
	first.wrong = counts.Added != raceRows
	again, counts, err := importParticipants(o, path, file, "participants again, the same file")
	if err != nil {
		return rd, err
	}
	again.wrong = counts.Added+counts.Updated != 0
	rd.imports = append(rd.imports, first, again)
	return rd, nil
}

// importParticipants posts a participants file to path and times it.
func importParticipants(o client, path string, file []byte, what string) (importRow, participant.Counts, error) {
	var counts participant.Counts
	start := time.Now()
	if err := o.upload(path, "inscritos.csv", file, nil, &counts); err != nil {
		return importRow{}, counts, err
	}
	return importRow{what: what, took: time.Since(start), answer: fmt.Sprintf("added %d, updated %d, unchanged %d, missing %d",
		counts.Added, counts.Updated, counts.Unchanged, counts.Missing)}, counts, nil
}
