// The organizer prototype's fixed sample data (docs/product.md §3 "Organizer sample data", docs/requirements.md
// DATA-20, ORG-2): it lives only in the browser and comes back unchanged on every page load.

export type SampleStatus = 'inscricoes_abertas' | 'rascunho'

/** ORG-5. */
export const sampleStatusLabels: Record<SampleStatus, string> = {
  inscricoes_abertas: 'Inscrições Abertas',
  rascunho: 'Rascunho',
}

export type Percurso = { id: string; nome: string; preco: number; limite: number }

export type SampleEvent = {
  id: string
  nome: string
  data: string // calendar date "2027-04-18"
  cidade: string
  status: SampleStatus
  percursos: Percurso[]
}

export type SampleParticipant = {
  id: string
  nome: string
  email: string
  documento: string
  percurso: string // the id of one of its event's percursos
  camiseta: string
  pago: boolean
  valor: number
  eventoId: string
  numeroPeito: number
  kitRetirado: boolean
  tempoBruto: string // "hh:mm:ss"
  tempoLiquido: string
}

/** docs/product.md §9, CONST-12: each course of a newly created sample event takes up to 1000 athletes. */
export const newSampleCourseLimit = 1000

export const sampleEvents: readonly SampleEvent[] = [
  {
    id: 'exemplo-1',
    nome: 'Corrida Noturna do Ibirapuera',
    data: '2027-04-18',
    cidade: 'São Paulo',
    status: 'inscricoes_abertas',
    percursos: [
      { id: 'exemplo-1-5k', nome: '5 km', preco: 89.9, limite: 800 },
      { id: 'exemplo-1-10k', nome: '10 km', preco: 119.9, limite: 600 },
    ],
  },
  {
    id: 'exemplo-2',
    nome: 'Pedal Serra Gaúcha',
    data: '2027-06-06',
    cidade: 'Gramado',
    status: 'inscricoes_abertas',
    percursos: [{ id: 'exemplo-2-60k', nome: '60 km', preco: 150, limite: 300 }],
  },
]

export const sampleParticipants: readonly SampleParticipant[] = [
  {
    id: 'participante-1',
    nome: 'João Conceição',
    email: 'joao.conceicao@exemplo.com.br',
    documento: '123.456.789-09',
    percurso: 'exemplo-1-5k',
    camiseta: 'M',
    pago: true,
    valor: 89.9,
    eventoId: 'exemplo-1',
    numeroPeito: 101,
    kitRetirado: true,
    tempoBruto: '00:27:45',
    tempoLiquido: '00:27:12',
  },
  {
    id: 'participante-2',
    nome: 'Mariana Araújo',
    email: 'mariana.araujo@exemplo.com.br',
    documento: '987.654.321-00',
    percurso: 'exemplo-1-10k',
    camiseta: 'P',
    pago: true,
    valor: 119.9,
    eventoId: 'exemplo-1',
    numeroPeito: 102,
    kitRetirado: false,
    tempoBruto: '00:52:30',
    tempoLiquido: '00:51:58',
  },
  {
    id: 'participante-3',
    nome: 'Luís Gonçalves',
    email: 'luis.goncalves@exemplo.com.br',
    documento: '111.444.777-35',
    percurso: 'exemplo-2-60k',
    camiseta: 'G',
    pago: false,
    valor: 150,
    eventoId: 'exemplo-2',
    numeroPeito: 201,
    kitRetirado: false,
    tempoBruto: '02:05:30',
    tempoLiquido: '02:04:58',
  },
]
