package demo

import (
	"strings"

	"pelotao/internal/event"
)

// demoEvent is one event of the demo, with what its pictures and results are made from.
type demoEvent struct {
	event.Event
	slug    string
	kicker  string
	palette palette
	// finishers per modalidade, in order; nil when the results are not published.
	finishers []int
}

// Helpers that keep the catalogue below readable.

func km(v float64) event.Decimal    { return event.Dec(v) }
func reais(v float64) event.Decimal { return event.Dec(v) }

func itens(nomes ...string) []event.ItemKit {
	out := make([]event.ItemKit, len(nomes))
	for i, n := range nomes {
		out[i] = event.ItemKit{Nome: n}
	}
	return out
}

func faixa(nome string, de, ate int, genero, premio string) event.CategoriaModalidade {
	return event.CategoriaModalidade{Nome: nome, IdadeInicial: event.Int(de), IdadeLimite: event.Int(ate), Genero: genero, Premiacao: premio}
}

func qualquerIdade(nome, genero, premio string) event.CategoriaModalidade {
	return event.CategoriaModalidade{Nome: nome, IdadeInicial: event.Int(0), IdadeLimite: event.Int(120), QualquerIdade: true, Genero: genero, Premiacao: premio}
}

// faixasEtarias are the usual categories: the overall podium of each gender (any age) and
// age groups, which every finisher of 18 or more falls into exactly once.
func faixasEtarias(premioGeral, premioFaixa string) []event.CategoriaModalidade {
	cats := []event.CategoriaModalidade{
		qualquerIdade("Geral Feminino", "Feminino", premioGeral),
		qualquerIdade("Geral Masculino", "Masculino", premioGeral),
	}
	for _, g := range []string{"Feminino", "Masculino"} {
		cats = append(cats,
			faixa(g+" 18 a 29 anos", 18, 29, g, premioFaixa),
			faixa(g+" 30 a 39 anos", 30, 39, g, premioFaixa),
			faixa(g+" 40 a 49 anos", 40, 49, g, premioFaixa),
			faixa(g+" 50 anos ou mais", 50, 120, g, premioFaixa))
	}
	return cats
}

func linhas(pares ...string) []event.LinhaCronograma {
	var out []event.LinhaCronograma
	for i := 0; i+1 < len(pares); i += 2 {
		out = append(out, event.LinhaCronograma{Horario: pares[i], Descricao: pares[i+1]})
	}
	return out
}

func premioGeral(descricao string) event.PremioEstruturado {
	return event.PremioEstruturado{Descricao: descricao, Nivel: event.NivelGeral}
}

func premioModalidade(modalidade, descricao string) event.PremioEstruturado {
	return event.PremioEstruturado{Descricao: descricao, Nivel: event.NivelModalidade, ModalidadeNome: modalidade}
}

func premioCategoria(modalidade, categoria, descricao string) event.PremioEstruturado {
	return event.PremioEstruturado{Descricao: descricao, Nivel: event.NivelCategoria, ModalidadeNome: modalidade, CategoriaNome: categoria}
}

func inscricao(slug string) string { return "https://inscricoes.pelotao.com.br/" + slug }

// percursoMapa is a link to the course map on the organisers' (fictional) map site.
func percursoMapa(slug, modalidade string) event.Percurso {
	return event.Percurso{Tipo: event.PercursoLink, Valor: "https://mapas.pelotao.com.br/" + slug + "/" + strings.ReplaceAll(modalidade, " ", "-")}
}

func percursoTexto(s string) event.Percurso { return event.Percurso{Tipo: event.TipoTexto, Valor: s} }

const infoCorrida = `• Retire o kit com documento com foto; terceiros podem retirar com autorização assinada e cópia do documento do atleta.
• O chip é descartável e já vem no número de peito: não dobre nem amasse o número.
• Haverá guarda-volumes gratuito na arena, postos de hidratação a cada 2,5 km e atendimento médico no percurso.
• Menores de 18 anos só participam com autorização assinada pelos responsáveis.
• Os resultados oficiais são publicados nesta página em até 48 horas após a prova.`

