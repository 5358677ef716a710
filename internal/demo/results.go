package demo

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"pelotao/internal/event"
)

// finisher is one athlete who crossed the line.
type finisher struct {
	bib                  int
	nome, genero, equipe string
	idade                int
	categoria            string
	bruto, liquido       time.Duration // gun time and chip time
}

var (
	nomesFemininos = []string{"Ana", "Beatriz", "Camila", "Carolina", "Daniela", "Eduarda", "Fernanda", "Gabriela",
		"Helena", "Isabela", "Juliana", "Larissa", "Letícia", "Luana", "Mariana", "Marina", "Natália", "Patrícia",
		"Priscila", "Rafaela", "Renata", "Sabrina", "Tatiane", "Vanessa", "Aline", "Bruna", "Cláudia", "Débora",
		"Elaine", "Jéssica", "Kátia", "Luciana", "Mônica", "Raquel", "Simone", "Thaís", "Vitória", "Yasmin"}
	nomesMasculinos = []string{"André", "Bruno", "Carlos", "Daniel", "Diego", "Eduardo", "Felipe", "Fernando",
		"Gabriel", "Gustavo", "Henrique", "Igor", "João", "José", "Leandro", "Lucas", "Marcelo", "Marcos",
		"Matheus", "Paulo", "Pedro", "Rafael", "Renato", "Ricardo", "Rodrigo", "Sérgio", "Thiago", "Vinícius",
		"Alexandre", "Caio", "Fábio", "Júlio", "Luiz", "Otávio", "Roberto", "Samuel", "Wagner", "Antônio"}
	sobrenomes = []string{"Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira",
		"Lima", "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes",
		"Vieira", "Barbosa", "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado",
		"Mendes", "Freitas", "Cardoso", "Ramos", "Gonçalves", "Santana", "Teixeira", "Araújo", "Castro", "Pinto",
		"Campos", "Correia", "Monteiro", "Cavalcanti", "Bezerra", "Macedo", "Prado", "Siqueira", "Figueiredo"}
	equipes = []string{"Assessoria Ritmo Forte", "Equipe Pé na Estrada", "Corredores do Parque", "Clube Atlético Aurora",
		"Run Club Centro", "Movimento Corre Junto", "Equipe Passada Longa", "Trilheiros da Serra", "Pedal Horizonte",
		"Tri Litoral Team", "Assessoria Vento Sul", "Equipe Sol Nascente", "Amigos do Asfalto", "Endurance Cerrado"}
)

// profile is how fast a sport's field goes: seconds per km of the fastest and of the spread.
type profile struct{ fastest, spread float64 }

var profiles = map[string]profile{
	"Corrida de Rua": {178, 300},
	"Trail Running":  {270, 520},
	"Ciclismo":       {88, 80},
	"Duathlon":       {135, 130},
	"Triathlon":      {150, 150},
}

// field makes n finishers of a modalidade, each placed in the first age group of it that fits.
func field(rng *rand.Rand, categoria string, m event.Modalidade, n, firstBib int) []finisher {
	p := profiles[categoria]
	shareWomen := 0.42
	if categoria == "Ciclismo" || categoria == "Triathlon" {
		shareWomen = 0.28
	}
	bibs := rng.Perm(n * 2)
	out := make([]finisher, 0, n)
	for i := 0; len(out) < n; i++ {
		f := finisher{bib: firstBib + bibs[i%len(bibs)]}
		if rng.Float64() < shareWomen {
			f.genero = "Feminino"
			f.nome = pick(rng, nomesFemininos)
		} else {
			f.genero = "Masculino"
			f.nome = pick(rng, nomesMasculinos)
		}
		f.nome += " " + pick(rng, sobrenomes)
		if rng.IntN(2) == 0 {
			f.nome += " " + pick(rng, sobrenomes)
		}
		f.idade = 18 + int(52*math.Pow((rng.Float64()+rng.Float64())/2, 1.25))
		f.categoria = ageGroup(m.Categorias, f.genero, f.idade)
		if f.categoria == "" {
			continue
		}
		if rng.IntN(10) < 6 {
			f.equipe = pick(rng, equipes)
		}
		// A skewed spread: few fast athletes, many in the middle, a long tail walking it home.
		x := math.Pow((rng.Float64()+rng.Float64()+rng.Float64())/3, 1.6) * 1.5
		perKm := p.fastest + p.spread*x
		if f.genero == "Feminino" {
			perKm *= 1.1
		}
		if f.idade > 35 {
			perKm *= 1 + float64(f.idade-35)*0.006
		}
		f.liquido = time.Duration(perKm * m.Km.Value * float64(time.Second)).Round(time.Second)
		// Chip time starts at the mat; gun time counts the wait to cross it, longer further back.
		f.bruto = f.liquido + time.Duration(rng.IntN(20)+int(x*70))*time.Second
		out = append(out, f)
	}
	return out
}

func pick(rng *rand.Rand, list []string) string { return list[rng.IntN(len(list))] }

