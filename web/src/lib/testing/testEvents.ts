// Builders for the tests of every page that shows an event: a complete Event (as the server sends
// it, every field present), its summary, and its modalities as the page shows them.
import { screen } from '@testing-library/react'
import type { Event, EventSummary, ResultadosPublicados } from '../events/event'

type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends object ? (T[K] extends unknown[] ? T[K] : DeepPartial<T[K]>) : T[K]
}

export function makeEvent(over: DeepPartial<Event> = {}): Event {
  const base: Event = {
    id: 'ev1',
    ownerId: 'u1',
    criadoEm: '2026-01-01T12:00:00Z',
    atualizadoEm: '2026-01-01T12:00:00Z',
    titulo: 'Corrida da Serra',
    categoria: 'Corrida de Rua',
    dataEvento: '2026-03-15',
    status: 'Inscrições Abertas',
    banners: { desktop: '/files/desktop.png', mobile: '/files/mobile.png' },
    regulamentoUrl: '/files/regulamento.pdf',
    regulamento: '',
    linkCompra: 'https://ingressos.example/serra',
    local: { local: 'Parque da Cidade', endereco: 'Av. Central, 100', cidade: 'São Paulo', estado: 'SP' },
    informacoes: {
      descricao: 'Uma prova entre montanhas.',
      informacoesImportantes: 'Chegue cedo.',
      cronograma: { tipo: 'texto', valor: '07:00 Largada' },
    },
    inscricoes: {
      ativas: true,
      tipoPreco: 'lotes',
      lotes: [{ nome: '1º Lote', valor: 1234.5, maxVagas: 100, dataLimite: '2026-02-28', valoresPorModalidade: [] }],
      precosPorKit: [],
      textoPreco: '',
      periodo: { inicio: '2026-01-10', fim: '2026-03-10' },
      modo: 'externo',
      vagas: null,
      tamanhosCamiseta: ['PP', 'P', 'M', 'G', 'GG', 'XG'],
      meiaEntradaIdoso: true,
      edicaoAte: '',
      grupoMax: null,
      descontosGrupo: [],
    },
    retiradaKits: [{ local: 'Loja Centro', data: '2026-03-14', horarioInicio: '09:00', horarioFim: '18:00' }],
    kits: [{ nome: 'Kit Básico', items: [{ nome: 'Medalha' }, { nome: 'Número de peito' }] }],
    largadas: [
      { id: 'l2', nome: 'Largada 5K', horario: '08:00' },
      { id: 'l1', nome: 'Largada Geral', horario: '07:00' },
    ],
    modalidades: [
      {
        nome: '21K',
        km: 21.1,
        largadaId: 'l1',
        percurso: { tipo: 'texto', valor: 'Ida e volta pela avenida.' },
        premiacaoGeral: 'Troféu aos 5 primeiros',
        categorias: [
          {
            nome: 'Adulto',
            idadeInicial: 18,
            idadeLimite: 29,
            qualquerIdade: false,
            genero: 'Feminino',
            premiacao: 'Medalha',
          },
          { nome: 'Livre', idadeInicial: 0, idadeLimite: 120, qualquerIdade: false, genero: 'Misto', premiacao: '' },
        ],
        resultados: { pdfGeralURL: '/files/geral.pdf', pdfCategoriasURL: '/files/categorias.pdf' },
        vagas: null,
        idadeMinima: null,
      },
      {
        nome: '5K',
        km: 5,
        largadaId: 'l2',
        percurso: { tipo: 'link', valor: 'https://mapas.example/5k' },
        premiacaoGeral: '',
        categorias: [],
        resultados: { pdfGeralURL: '', pdfCategoriasURL: '' },
        vagas: null,
        idadeMinima: null,
      },
    ],
    premiacao: { tipo: 'texto', valor: 'Medalha para todos os concluintes.', estruturado: [] },
    tempoClassificacao: 'liquido',
    temposAssessoria: 3,
    fusoHorario: 'America/Sao_Paulo',
    organizador: { razaoSocial: '', cnpj: '' },
  }
  return merge(base, over) as Event
}

function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base
  if (
    typeof base !== 'object' ||
    base === null ||
    Array.isArray(base) ||
    typeof over !== 'object' ||
    over === null ||
    Array.isArray(over)
  ) {
    return over
  }
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) }
  for (const [k, v] of Object.entries(over)) out[k] = merge(out[k], v)
  return out
}

export function summaryOf(e: Event, resultados: ResultadosPublicados | null = 'nenhum'): EventSummary {
  const { id, titulo, categoria, dataEvento, status, banners, local, linkCompra } = e
  return {
    id,
    titulo,
    categoria,
    dataEvento,
    status,
    banners,
    local,
    linkCompra,
    distances: e.modalidades.map((m) => m.km).filter((k): k is number => k != null),
    resultados,
  }
}

/** A list's summary of the event over makes; resultados is what it has published (HOME-19). */
export function summary(
  over: DeepPartial<Event> & { id: string },
  resultados?: ResultadosPublicados | null,
): EventSummary {
  return summaryOf(makeEvent(over), resultados)
}

/** A modality of the accordion, by its heading: the <summary> to click, its <details> and its content. */
export function modality(name: RegExp) {
  const summary = screen.getByRole('heading', { name }).closest('summary')!
  return { summary, item: summary.closest('details')!, panel: summary.nextElementSibling as HTMLElement }
}

/** modality, once the page shows it. */
export async function findModality(name: RegExp) {
  await screen.findByRole('heading', { name })
  return modality(name)
}