// catalogue is the demo's events, dated around today so there are always upcoming and past ones.
func catalogue(today event.Date) []demoEvent {
	d := today.AddDays
	padraoCorrida := faixasEtarias("Troféu para os 5 primeiros colocados", "Medalha especial para os 3 primeiros colocados")

	return []demoEvent{
		{
			slug: "corrida-noturna-paulista", kicker: "Corrida de Rua · 5 km e 10 km", palette: noiteUrbana,
			Event: event.Event{
				Titulo: "Corrida Noturna Paulista", Categoria: "Corrida de Rua", DataEvento: d(24), Status: "Inscrições Abertas",
				LinkCompra: inscricao("corrida-noturna-paulista"),
				Local:      event.Local{Local: "Praça do Ciclista", Endereco: "Av. Paulista, 2439 – Bela Vista", Cidade: "São Paulo", Estado: "SP"},
				Informacoes: event.Informacoes{
					Descricao: "A Avenida Paulista é toda dos corredores por uma noite. A Corrida Noturna Paulista larga às 20h da Praça do Ciclista, desce a Rua da Consolação e volta pela Paulista iluminada, com DJ na arena, pontos de animação no percurso e uma chegada sob o arco de LED.\n\n" +
						"São dois percursos planos e rápidos, bons para quem quer baixar o tempo nos 10 km ou completar a primeira prova de 5 km. Toda a prova é cronometrada por chip e a pista fica fechada para carros das 18h às 23h.",
					InformacoesImportantes: infoCorrida + "\n• Use roupas claras ou refletivas: parte do percurso tem iluminação reduzida.",
					Cronograma: event.Cronograma{Tipo: event.TipoEstruturado, Linhas: linhas(
						"18:00", "Abertura da arena e do guarda-volumes",
						"19:30", "Aquecimento coletivo com os treinadores da Pelotão",
						"20:00", "Largada dos 10 km",
						"20:10", "Largada dos 5 km",
						"21:45", "Cerimônia de premiação",
						"22:30", "Encerramento da prova")},
				},
				Inscricoes: event.Inscricoes{Ativas: true, TipoPreco: event.TipoPrecoLotes,
					Periodo: event.Periodo{Inicio: d(-40), Fim: d(17)},
					Lotes: []event.Lote{
						{Nome: "1º Lote", Valor: reais(109.90), MaxVagas: event.Int(800), DataLimite: d(-10)},
						{Nome: "2º Lote", Valor: reais(129.90), MaxVagas: event.Int(1200), DataLimite: d(7)},
						{Nome: "3º Lote", Valor: reais(149.90), MaxVagas: event.Int(500), DataLimite: d(17)},
					}},
				RetiradaKits: []event.RetiradaKit{
					{Local: "Loja Pelotão Paulista – Av. Paulista, 1230", Data: d(22), HorarioInicio: "10:00", HorarioFim: "20:00"},
					{Local: "Loja Pelotão Paulista – Av. Paulista, 1230", Data: d(23), HorarioInicio: "09:00", HorarioFim: "18:00"},
				},
				Kits: []event.Kit{
					{Nome: "Kit Básico", Items: itens("Medalha", "Número de peito", "Chip descartável", "Sacochila")},
					{Nome: "Kit Premium", Items: itens("Medalha", "Número de peito", "Chip descartável", "Camiseta técnica refletiva", "Viseira", "Toalha de microfibra")},
				},
				Largadas: []event.Largada{{ID: "largada-10k", Nome: "Largada 10 km", Horario: "20:00"}, {ID: "largada-5k", Nome: "Largada 5 km", Horario: "20:10"}},
				Modalidades: []event.Modalidade{
					{Nome: "10 km", IdadeMinima: event.Int(16), Km: km(10), LargadaID: "largada-10k", Percurso: percursoMapa("corrida-noturna-paulista", "10 km"),
						PremiacaoGeral: "Troféu para os 5 primeiros do geral masculino e feminino.", Categorias: padraoCorrida},
					{Nome: "5 km", IdadeMinima: event.Int(14), Km: km(5), LargadaID: "largada-5k", Percurso: percursoTexto("Praça do Ciclista → Rua da Consolação → retorno pela Av. Paulista até a Praça Oswaldo Cruz e volta à arena."),
						PremiacaoGeral: "Troféu para os 3 primeiros do geral masculino e feminino.", Categorias: padraoCorrida},
				},
				Premiacao: event.Premiacao{Tipo: event.TipoEstruturado, Estruturado: []event.PremioEstruturado{
					premioGeral("Medalha de participação para todos os concluintes"),
					premioModalidade("10 km", "Troféu do 1º ao 5º lugar no geral masculino e feminino"),
					premioModalidade("5 km", "Troféu do 1º ao 3º lugar no geral masculino e feminino"),
					premioCategoria("10 km", "Feminino 40 a 49 anos", "Medalha especial e par de tênis para a campeã"),
					premioCategoria("10 km", "Masculino 50 anos ou mais", "Medalha especial e relógio GPS para o campeão"),
				}},
			},
		},
		{
			// Sold in Pelotão itself: a newcomer running make run (with the Pix sandbox) registers and
			// pays here. No linkCompra: the button opens /inscricao/{id}.
			slug: "corrida-das-pontes-do-recife", kicker: "Corrida de Rua · 10 km, 5 km e caminhada", palette: tardeQuente,
			Event: event.Event{
				Titulo: "Corrida das Pontes do Recife", Categoria: "Corrida de Rua", DataEvento: d(31), Status: "Inscrições Abertas",
				Local: event.Local{Local: "Marco Zero", Endereco: "Praça Rio Branco – Bairro do Recife", Cidade: "Recife", Estado: "PE"},
				Informacoes: event.Informacoes{
					Descricao: "Largada no Marco Zero, ao nascer do sol, e um percurso que cruza as pontes do Recife sobre o Capibaribe: Maurício de Nassau, Buarque de Macedo, Boa Vista e Duarte Coelho, com o casario da Rua da Aurora ao lado.\n\n" +
						"São três provas: 10 km e 5 km cronometrados por chip e uma caminhada de 3 km para quem quer trazer a família. As inscrições são feitas aqui mesmo no Pelotão, com pagamento por Pix.",
					InformacoesImportantes: infoCorrida + "\n• Atletas com 60 anos ou mais pagam meia inscrição (Estatuto do Idoso) e apresentam documento na retirada do kit.",
					Cronograma: event.Cronograma{Tipo: event.TipoEstruturado, Linhas: linhas(
						"05:00", "Abertura da arena no Marco Zero",
						"05:40", "Largada dos 10 km",
						"05:50", "Largada dos 5 km",
						"06:00", "Saída da caminhada",
						"08:00", "Premiação")},
				},
				Inscricoes: event.Inscricoes{Ativas: true, Modo: event.ModoPelotao, TipoPreco: event.TipoPrecoLotes,
					Periodo: event.Periodo{Inicio: d(-30), Fim: d(27)},
					Vagas:   event.Int(900),
					// The first lot closes by date, the second by count, the third with the period.
					Lotes: []event.Lote{
						{Nome: "1º Lote", Valor: reais(99.90), DataLimite: d(10), ValoresPorModalidade: []event.ValorModalidade{
							{ModalidadeNome: "10 km", Valor: reais(119.90)}, {ModalidadeNome: "Caminhada 3 km", Valor: reais(59.90)}}},
						{Nome: "2º Lote", Valor: reais(119.90), MaxVagas: event.Int(300), ValoresPorModalidade: []event.ValorModalidade{
							{ModalidadeNome: "10 km", Valor: reais(139.90)}, {ModalidadeNome: "Caminhada 3 km", Valor: reais(69.90)}}},
						{Nome: "3º Lote", Valor: reais(139.90), DataLimite: d(27), ValoresPorModalidade: []event.ValorModalidade{
							{ModalidadeNome: "10 km", Valor: reais(159.90)}, {ModalidadeNome: "Caminhada 3 km", Valor: reais(79.90)}}},
					},
					TamanhosCamiseta: []string{"Infantil", "PP", "P", "M", "G", "GG", "XG"},
					EdicaoAte:        d(24)}, // 60+ half price: on, the default
				RetiradaKits: []event.RetiradaKit{
					{Local: "Paço do Frevo – Praça do Arsenal, Bairro do Recife", Data: d(29), HorarioInicio: "10:00", HorarioFim: "19:00"},
					{Local: "Paço do Frevo – Praça do Arsenal, Bairro do Recife", Data: d(30), HorarioInicio: "09:00", HorarioFim: "17:00"},
				},
				Kits: []event.Kit{{Nome: "Kit Atleta", Items: itens("Medalha", "Número de peito com chip", "Camiseta técnica", "Sacochila")}},
				Largadas: []event.Largada{
					{ID: "largada-10k", Nome: "Largada 10 km", Horario: "05:40"},
					{ID: "largada-5k", Nome: "Largada 5 km", Horario: "05:50"},
					{ID: "largada-caminhada", Nome: "Saída da caminhada", Horario: "06:00"},
				},
				Modalidades: []event.Modalidade{
					{Nome: "10 km", IdadeMinima: event.Int(16), Km: km(10), LargadaID: "largada-10k", Vagas: event.Int(450), Percurso: percursoMapa("corrida-das-pontes-do-recife", "10 km"),
						PremiacaoGeral: "Troféu para os 5 primeiros do geral masculino e feminino.", Categorias: padraoCorrida},
					{Nome: "5 km", IdadeMinima: event.Int(14), Km: km(5), LargadaID: "largada-5k", Vagas: event.Int(300), Percurso: percursoTexto("Marco Zero → Ponte Maurício de Nassau → Rua da Aurora → Ponte da Boa Vista → retorno ao Marco Zero."),
						PremiacaoGeral: "Troféu para os 3 primeiros do geral masculino e feminino.", Categorias: padraoCorrida},
					// No categories: everyone walks in "Geral".
					{Nome: "Caminhada 3 km", Km: km(3), LargadaID: "largada-caminhada", Vagas: event.Int(150), Percurso: percursoTexto("Marco Zero → Ponte Maurício de Nassau → Praça da República e volta.")},
				},
				Premiacao: event.Premiacao{Tipo: event.TipoEstruturado, Estruturado: []event.PremioEstruturado{
					premioGeral("Medalha de participação para todos os concluintes, caminhada incluída"),
					premioModalidade("10 km", "Troféu do 1º ao 5º lugar no geral masculino e feminino"),
					premioModalidade("5 km", "Troféu do 1º ao 3º lugar no geral masculino e feminino"),
				}},
				// Made up, with valid check digits: the receipt names its seller (REG-270).
				Organizador: event.Organizador{RazaoSocial: "Pontes do Recife Eventos Esportivos Ltda.", CNPJ: "45.789.012/0001-85"},
			},
		},
		{
			slug: "serra-do-cipo-trail-run", kicker: "Trail Running · 12 km e 25 km", palette: serraVerde,
			Event: event.Event{
				Titulo: "Serra do Cipó Trail Run", Categoria: "Trail Running", DataEvento: d(38), Status: "Inscrições Abertas",
				LinkCompra: inscricao("serra-do-cipo-trail-run"),
				Local:      event.Local{Local: "Vila da Serra do Cipó", Endereco: "Rodovia MG-010, km 97", Cidade: "Santana do Riacho", Estado: "MG"},
				Informacoes: event.Informacoes{
					Descricao: "Trilhas de quartzito, campos rupestres e a travessia de riachos de água cristalina: o Serra do Cipó Trail Run leva os corredores ao coração de uma das paisagens mais bonitas de Minas Gerais.\n\n" +
						"O percurso de 12 km é uma porta de entrada para o trail, com 450 m de ganho de elevação. O de 25 km passa pela Cachoeira Grande e soma 1.100 m de subida — técnico, exigente e inesquecível.",
					InformacoesImportantes: "• Equipamento obrigatório no 25 km: reservatório com 1 litro de água, apito, manta térmica e copo próprio (não há copos descartáveis nos postos).\n• Corte de tempo de 4 horas no km 14 do percurso de 25 km.\n• Respeite a natureza: lixo jogado na trilha desclassifica o atleta.\n• Transporte de volta da Cachoeira Grande disponível para quem desistir.",
					Cronograma:             event.Cronograma{Tipo: event.TipoTexto, Texto: "Sábado, véspera da prova: congresso técnico às 18h no Centro de Visitantes.\nDomingo: largada do 25 km às 06h30 e do 12 km às 07h30. Premiação a partir das 11h, com almoço mineiro para os atletas na arena."},
				},
				Inscricoes: event.Inscricoes{Ativas: true, TipoPreco: event.TipoPrecoKit,
					Periodo:      event.Periodo{Inicio: d(-60), Fim: d(30)},
					PrecosPorKit: []event.PrecoKit{{KitNome: "Kit Trilha", Valor: reais(169.00)}, {KitNome: "Kit Serra", Valor: reais(239.00)}}},
				RetiradaKits: []event.RetiradaKit{
					{Local: "Centro de Visitantes da Serra do Cipó", Data: d(37), HorarioInicio: "09:00", HorarioFim: "18:00"},
					{Local: "Arena da prova (somente atletas de fora de MG)", Data: d(38), HorarioInicio: "05:00", HorarioFim: "06:00"},
				},
				Kits: []event.Kit{
					{Nome: "Kit Trilha", Items: itens("Medalha", "Número de peito", "Chip", "Copo retrátil de silicone")},
					{Nome: "Kit Serra", Items: itens("Medalha", "Número de peito", "Chip", "Copo retrátil de silicone", "Camiseta dry-fit", "Buff multifuncional")},
				},
				Largadas: []event.Largada{{ID: "largada-25k", Nome: "Largada Ultra", Horario: "06:30"}, {ID: "largada-12k", Nome: "Largada Curta", Horario: "07:30"}},
				Modalidades: []event.Modalidade{
					{Nome: "25 km", IdadeMinima: event.Int(18), Km: km(25), LargadaID: "largada-25k", Percurso: percursoMapa("serra-do-cipo-trail-run", "25 km"),
						PremiacaoGeral: "Troféu artesanal em pedra-sabão para os 5 primeiros do geral.", Categorias: faixasEtarias("Troféu em pedra-sabão", "Medalha de pódio")},
					{Nome: "12 km", IdadeMinima: event.Int(16), Km: km(12), LargadaID: "largada-12k", Percurso: percursoMapa("serra-do-cipo-trail-run", "12 km"),
						PremiacaoGeral: "Troféu para os 3 primeiros do geral.", Categorias: faixasEtarias("Troféu", "Medalha de pódio")},
				},
				Premiacao: event.Premiacao{Tipo: event.TipoTexto, Valor: "Medalha de finisher para todos que completarem a prova. Troféus em pedra-sabão para os 5 primeiros do geral de cada percurso e medalhas de pódio para os 3 primeiros de cada faixa etária."},
			},
		},
		{
			slug: "giro-das-vinicolas", kicker: "Ciclismo · 60 km e 110 km", palette: estradaDourada,
			Event: event.Event{
				Titulo: "Giro das Vinícolas", Categoria: "Ciclismo", DataEvento: d(52), Status: "Inscrições Abertas",
				LinkCompra: inscricao("giro-das-vinicolas"),
				Local:      event.Local{Local: "Parque de Eventos", Endereco: "Alameda Fenavinho, 481", Cidade: "Bento Gonçalves", Estado: "RS"},
				Informacoes: event.Informacoes{
					Descricao: "Um granfondo pelas estradas do Vale dos Vinhedos, entre parreirais, capelas de pedra e subidas que testam as pernas. O Giro das Vinícolas tem dois percursos com estradas fechadas ao trânsito no sentido da prova e apoio mecânico em motos.\n\n" +
						"Na chegada, o tradicional almoço colonial com massa, galeto e suco de uva para todos os ciclistas.",
					InformacoesImportantes: "• Uso de capacete obrigatório durante todo o percurso.\n• Bicicletas de estrada ou gravel; não são permitidas bicicletas elétricas.\n• Tempo máximo de 5h30 no percurso de 110 km.\n• Carro-vassoura recolhe quem não passar no ponto de corte do km 60 até as 11h.",
					Cronograma:             event.Cronograma{Tipo: event.TipoTexto, Texto: "06h00 – abertura da arena e do café dos ciclistas\n07h00 – largada do Granfondo 110 km\n07h20 – largada do Mediofondo 60 km\n12h30 – almoço colonial e premiação"},
				},
				Inscricoes: event.Inscricoes{Ativas: true, TipoPreco: event.TipoTexto,
					Periodo:    event.Periodo{Inicio: d(-30), Fim: d(45)},
					TextoPreco: "Individual: R$ 189,00 até o fim do mês e R$ 219,00 depois.\nEquipes de 4 ciclistas: R$ 680,00 (almoço incluso para todos).\nAcompanhante no almoço colonial: R$ 65,00."},
				RetiradaKits: []event.RetiradaKit{{Local: "Parque de Eventos – Pavilhão B", Data: d(51), HorarioInicio: "09:00", HorarioFim: "18:00"}},
				Kits:         []event.Kit{{Nome: "Kit Básico", Items: itens("Medalha", "Número de peito", "Placa de guidão com chip", "Caramanhola", "Almoço colonial")}},
				Largadas:     []event.Largada{{ID: "largada-granfondo", Nome: "Granfondo", Horario: "07:00"}, {ID: "largada-mediofondo", Nome: "Mediofondo", Horario: "07:20"}},
				Modalidades: []event.Modalidade{
					{Nome: "Granfondo 110 km", IdadeMinima: event.Int(18), Km: km(110), LargadaID: "largada-granfondo", Percurso: percursoMapa("giro-das-vinicolas", "granfondo"),
						PremiacaoGeral: "Troféu e garrafa de espumante para os 5 primeiros do geral.", Categorias: faixasEtarias("Troféu", "Medalha de pódio")},
					{Nome: "Mediofondo 60 km", IdadeMinima: event.Int(16), Km: km(60), LargadaID: "largada-mediofondo", Percurso: percursoMapa("giro-das-vinicolas", "mediofondo"),
						PremiacaoGeral: "Troféu para os 3 primeiros do geral.", Categorias: faixasEtarias("Troféu", "Medalha de pódio")},
				},
				Premiacao: event.Premiacao{Tipo: event.TipoTexto, Valor: "Troféus para os 5 primeiros do geral do Granfondo e 3 primeiros do Mediofondo, masculino e feminino. Medalhas para os 3 primeiros de cada faixa etária. Sorteio de um quadro de carbono entre todos os concluintes."},
			},
		},
		{
			slug: "triathlon-praia-de-iracema", kicker: "Triathlon · Sprint e Olímpico", palette: marAberto,
			Event: event.Event{
				Titulo: "Triathlon Praia de Iracema", Categoria: "Triathlon", DataEvento: d(66), Status: "Inscrições Abertas",
				LinkCompra: inscricao("triathlon-praia-de-iracema"),
				Local:      event.Local{Local: "Ponte dos Ingleses", Endereco: "Rua dos Tabajaras – Praia de Iracema", Cidade: "Fortaleza", Estado: "CE"},
				Informacoes: event.Informacoes{
					Descricao: "Natação no mar calmo da Praia de Iracema, ciclismo pela Avenida Beira-Mar fechada e corrida com o sol nascendo sobre o Atlântico. O Triathlon Praia de Iracema reúne estreantes e atletas experientes em duas distâncias.\n\n" +
						"A área de transição fica ao lado da Ponte dos Ingleses, com arquibancada para a torcida acompanhar cada etapa.",
					InformacoesImportantes: "• Touca numerada fornecida pela organização; uso obrigatório.\n• Roupa de borracha proibida (água acima de 26 °C).\n• Check-in das bicicletas na transição das 04h30 às 05h30.\n• Vácuo proibido no ciclismo: punição de 2 minutos na tenda de penalidades.",
					Cronograma: event.Cronograma{Tipo: event.TipoEstruturado, Linhas: linhas(
						"04:30", "Abertura da área de transição",
						"05:45", "Largada do Olímpico (1,5 km natação · 40 km ciclismo · 10 km corrida)",
						"06:15", "Largada do Sprint (750 m natação · 20 km ciclismo · 5 km corrida)",
						"10:30", "Premiação")},
				},
				Inscricoes: event.Inscricoes{Ativas: true, TipoPreco: event.TipoPrecoLotes,
					Periodo: event.Periodo{Inicio: d(-20), Fim: d(55)},
					Lotes: []event.Lote{
						{Nome: "1º Lote", Valor: reais(289), MaxVagas: event.Int(200), DataLimite: d(10)},
						{Nome: "2º Lote", Valor: reais(339), MaxVagas: event.Int(250), DataLimite: d(55)},
					}},
				RetiradaKits: []event.RetiradaKit{{Local: "Hotel Marina Park – Salão Jangada", Data: d(65), HorarioInicio: "09:00", HorarioFim: "18:00"}},
				Kits:         []event.Kit{{Nome: "Kit Básico", Items: itens("Medalha", "Número de peito", "Touca numerada", "Tatuagens de número", "Chip de tornozelo", "Camiseta de finisher")}},
				Largadas:     []event.Largada{{ID: "largada-olimpico", Nome: "Olímpico", Horario: "05:45"}, {ID: "largada-sprint", Nome: "Sprint", Horario: "06:15"}},
				Modalidades: []event.Modalidade{
					{Nome: "Olímpico", IdadeMinima: event.Int(18), Km: km(51.5), LargadaID: "largada-olimpico", Percurso: percursoTexto("1,5 km de natação em duas voltas na enseada, 40 km de ciclismo em 4 voltas na Av. Beira-Mar e 10 km de corrida em 2 voltas até o Mercado dos Peixes."),
						PremiacaoGeral: "Troféu para os 5 primeiros do geral.", Categorias: faixasEtarias("Troféu", "Medalha de pódio")},
					{Nome: "Sprint", IdadeMinima: event.Int(16), Km: km(25.75), LargadaID: "largada-sprint", Percurso: percursoTexto("750 m de natação, 20 km de ciclismo em 2 voltas e 5 km de corrida em 1 volta."),
						PremiacaoGeral: "Troféu para os 3 primeiros do geral.", Categorias: faixasEtarias("Troféu", "Medalha de pódio")},
				},
				Premiacao: event.Premiacao{Tipo: event.TipoEstruturado, Estruturado: []event.PremioEstruturado{
					premioGeral("Medalha de finisher para todos os concluintes"),
					premioModalidade("Olímpico", "Troféu do 1º ao 5º lugar no geral masculino e feminino"),
					premioModalidade("Sprint", "Troféu do 1º ao 3º lugar no geral masculino e feminino"),
					premioCategoria("Sprint", "Feminino 18 a 29 anos", "Vaga com inscrição paga no Olímpico do ano que vem"),
				}},
			},
		},
		{
			slug: "meia-maratona-das-araucarias", kicker: "Corrida de Rua · 21 km e 7 km", palette: amanhecerUrbano,
			Event: event.Event{
				Titulo: "Meia Maratona das Araucárias", Categoria: "Corrida de Rua", DataEvento: d(80), Status: "Inscrições Abertas",
				LinkCompra: inscricao("meia-maratona-das-araucarias"),
				Local:      event.Local{Local: "Parque Barigui", Endereco: "Av. Cândido Hartmann, s/n – Bigorrilho", Cidade: "Curitiba", Estado: "PR"},
				Informacoes: event.Informacoes{
					Descricao: "Os 21 km mais verdes do Sul: a Meia Maratona das Araucárias liga os parques Barigui, Tanguá e Tingui por ciclovias e avenidas arborizadas, com o clima fresco da manhã curitibana a favor de quem busca um recorde pessoal.\n\n" +
						"Para quem está começando, a Corrida dos 7 km percorre o entorno do Parque Barigui, com largada separada e muita festa na chegada.",
					InformacoesImportantes: infoCorrida,
					Cronograma: event.Cronograma{Tipo: event.TipoEstruturado, Linhas: linhas(
						"06:00", "Abertura da arena",
						"07:00", "Largada da Meia Maratona",
						"07:15", "Largada dos 7 km",
						"10:00", "Premiação geral e por faixa etária")},
				},
				Inscricoes: event.Inscricoes{Ativas: true, TipoPreco: event.TipoPrecoLotes,
					Periodo: event.Periodo{Inicio: d(-15), Fim: d(70)},
					Lotes: []event.Lote{
						{Nome: "1º Lote", Valor: reais(139.90), MaxVagas: event.Int(1000), DataLimite: d(20)},
						{Nome: "2º Lote", Valor: reais(159.90), MaxVagas: event.Int(1500), DataLimite: d(50)},
						{Nome: "3º Lote", Valor: reais(179.90), MaxVagas: event.Int(500), DataLimite: d(70)},
					}},
				RetiradaKits: []event.RetiradaKit{
					{Local: "Shopping Barigui – Piso L2", Data: d(78), HorarioInicio: "10:00", HorarioFim: "21:00"},
					{Local: "Shopping Barigui – Piso L2", Data: d(79), HorarioInicio: "09:00", HorarioFim: "18:00"},
				},
				Kits: []event.Kit{
					{Nome: "Kit Básico", Items: itens("Medalha", "Número de peito", "Chip descartável")},
					{Nome: "Kit Atleta", Items: itens("Medalha", "Número de peito", "Chip descartável", "Camiseta técnica", "Meia de compressão")},
				},
				Largadas: []event.Largada{{ID: "largada-21k", Nome: "Largada Meia Maratona", Horario: "07:00"}, {ID: "largada-7k", Nome: "Largada 7 km", Horario: "07:15"}},
				Modalidades: []event.Modalidade{
					{Nome: "21 km", IdadeMinima: event.Int(18), Km: km(21.0975), LargadaID: "largada-21k", Percurso: percursoMapa("meia-maratona-das-araucarias", "21 km"),
						PremiacaoGeral: "Troféu e prêmio em dinheiro para os 5 primeiros do geral.", Categorias: padraoCorrida},
					{Nome: "7 km", IdadeMinima: event.Int(14), Km: km(7), LargadaID: "largada-7k", Percurso: percursoTexto("Volta ao Parque Barigui pela ciclovia e retorno pela Av. Cândido Hartmann."),
						PremiacaoGeral: "Troféu para os 3 primeiros do geral.", Categorias: padraoCorrida},
				},
				Premiacao: event.Premiacao{Tipo: event.TipoTexto, Valor: "Meia Maratona: R$ 2.000,00, R$ 1.200,00, R$ 800,00, R$ 500,00 e R$ 300,00 do 1º ao 5º lugar geral, masculino e feminino, além de troféus. 7 km: troféus para os 3 primeiros. Medalha para todos os concluintes."},
			},
		},
		{
			slug: "duathlon-do-cerrado", kicker: "Duathlon · corrida, pedal e corrida", palette: entardecerRoxo,
			Event: event.Event{
				Titulo: "Duathlon do Cerrado", Categoria: "Duathlon", DataEvento: d(110), Status: "Em Breve",
				Local: event.Local{Local: "Autódromo Internacional Nelson Piquet", Endereco: "SRPN – Asa Norte", Cidade: "Brasília", Estado: "DF"},
				Informacoes: event.Informacoes{
					Descricao:              "Corrida, pedal e corrida no asfalto liso do autódromo de Brasília, ao nascer do sol no cerrado. O Duathlon do Cerrado volta ao calendário com os formatos Sprint (5 km · 20 km · 2,5 km) e Standard (10 km · 40 km · 5 km).\n\nAs inscrições abrem em breve: acompanhe esta página.",
					InformacoesImportantes: "• Bicicletas de estrada ou de contrarrelógio; capacete obrigatório.\n• Vácuo permitido somente no Sprint.",
					Cronograma:             event.Cronograma{Tipo: event.TipoTexto, Texto: "Programação completa em breve."},
				},
				Inscricoes: event.Inscricoes{Ativas: false, TipoPreco: event.TipoPrecoLotes,
					Periodo: event.Periodo{Inicio: d(20), Fim: d(100)},
					Lotes:   []event.Lote{{Nome: "1º Lote", Valor: reais(249), MaxVagas: event.Int(300), DataLimite: d(60)}}},
				RetiradaKits: []event.RetiradaKit{{Local: "Ginásio Nilson Nelson – Eixo Monumental", Data: d(109), HorarioInicio: "09:00", HorarioFim: "18:00"}},
				Kits:         []event.Kit{{Nome: "Kit Básico", Items: itens("Medalha", "Número de peito", "Chip")}},
				Largadas:     []event.Largada{{ID: "largada-geral", Nome: "Largada Geral", Horario: "06:30"}},
				Modalidades: []event.Modalidade{
					{Nome: "Standard", IdadeMinima: event.Int(18), Km: km(55), LargadaID: "largada-geral", Percurso: percursoTexto("10 km de corrida, 40 km de ciclismo e 5 km de corrida no circuito do autódromo."),
						Categorias: []event.CategoriaModalidade{qualquerIdade("Geral Feminino", "Feminino", "Troféu"), qualquerIdade("Geral Masculino", "Masculino", "Troféu")}},
					{Nome: "Sprint", IdadeMinima: event.Int(16), Km: km(27.5), LargadaID: "largada-geral", Percurso: percursoTexto("5 km de corrida, 20 km de ciclismo e 2,5 km de corrida."),
						Categorias: []event.CategoriaModalidade{qualquerIdade("Geral Misto", "Misto", "Medalha")}},
				},
				Premiacao: event.Premiacao{Tipo: event.TipoTexto, Valor: "Premiação a ser divulgada com a abertura das inscrições."},
			},
		},
		{
			slug: "corrida-do-farol-da-barra", kicker: "Corrida de Rua · 5 km e 10 km", palette: amanhecerUrbano, finishers: []int{160, 120},
			Event: event.Event{
				Titulo: "Corrida do Farol da Barra", Categoria: "Corrida de Rua", DataEvento: d(-20), Status: "Evento Realizado",
				LinkCompra: inscricao("corrida-do-farol-da-barra"),
				Local:      event.Local{Local: "Farol da Barra", Endereco: "Largo do Farol da Barra – Barra", Cidade: "Salvador", Estado: "BA"},
				Informacoes: event.Informacoes{
					Descricao:              "Largada no Farol da Barra, percurso pela orla até Ondina e o mar da Baía de Todos-os-Santos ao lado o tempo todo. A Corrida do Farol da Barra teve 280 concluintes nesta edição, com recorde do percurso nos 10 km femininos.",
					InformacoesImportantes: "Os resultados oficiais estão disponíveis na página de resultados. Pedidos de revisão de tempo podem ser enviados por e-mail até 7 dias após a prova.",
					Cronograma: event.Cronograma{Tipo: event.TipoEstruturado, Linhas: linhas(
						"05:30", "Abertura da arena",
						"06:30", "Largada dos 10 km",
						"06:40", "Largada dos 5 km",
						"08:30", "Premiação")},
				},
				Inscricoes: event.Inscricoes{Ativas: false, TipoPreco: event.TipoPrecoLotes,
					Periodo: event.Periodo{Inicio: d(-110), Fim: d(-27)},
					Lotes: []event.Lote{
						{Nome: "1º Lote", Valor: reais(89.90), MaxVagas: event.Int(400), DataLimite: d(-70)},
						{Nome: "2º Lote", Valor: reais(109.90), MaxVagas: event.Int(600), DataLimite: d(-27)},
					}},
				RetiradaKits: []event.RetiradaKit{{Local: "Barra Shopping Salvador – Praça de Eventos", Data: d(-21), HorarioInicio: "09:00", HorarioFim: "18:00"}},
				Kits:         []event.Kit{{Nome: "Kit Básico", Items: itens("Medalha", "Número de peito", "Chip descartável", "Camiseta")}},
				Largadas:     []event.Largada{{ID: "largada-10k", Nome: "Largada 10 km", Horario: "06:30"}, {ID: "largada-5k", Nome: "Largada 5 km", Horario: "06:40"}},
				Modalidades: []event.Modalidade{
					{Nome: "10 km", IdadeMinima: event.Int(16), Km: km(10), LargadaID: "largada-10k", Percurso: percursoTexto("Farol da Barra → Ondina → retorno ao Farol pela orla."),
						PremiacaoGeral: "Troféu para os 5 primeiros do geral.", Categorias: padraoCorrida},
					{Nome: "5 km", IdadeMinima: event.Int(14), Km: km(5), LargadaID: "largada-5k", Percurso: percursoTexto("Farol da Barra → Cristo da Barra → retorno."),
						PremiacaoGeral: "Troféu para os 3 primeiros do geral.", Categorias: padraoCorrida},
				},
				Premiacao: event.Premiacao{Tipo: event.TipoEstruturado, Estruturado: []event.PremioEstruturado{
					premioGeral("Medalha para todos os concluintes"),
					premioModalidade("10 km", "Troféu do 1º ao 5º lugar no geral masculino e feminino"),
					premioCategoria("5 km", "Masculino 50 anos ou mais", "Troféu especial para o campeão"),
				}},
			},
		},
		{
			slug: "trail-chapada-dos-veadeiros", kicker: "Trail Running · 15 km e 30 km", palette: serraVerde, finishers: []int{90, 130},
			Event: event.Event{
				Titulo: "Trail Chapada dos Veadeiros", Categoria: "Trail Running", DataEvento: d(-45), Status: "Evento Realizado",
				Local: event.Local{Local: "Vila de São Jorge", Endereco: "Rua 12, Praça Central", Cidade: "Alto Paraíso de Goiás", Estado: "GO"},
				Informacoes: event.Informacoes{
					Descricao:              "Cânions, cachoeiras e o cerrado de altitude da Chapada dos Veadeiros em dois percursos de montanha. A prova é organizada em parceria com guias locais e a brigada do parque, e parte da inscrição financia a manutenção das trilhas.",
					InformacoesImportantes: "Resultados oficiais publicados. Fotos da prova disponíveis com a equipe de fotografia em até 10 dias.",
					Cronograma:             event.Cronograma{Tipo: event.TipoTexto, Texto: "Largada do 30 km às 06h00 e do 15 km às 07h00, na praça da Vila de São Jorge. Premiação às 13h."},
				},
				Inscricoes: event.Inscricoes{Ativas: false, TipoPreco: event.TipoPrecoKit,
					Periodo:      event.Periodo{Inicio: d(-150), Fim: d(-52)},
					PrecosPorKit: []event.PrecoKit{{KitNome: "Kit Básico", Valor: reais(159)}, {KitNome: "Kit Cerrado", Valor: reais(219)}}},
				RetiradaKits: []event.RetiradaKit{{Local: "Centro de Atendimento ao Visitante – São Jorge", Data: d(-46), HorarioInicio: "09:00", HorarioFim: "18:00"}},
				Kits: []event.Kit{
					{Nome: "Kit Básico", Items: itens("Medalha", "Número de peito")},
					{Nome: "Kit Cerrado", Items: itens("Medalha", "Número de peito", "Camiseta de algodão orgânico", "Garrafa térmica")},
				},
				Largadas: []event.Largada{{ID: "largada-30k", Nome: "Largada 30 km", Horario: "06:00"}, {ID: "largada-15k", Nome: "Largada 15 km", Horario: "07:00"}},
				Modalidades: []event.Modalidade{
					{Nome: "30 km", IdadeMinima: event.Int(18), Km: km(30), LargadaID: "largada-30k", Percurso: percursoMapa("trail-chapada-dos-veadeiros", "30 km"),
						PremiacaoGeral: "Troféu de madeira certificada para os 5 primeiros.", Categorias: faixasEtarias("Troféu", "Medalha de pódio")},
					{Nome: "15 km", IdadeMinima: event.Int(16), Km: km(15), LargadaID: "largada-15k", Percurso: percursoMapa("trail-chapada-dos-veadeiros", "15 km"),
						PremiacaoGeral: "Troféu para os 3 primeiros.", Categorias: faixasEtarias("Troféu", "Medalha de pódio")},
				},
				Premiacao: event.Premiacao{Tipo: event.TipoTexto, Valor: "Troféus de madeira certificada para os 5 primeiros do geral de cada percurso e medalhas para os 3 primeiros de cada faixa etária."},
			},
		},
		{
			slug: "granfondo-serra-do-rio-do-rastro", kicker: "Ciclismo · 70 km e 120 km", palette: estradaDourada, finishers: []int{110, 80},
			Event: event.Event{
				Titulo: "Granfondo Serra do Rio do Rastro", Categoria: "Ciclismo", DataEvento: d(-75), Status: "Evento Realizado",
				Local: event.Local{Local: "Praça Central de Lauro Müller", Endereco: "Rua Vinte e Cinco de Julho, 100", Cidade: "Lauro Müller", Estado: "SC"},
				Informacoes: event.Informacoes{
					Descricao:              "A subida mais famosa do Brasil: 284 curvas e 1.400 m de ganho até o mirante da Serra do Rio do Rastro. O Granfondo tem cronometragem separada no trecho de subida (o \"Rei e Rainha da Serra\").",
					InformacoesImportantes: "Resultados oficiais e tempos do trecho cronometrado publicados nos arquivos de cada modalidade.",
					Cronograma: event.Cronograma{Tipo: event.TipoEstruturado, Linhas: linhas(
						"06:30", "Largada do Granfondo 120 km",
						"07:00", "Largada do Mediofondo 70 km",
						"13:00", "Premiação no mirante")},
				},
				Inscricoes: event.Inscricoes{Ativas: false, TipoPreco: event.TipoTexto, TextoPreco: "Inscrição individual: R$ 260,00. Inscrições encerradas.",
					Periodo: event.Periodo{Inicio: d(-200), Fim: d(-82)}},
				RetiradaKits: []event.RetiradaKit{{Local: "Ginásio Municipal de Lauro Müller", Data: d(-76), HorarioInicio: "10:00", HorarioFim: "19:00"}},
				Kits:         []event.Kit{{Nome: "Kit Básico", Items: itens("Medalha", "Número de peito", "Placa de guidão com chip", "Camisa de ciclismo")}},
				Largadas:     []event.Largada{{ID: "largada-120", Nome: "Granfondo", Horario: "06:30"}, {ID: "largada-70", Nome: "Mediofondo", Horario: "07:00"}},
				Modalidades: []event.Modalidade{
					{Nome: "Granfondo 120 km", IdadeMinima: event.Int(18), Km: km(120), LargadaID: "largada-120", Percurso: percursoMapa("granfondo-serra-do-rio-do-rastro", "granfondo"),
						PremiacaoGeral: "Troféu para os 5 primeiros do geral e para o Rei e a Rainha da Serra.", Categorias: faixasEtarias("Troféu", "Medalha de pódio")},
					{Nome: "Mediofondo 70 km", IdadeMinima: event.Int(16), Km: km(70), LargadaID: "largada-70", Percurso: percursoMapa("granfondo-serra-do-rio-do-rastro", "mediofondo"),
						PremiacaoGeral: "Troféu para os 3 primeiros do geral.", Categorias: faixasEtarias("Troféu", "Medalha de pódio")},
				},
				Premiacao: event.Premiacao{Tipo: event.TipoEstruturado, Estruturado: []event.PremioEstruturado{
					premioGeral("Medalha de finisher para todos os concluintes"),
					premioModalidade("Granfondo 120 km", "Troféu Rei e Rainha da Serra para o melhor tempo na subida"),
					premioCategoria("Mediofondo 70 km", "Feminino 50 anos ou mais", "Troféu especial para a campeã"),
				}},
			},
		},
		{
			slug: "triathlon-sprint-de-buzios", kicker: "Triathlon · Sprint e Super Sprint", palette: marAberto, finishers: []int{100, 70},
			Event: event.Event{
				Titulo: "Triathlon Sprint de Búzios", Categoria: "Triathlon", DataEvento: d(-110), Status: "Evento Realizado",
				Local: event.Local{Local: "Praia da Armação", Endereco: "Orla Bardot", Cidade: "Armação dos Búzios", Estado: "RJ"},
				Informacoes: event.Informacoes{
					Descricao:              "Natação nas águas verdes da Praia da Armação, ciclismo pela Estrada da Usina e corrida na Orla Bardot: um triathlon curto e rápido, ideal para a primeira prova da temporada.",
					InformacoesImportantes: "Resultados oficiais publicados por modalidade.",
					Cronograma:             event.Cronograma{Tipo: event.TipoTexto, Texto: "Largada do Sprint às 07h00 e do Super Sprint às 07h40. Premiação às 10h30 na Praça dos Ossos."},
				},
				Inscricoes: event.Inscricoes{Ativas: false, TipoPreco: event.TipoPrecoLotes,
					Periodo: event.Periodo{Inicio: d(-220), Fim: d(-120)},
					Lotes:   []event.Lote{{Nome: "Lote Único", Valor: reais(310), MaxVagas: event.Int(250), DataLimite: d(-120)}}},
				RetiradaKits: []event.RetiradaKit{{Local: "Pousada Mar da Armação", Data: d(-111), HorarioInicio: "09:00", HorarioFim: "18:00"}},
				Kits:         []event.Kit{{Nome: "Kit Básico", Items: itens("Medalha", "Número de peito", "Touca", "Chip de tornozelo")}},
				Largadas:     []event.Largada{{ID: "largada-sprint", Nome: "Sprint", Horario: "07:00"}, {ID: "largada-super", Nome: "Super Sprint", Horario: "07:40"}},
				Modalidades: []event.Modalidade{
					{Nome: "Sprint", IdadeMinima: event.Int(16), Km: km(25.75), LargadaID: "largada-sprint", Percurso: percursoTexto("750 m de natação, 20 km de ciclismo e 5 km de corrida."),
						PremiacaoGeral: "Troféu para os 5 primeiros do geral.", Categorias: faixasEtarias("Troféu", "Medalha de pódio")},
					{Nome: "Super Sprint", IdadeMinima: event.Int(14), Km: km(12.9), LargadaID: "largada-super", Percurso: percursoTexto("400 m de natação, 10 km de ciclismo e 2,5 km de corrida."),
						PremiacaoGeral: "Troféu para os 3 primeiros do geral.", Categorias: faixasEtarias("Troféu", "Medalha de pódio")},
				},
				Premiacao: event.Premiacao{Tipo: event.TipoTexto, Valor: "Troféus para os 5 primeiros do Sprint e 3 primeiros do Super Sprint (masculino e feminino) e medalhas por faixa etária."},
			},
		},
		{
			slug: "corrida-das-ladeiras-de-olinda", kicker: "Corrida de Rua · 6 km", palette: tardeQuente,
			Event: event.Event{
				Titulo: "Corrida das Ladeiras de Olinda", Categoria: "Corrida de Rua", DataEvento: d(-4), Status: "Evento Realizado",
				Local: event.Local{Local: "Alto da Sé", Endereco: "Largo da Sé – Carmo", Cidade: "Olinda", Estado: "PE"},
				Informacoes: event.Informacoes{
					Descricao:              "Seis quilômetros pelas ladeiras de pedra do Sítio Histórico de Olinda, entre casarões coloridos, igrejas barrocas e a vista do Recife lá embaixo. A cronometragem está sendo conferida: os resultados saem em breve.",
					InformacoesImportantes: "Os resultados oficiais serão publicados nesta página assim que a conferência dos tempos terminar.",
					Cronograma:             event.Cronograma{Tipo: event.TipoTexto, Texto: "Largada às 16h30 no Alto da Sé; premiação às 18h com apresentação de frevo."},
				},
				Inscricoes: event.Inscricoes{Ativas: false, TipoPreco: event.TipoPrecoKit,
					Periodo:      event.Periodo{Inicio: d(-60), Fim: d(-10)},
					PrecosPorKit: []event.PrecoKit{{KitNome: "Kit Básico", Valor: reais(79.90)}}},
				RetiradaKits: []event.RetiradaKit{{Local: "Mercado da Ribeira", Data: d(-5), HorarioInicio: "09:00", HorarioFim: "18:00"}},
				Kits:         []event.Kit{{Nome: "Kit Básico", Items: itens("Medalha", "Número de peito", "Camiseta")}},
				Largadas:     []event.Largada{{ID: "largada-1", Nome: "Largada Geral", Horario: "16:30"}},
				Modalidades: []event.Modalidade{
					{Nome: "6 km", IdadeMinima: event.Int(14), Km: km(6), LargadaID: "largada-1", Percurso: percursoTexto("Alto da Sé → Ladeira da Misericórdia → Rua do Amparo → Quatro Cantos → retorno ao Alto da Sé."),
						PremiacaoGeral: "Troféu para os 5 primeiros do geral.", Categorias: padraoCorrida},
				},
				Premiacao: event.Premiacao{Tipo: event.TipoTexto, Valor: "Troféus para os 5 primeiros do geral masculino e feminino e medalhas para os 3 primeiros de cada faixa etária."},
			},
		},
		{
			slug: "passeio-ciclistico-de-manaus", kicker: "Ciclismo · passeio", palette: manhaClara,
			Event: event.Event{
				Titulo: "Passeio Ciclístico Encontro das Águas", Categoria: "Ciclismo", DataEvento: d(-130), Status: "Evento Realizado",
				Local: event.Local{Local: "Ponta Negra", Endereco: "Av. Coronel Teixeira – Ponta Negra", Cidade: "Manaus", Estado: "AM"},
				Informacoes: event.Informacoes{
					Descricao:              "Um passeio de 15 km, sem cronometragem nem classificação, para pedalar em família pela orla da Ponta Negra. Cada inscrição doou uma muda de árvore nativa para o reflorestamento de áreas urbanas de Manaus.",
					InformacoesImportantes: "Passeio sem competição: não há resultados nem premiação por tempo.",
					Cronograma:             event.Cronograma{Tipo: event.TipoTexto, Texto: "Concentração às 06h30 e saída às 07h00 do calçadão da Ponta Negra."},
				},
				Inscricoes: event.Inscricoes{Ativas: false, TipoPreco: event.TipoTexto, TextoPreco: "Gratuito: doe 1 kg de alimento não perecível na retirada do kit.",
					Periodo: event.Periodo{Inicio: d(-170), Fim: d(-132)}},
				RetiradaKits: []event.RetiradaKit{{Local: "Arena da Amazônia – Portão C", Data: d(-131), HorarioInicio: "09:00", HorarioFim: "17:00"}},
				Kits:         []event.Kit{{Nome: "Kit Básico", Items: itens("Medalha", "Número de peito", "Muda de árvore nativa")}},
				Premiacao:    event.Premiacao{Tipo: event.TipoTexto, Valor: "Medalha de participação para todos."},
			},
		},
	}
}

// kickerLine is the date and place printed on a banner: "15 de março de 2026 · São Paulo – SP".
func kickerLine(e event.Event) string {
	return event.LongDate(e.DataEvento) + " · " + e.Local.CityUF()
}
