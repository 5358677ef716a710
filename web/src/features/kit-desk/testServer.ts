import { ApiError, networkErrorCode } from '../../lib/platform/api'
import type { Remote } from './sync'
import type { Checkin, CheckinAnswer, KitRetirado, RosterParticipant } from './types'
import { regras } from '../../../../internal/store/checkin/respostas.json'

type Situacao = { enviadaAntes: string; recusada: boolean; kitRetirado: boolean }
type Regra = Partial<Situacao> & { resposta: string }

// The server's answer to a pickup in situation s, from the rules it reads
// (internal/store/checkin/respostas.json): the first whose conditions all hold.
function resposta(s: Situacao): CheckinAnswer['status'] {
  const holds = (r: Regra) => (Object.keys(s) as (keyof Situacao)[]).every((k) => r[k] === undefined || r[k] === s[k])
  return (regras as Regra[]).find(holds)!.resposta as CheckinAnswer['status']
}

// A server in memory with the contract's rules: the server's answer to each pickup (resposta),
// the first recorded pickup of a kit wins, and `since` answers only later changes.
export class FakeServer {
  online = true
  participants = new Map<string, RosterParticipant>()
  changedAt = new Map<string, number>()
  seen = new Map<string, CheckinAnswer['status']>()
  rev = 0
  posts: Checkin[][] = []
  dataEvento = '2099-01-01'
  bloquearKitSemPagamento = false

  constructor(ps: RosterParticipant[]) {
    for (const p of ps) this.change(p)
  }

  change(p: RosterParticipant) {
    this.participants.set(p.id, p)
    this.changedAt.set(p.id, ++this.rev)
  }

  removedAt = new Map<string, number>()

  /** A registration refunded in full leaves the event. */
  remove(id: string) {
    this.participants.delete(id)
    this.changedAt.delete(id)
    this.removedAt.set(id, ++this.rev)
  }

  private reach() {
    if (!this.online) throw new ApiError(0, networkErrorCode, 'Falha de conexão.')
  }

  remote: Remote = {
    fetchEvento: async () => (this.reach(), { titulo: 'Corrida', dataEvento: this.dataEvento, fusoHorario: '' }),
    fetchRoster: async (_event, since) => {
      this.reach()
      const after = Number(since || 0)
      const participants = [...this.participants.values()].filter((p) => this.changedAt.get(p.id)! > after)
      const removidos = after > 0 ? [...this.removedAt].filter(([, rev]) => rev > after).map(([id]) => id) : []
      return {
        participants,
        removidos,
        cursor: String(this.rev),
        role: 'retirada',
        bloquearKitSemPagamento: this.bloquearKitSemPagamento,
      }
    },
    sendCheckins: async (_event, checkins) => {
      this.reach()
      this.posts.push(checkins)
      return checkins.map((c): CheckinAnswer => {
        const p = this.participants.get(c.participantId)!
        const enviadaAntes = this.seen.get(c.id) ?? ''
        const status = resposta({
          enviadaAntes,
          recusada: this.bloquearKitSemPagamento && !p.pago,
          kitRetirado: !!p.kitRetirado,
        })
        if (status === 'refused') return { id: c.id, status, kitRetirado: p.kitRetirado, motivo: 'Inscrição não paga.' }
        if (status !== 'ok') {
          if (!enviadaAntes) this.seen.set(c.id, status)
          return { id: c.id, status, kitRetirado: p.kitRetirado }
        }
        const kit: KitRetirado = {
          at: c.at,
          balcao: c.balcao,
          por: 'Equipe',
          retiradoPor: c.retiradoPor,
          camisetaEntregue: c.camisetaEntregue,
        }
        this.change({ ...p, kitRetirado: kit })
        this.seen.set(c.id, 'ok')
        return { id: c.id, status, kitRetirado: kit }
      })
    },
    undoCheckin: async (_event, participantId) => {
      this.reach()
      this.change({ ...this.participants.get(participantId)!, kitRetirado: null })
    },
  }
}
