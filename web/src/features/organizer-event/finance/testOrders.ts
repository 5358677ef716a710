// Orders and figures for the Financeiro tab's tests, as the server answers them (docs/http-api.md).
import type { Finance, Order } from './financeApi'

export function testOrder(over: Partial<Order> = {}): Order {
  return {
    id: 'ped1',
    eventId: 'ev1',
    status: 'pago',
    total: 120,
    criadoEm: '2026-11-20T13:00:00Z',
    expiraEm: '2026-11-20T13:30:00Z',
    pagoEm: '2026-11-20T13:05:00Z',
    inscricoes: [
      {
        id: 'i1',
        codigo: 'K7M2Q9XH4T',
        nome: 'Conceição Araújo',
        percurso: '10 km',
        categoria: 'F30-39',
        camiseta: 'P',
        lote: '1º Lote',
        valor: 150,
        desconto: 30,
        total: 120,
        status: 'confirmada',
      },
    ],
    reembolsos: [],
    ...over,
  }
}

export const testFinance: Finance = {
  bruto: 12345.6,
  reembolsado: 45.6,
  liquido: 12300,
  reembolsoEmProcessamento: 0,
  pedidos: { pagos: 98, aguardando: 7, expirados: 12, cancelados: 3, reembolsados: 2 },
  porLote: { '2º Lote': { inscricoes: 40, valor: 6000 }, '1º Lote': { inscricoes: 60, valor: 6345.6 } },
  porPercurso: { '5 km': { inscricoes: 30, valor: 3000 }, '10 km': { inscricoes: 70, valor: 9345.6 } },
  porDia: { '2026-11-02': { inscricoes: 10, valor: 1200 }, '2026-11-01': { inscricoes: 90, valor: 11145.6 } },
  porGrupo: {},
  conciliacao: null,
}
