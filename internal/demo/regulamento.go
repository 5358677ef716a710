package demo

import (
	"fmt"
	"slices"
	"strings"

	"pelotao/internal/event"
	"pelotao/internal/registration"
)

// regulamentoPDF writes the event's rules from its own data, as an organiser would publish them.
func regulamentoPDF(e event.Event) []byte {
	const w, h, margin = 595.28, 841.89, 56.0
	doc := newPDF(w, h)
	var p *pdfPage
	y := 0.0
	newPage := func() {
		p = doc.page()
		p.rect(0, 0, w, 54, navy)
		p.rect(0, 54, w, 3, orange)
		p.text(margin, 35, bold, 18, white, "PELOTÃO")
		t := "REGULAMENTO OFICIAL"
		p.text(w-margin-textWidth(t, bold, 9.5), 33, bold, 9.5, rgb{0.85, 0.88, 0.94}, t)
		y = 92
	}
	para := func(f pdfFont, size float64, col rgb, text string, gap float64) {
		for _, line := range wrapPDF(text, f, size, w-2*margin) {
			if y > h-70 {
				newPage()
			}
			p.text(margin, y, f, size, col, line)
			y += size * 1.45
		}
		y += gap
	}
	newPage()
	para(bold, 18, ink, e.Titulo, 2)
	para(regular, 10.5, muted, fmt.Sprintf("%s · %s, %s", event.LongDate(e.DataEvento), e.Local.Local, e.Local.CityUF()), 14)

	n := 0
	section := func(title string, body ...string) {
		n++
		y += 4
		para(bold, 12, navy, fmt.Sprintf("%d. %s", n, title), 2)
		for _, b := range body {
			para(regular, 10, ink, b, 5)
		}
	}
	section("A prova", fmt.Sprintf("O evento %s é uma prova de %s realizada em %s, com concentração em %s (%s). "+
		"A prova acontece com qualquer clima; só será adiada por determinação das autoridades.",
		e.Titulo, strings.ToLower(e.Categoria), event.LongDate(e.DataEvento), e.Local.Local, e.Local.Endereco))
	if len(e.Largadas) > 0 {
		var ls []string
		for _, l := range e.Largadas {
			ls = append(ls, fmt.Sprintf("• %s: %s", l.Nome, l.Horario))
		}
		section("Largadas", ls...)
	}
	if len(e.Modalidades) > 0 {
		var ms []string
		for _, m := range e.Modalidades {
			var cats []string
			for _, c := range m.Categorias {
				cats = append(cats, c.Nome)
			}
			nome := m.Nome
			if !strings.Contains(nome, "km") {
				nome += fmt.Sprintf(" (%s km)", strings.Replace(fmt.Sprint(m.Km.Value), ".", ",", 1))
			}
			idade := ""
			if m.IdadeMinima.Valid {
				idade = fmt.Sprintf(" Idade mínima: %d anos.", m.IdadeMinima.Value)
			}
			ms = append(ms, fmt.Sprintf("• %s.%s Categorias: %s.", nome, idade, strings.Join(cats, ", ")))
		}
		ms = append(ms, fmt.Sprintf("A idade mínima é a que o atleta terá na data da prova; menores de %d anos só participam com autorização assinada pelo responsável, conferida na retirada do kit.", registration.Const.Limits.Maioridade),
			"Para as categorias, a idade considerada é a que o atleta terá em 31 de dezembro do ano da prova.")
		section("Modalidades e categorias", ms...)
	}
	section("Inscrições", "As inscrições são pessoais e intransferíveis e só são confirmadas após o pagamento. "+
		"O atleta pode desistir e receber o valor de volta em até 7 dias após a compra, conforme o Código de Defesa do Consumidor.")
	if len(e.RetiradaKits) > 0 {
		var rs []string
		for _, r := range e.RetiradaKits {
			rs = append(rs, fmt.Sprintf("• %s: %s, das %s às %s.", r.Local, event.LongDate(r.Data), r.HorarioInicio, r.HorarioFim))
		}
		rs = append(rs, "Não haverá entrega de kits no dia da prova, salvo indicação acima.")
		section("Retirada de kits", rs...)
	}
	if e.Premiacao.Tipo == event.TipoTexto && e.Premiacao.Valor != "" {
		section("Premiação", e.Premiacao.Valor)
	} else if len(e.Premiacao.Estruturado) > 0 {
		var ps []string
		for _, r := range e.Premiacao.Estruturado {
			onde := "Geral"
			if r.ModalidadeNome != "" {
				onde = strings.Join(slices.DeleteFunc([]string{r.ModalidadeNome, r.CategoriaNome}, func(s string) bool { return s == "" }), " · ")
			}
			ps = append(ps, fmt.Sprintf("• %s: %s.", onde, r.Descricao))
		}
		section("Premiação", ps...)
	}
	section("Disposições gerais",
		"Ao se inscrever, o atleta declara estar em boas condições de saúde e ter treinado adequadamente para a prova.",
		"O atleta cede à organização o direito de uso de sua imagem em fotos e vídeos da prova, sem ônus.",
		"Casos omissos serão resolvidos pela comissão organizadora, cuja decisão é final.")
	return doc.bytes("Regulamento — " + e.Titulo)
}

// wrapPDF breaks text into lines that fit width, keeping the text's own line breaks.
func wrapPDF(text string, f pdfFont, size, width float64) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			try := strings.TrimSpace(line + " " + word)
			if line != "" && textWidth(try, f, size) > width {
				out, line = append(out, line), word
				continue
			}
			line = try
		}
		out = append(out, line)
	}
	return out
}
