package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"

	"golang.org/x/text/encoding/charmap"

	"pelotao/internal/participant"
	"pelotao/internal/textfold"
)

// The people of the generated files: names as varied as a big race's field, Silva and Santos
// the most common surnames as they are in Brazil (searchedSurname finds thousands of them).
var (
	femininos  = []string{"Ana", "Maria", "Francisca", "Juliana", "Fernanda", "Patrícia", "Aline", "Camila", "Letícia", "Beatriz", "Gabriela", "Larissa", "Vitória", "Natália", "Sabrina", "Luíza", "Cecília", "Débora", "Íris", "Tânia"}
	masculinos = []string{"José", "João", "Luiz", "Antônio", "Paulo", "Carlos", "Marcos", "Rafael", "Bruno", "Diego", "Thiago", "Felipe", "Heitor", "Otávio", "Wagner", "Sérgio", "Fábio", "André", "Gonçalo", "Vinícius"}
	sobrenomes = []string{"Silva", "Silva", "Silva", "Santos", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Gonçalves", "Araújo", "Nascimento", "Conceição", "Brandão", "Magalhães", "Câmara", "Assunção", "Lopes", "Soares", "Moraes", "Figueiredo"}
	equipes    = []string{"Assessoria Ritmo Forte", "Equipe Pé na Estrada", "Corredores do Parque", "Run Club Centro", "Clube Atlético Aurora", "", "", ""}
	camisetas  = []string{"PP", "P", "P", "M", "M", "M", "M", "G", "G", "G", "GG", "GG", "XG"}
)

// What the load run searches for, as a visitor or an organizer types it: a common surname, and
// an age group of the results.
const (
	searchedSurname  = "silva"
	filteredSexo     = "F"
	filteredCategory = "F30-34"
)

func pick(rng *rand.Rand, list []string) string { return list[rng.IntN(len(list))] }

// person is a sex and a full name: a first name and one or two surnames.
func person(rng *rand.Rand) (sexo, nome string) {
	sexo, first := "M", pick(rng, masculinos)
	if rng.IntN(100) < 40 {
		sexo, first = "F", pick(rng, femininos)
	}
	nome = first + " " + pick(rng, sobrenomes)
	if rng.IntN(3) > 0 {
		nome += " " + pick(rng, sobrenomes)
	}
	return sexo, nome
}

// firstBib is the first result line's bib; bibs follow the lines.
const firstBib = 10000

// resultsFile is a modality's results as a timing company sends them: Excel pt-BR's CSV
// (Windows-1252, ';'), Portuguese headers, n lines in finishing order with age-group categories,
// gun time a little after net time, and about one athlete in a hundred who did not finish.
func resultsFile(n int) ([]byte, error) {
	rng := rand.New(rand.NewPCG(7, 30)) // the same file on every run
	var b strings.Builder
	b.WriteString("Nº de peito;Nome;Sexo;Categoria;Equipe;Tempo bruto;Tempo líquido\r\n")
	for i := range n {
		sexo, nome := person(rng)
		from := 20 + 5*rng.IntN(11) // age groups of five years, 20-24 to 70-74
		categoria := fmt.Sprintf("%s%d-%d", sexo, from, from+4)
		bruto, liquido := "DNF", "DNF"
		if rng.IntN(100) > 0 {
			net := 2400 + i*4800/n + rng.IntN(30) // 40 minutes for the first, two hours for the last
			bruto, liquido = clock(net+rng.IntN(90)), clock(net)
		}
		fmt.Fprintf(&b, "%d;%s;%s;%s;%s;%s;%s\r\n", firstBib+i, nome, sexo, categoria, pick(rng, equipes), bruto, liquido)
	}
	return charmap.Windows1252.NewEncoder().Bytes([]byte(b.String()))
}

func clock(seconds int) string {
	return fmt.Sprintf("%d:%02d:%02d", seconds/3600, seconds/60%60, seconds%60)
}

// participantsFile is a ticketing system's export of n registrations over the event's modalities
// (the first the most sought after): UTF-8 with a BOM, ';', Portuguese headers, CPFs with their
// punctuation and valid check digits, all different.
func participantsFile(n int, modalidades []string) []byte {
	rng := rand.New(rand.NewPCG(7, 31))
	var b bytes.Buffer
	b.WriteString("\uFEFFNome;CPF;Sexo;Modalidade;Camiseta;Pago;E-mail\r\n")
	for i := range n {
		sexo, nome := person(rng)
		m := modalidades[rng.IntN(len(modalidades))]
		if rng.IntN(3) == 0 {
			m = modalidades[0]
		}
		// nine base digits 7919 apart: all different, none all one digit.
		cpf := participant.FormatCPF(participant.CompleteCPF(fmt.Sprintf("%09d", 123456789+7919*i)))
		pago := "Sim"
		if rng.IntN(100) >= 86 {
			pago = "Não"
		}
		email := strings.ReplaceAll(textfold.Fold(nome), " ", ".") + fmt.Sprint(i) + "@exemplo.com.br"
		fmt.Fprintf(&b, "%s;%s;%s;%s;%s;%s;%s\r\n", nome, cpf, sexo, m, pick(rng, camisetas), pago, email)
	}
	return b.Bytes()
}