// ageGroup is the name of the first category that is an age group (not 'Qualquer idade') for
// that gender and age.
func ageGroup(cats []event.CategoriaModalidade, genero string, idade int) string {
	for _, c := range cats {
		if c.QualquerIdade || (c.Genero != genero && c.Genero != "Misto") {
			continue
		}
		if idade >= c.IdadeInicial.Value && idade <= c.IdadeLimite.Value {
			return c.Nome
		}
	}
	return ""
}

// race is what a results sheet heads its pages with.
type race struct {
	evento, cidade, uf string
	data               event.Date
	categoria          string
	modalidade         event.Modalidade
}

var (
	navy   = rgb{0.07, 0.13, 0.24}
	orange = rgb{0.96, 0.45, 0.13}
	ink    = rgb{0.12, 0.12, 0.14}
	muted  = rgb{0.42, 0.44, 0.48}
	band   = rgb{0.93, 0.94, 0.96}
	stripe = rgb{0.975, 0.978, 0.985}
	white  = rgb{1, 1, 1}
)

const (
	pageW, pageH = 841.89, 595.28 // A4 landscape
	rowH         = 14.5
	tableTop     = 168.0
	tableBottom  = 548.0
)

type column struct {
	title string
	x     float64
	right bool // figures line up on the right
	width float64
}

// generalPDF is the general classification: everyone by gun time.
func generalPDF(r race, all []finisher) []byte {
	fs := slices.Clone(all)
	slices.SortFunc(fs, func(a, b finisher) int { return cmpDur(a.bruto, b.bruto, a.bib, b.bib) })
	cols := []column{{"Pos.", 36, true, 24}, {"Nº", 70, true, 26}, {"Atleta", 108, false, 180}, {"Idade", 296, true, 26},
		{"Categoria", 338, false, 128}, {"Equipe", 472, false, 140}, {"Tempo bruto", 622, true, 56},
		{"Tempo líquido", 688, true, 60}, {paceTitle(r.categoria), 758, true, 48}}
	var rows [][]string
	for i, f := range fs {
		rows = append(rows, []string{fmt.Sprint(i + 1), fmt.Sprint(f.bib), f.nome, fmt.Sprint(f.idade), f.categoria,
			orDash(f.equipe), clock(f.bruto), clock(f.liquido), pace(r, f.liquido)})
	}
	doc := newPDF(pageW, pageH)
	subtitle := fmt.Sprintf("%s — Classificação Geral (%d concluintes)", r.modalidade.Nome, len(fs))
	pages := paginate(len(rows))
	for pi, pg := range pages {
		p := doc.page()
		header(p, r, subtitle)
		tableHeader(p, cols, tableTop)
		y := tableTop + rowH
		for i := pg.from; i < pg.to; i++ {
			tableRow(p, cols, rows[i], y, i%2 == 1)
			y += rowH
		}
		footer(p, pi+1, len(pages), "Classificação geral pelo tempo bruto (da largada oficial à chegada).")
	}
	return doc.bytes(r.evento + " — " + subtitle)
}

// categoriesPDF ranks each age group by chip time, one section after another.
func categoriesPDF(r race, all []finisher) []byte {
	overall := slices.Clone(all)
	slices.SortFunc(overall, func(a, b finisher) int { return cmpDur(a.bruto, b.bruto, a.bib, b.bib) })
	posGeral := map[int]int{}
	for i, f := range overall {
		posGeral[f.bib] = i + 1
	}
	cols := []column{{"Pos.", 36, true, 24}, {"Geral", 76, true, 30}, {"Nº", 112, true, 26}, {"Atleta", 150, false, 200},
		{"Idade", 358, true, 26}, {"Equipe", 400, false, 170}, {"Tempo líquido", 622, true, 60},
		{"Tempo bruto", 688, true, 56}, {paceTitle(r.categoria), 758, true, 48}}

	type section struct {
		nome string
		rows [][]string
	}
	var sections []section
	for _, c := range r.modalidade.Categorias {
		var fs []finisher
		for _, f := range all {
			if f.categoria == c.Nome {
				fs = append(fs, f)
			}
		}
		if len(fs) == 0 {
			continue
		}
		slices.SortFunc(fs, func(a, b finisher) int { return cmpDur(a.liquido, b.liquido, a.bib, b.bib) })
		s := section{nome: fmt.Sprintf("%s — %d concluintes", c.Nome, len(fs))}
		for i, f := range fs {
			s.rows = append(s.rows, []string{fmt.Sprint(i + 1), fmt.Sprint(posGeral[f.bib]), fmt.Sprint(f.bib), f.nome,
				fmt.Sprint(f.idade), orDash(f.equipe), clock(f.liquido), clock(f.bruto), pace(r, f.liquido)})
		}
		sections = append(sections, s)
	}

	// Lay the sections out first, so each page can say how many pages there are.
	type placed struct {
		heading string
		row     []string
		odd     bool
	}
	var pages [][]placed
	var cur []placed
	y := tableTop
	for _, s := range sections {
		if y+3*rowH+24 > tableBottom { // a heading never sits alone at the foot of a page
			pages, cur, y = append(pages, cur), nil, tableTop
		}
		cur = append(cur, placed{heading: s.nome})
		y += 24 + rowH
		for i, row := range s.rows {
			if y+rowH > tableBottom {
				pages, cur, y = append(pages, cur), nil, tableTop
				cur = append(cur, placed{heading: s.nome + " (continuação)"})
				y += 24 + rowH
			}
			cur = append(cur, placed{row: row, odd: i%2 == 1})
			y += rowH
		}
		y += 10
	}
	pages = append(pages, cur)

	doc := newPDF(pageW, pageH)
	subtitle := r.modalidade.Nome + " — Resultados por Categoria"
	for pi, items := range pages {
		p := doc.page()
		header(p, r, subtitle)
		y := tableTop
		for _, it := range items {
			if it.heading != "" {
				if y > tableTop {
					y += 10
				}
				p.text(36, y+14, bold, 11, orange, it.heading)
				y += 24
				tableHeader(p, cols, y)
				y += rowH
				continue
			}
			tableRow(p, cols, it.row, y, it.odd)
			y += rowH
		}
		footer(p, pi+1, len(pages), "Classificação por categoria pelo tempo líquido (do tapete de largada à chegada).")
	}
	return doc.bytes(r.evento + " — " + subtitle)
}

type pageRange struct{ from, to int }

func paginate(n int) []pageRange {
	per := int(math.Floor((tableBottom - tableTop - rowH) / rowH))
	var out []pageRange
	for from := 0; from < n; from += per {
		out = append(out, pageRange{from, min(n, from+per)})
	}
	return out
}

func header(p *pdfPage, r race, subtitle string) {
	p.rect(0, 0, pageW, 64, navy)
	p.rect(0, 64, pageW, 4, orange)
	p.text(36, 40, bold, 22, white, "PELOTÃO")
	t := "RESULTADOS OFICIAIS"
	p.text(pageW-36-textWidth(t, bold, 11), 37, bold, 11, rgb{0.85, 0.88, 0.94}, t)
	p.text(36, 100, bold, 17, ink, r.evento)
	p.text(36, 120, regular, 10.5, muted, fmt.Sprintf("%s · %s · %s", event.LongDate(r.data), event.Local{Cidade: r.cidade, Estado: r.uf}.CityUF(), r.categoria))
	p.text(36, 146, bold, 12.5, navy, subtitle)
}

func tableHeader(p *pdfPage, cols []column, y float64) {
	p.rect(30, y, pageW-60, rowH, navy)
	for _, c := range cols {
		cell(p, c, y, bold, white, c.title)
	}
}

func tableRow(p *pdfPage, cols []column, row []string, y float64, shaded bool) {
	if shaded {
		p.rect(30, y, pageW-60, rowH, stripe)
	}
	p.line(30, y+rowH, pageW-30, y+rowH, 0.4, band)
	for i, c := range cols {
		f := regular
		if i == 0 {
			f = bold
		}
		cell(p, c, y, f, ink, row[i])
	}
}

func cell(p *pdfPage, c column, y float64, f pdfFont, col rgb, s string) {
	const size = 8.4
	if textWidth(s, f, size) > c.width {
		r := []rune(s)
		for len(r) > 1 && textWidth(string(r)+"…", f, size) > c.width {
			r = r[:len(r)-1]
		}
		s = strings.TrimSpace(string(r)) + "…"
	}
	x := c.x
	if c.right {
		x = c.x + c.width - textWidth(s, f, size)
	}
	p.text(x, y+rowH-4.3, f, size, col, s)
}

func footer(p *pdfPage, n, total int, note string) {
	p.line(30, 560, pageW-30, 560, 0.6, band)
	p.text(36, 575, regular, 8, muted, "Cronometragem eletrônica por chip. "+note)
	t := fmt.Sprintf("Página %d de %d", n, total)
	p.text(pageW-36-textWidth(t, regular, 8), 575, regular, 8, muted, t)
}

func cmpDur(a, b time.Duration, bibA, bibB int) int {
	if a != b {
		return int((a - b) / time.Second)
	}
	return bibA - bibB
}

func clock(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}

func paceTitle(categoria string) string {
	if categoria == "Ciclismo" || categoria == "Triathlon" || categoria == "Duathlon" {
		return "Vel. média"
	}
	return "Ritmo/km"
}

// pace is minutes per km for runners and km/h for the sports on wheels.
func pace(r race, d time.Duration) string {
	km := r.modalidade.Km.Value
	if paceTitle(r.categoria) == "Vel. média" {
		return strings.Replace(fmt.Sprintf("%.1f km/h", km/d.Hours()), ".", ",", 1)
	}
	s := int(d.Seconds()/km + 0.5)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
