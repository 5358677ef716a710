// REG-70, REG-251, REG-252: the athlete's checks by the table internal/registration runs too
// (internal/registration/athlete_test.go): the form must answer what the server answers.
import { describe, expect, it } from 'vitest'
import table from '../../../../internal/registration/testdata/athlete_cases.json'
import type { Offer } from '../../lib/events/registrationOffer'
import { draftErrors, emptyAthlete, orderBody, type AthleteDraft } from './athleteForm'

/** An athlete as the order's body sends it (the table's shape). */
type WireAthlete = ReturnType<typeof orderBody>['atletas'][number]

/** The form's fields that send a: a YYYY-MM-DD birth date typed as dd/mm/aaaa. */
function typed(a: WireAthlete): AthleteDraft {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(a.nascimento)
  return {
    ...emptyAthlete(),
    nome: a.nome,
    documentoTipo: a.documento.tipo,
    documento: a.documento.numero,
    nascimento: iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : a.nascimento,
    sexo: a.sexo,
    email: a.email,
    celular: a.celular,
    percurso: a.percurso,
    kit: a.kit ?? '',
    camiseta: a.camiseta,
    equipe: a.equipe ?? '',
    contatoNome: a.contatoEmergencia.nome,
    contatoTelefone: a.contatoEmergencia.telefone,
    aceite: a.aceiteRegulamento,
  }
}

type Case = { name: string; kits?: string[]; atletas: Partial<WireAthlete>[]; errors: Record<string, string> }

describe('the athlete’s checks (athlete_cases.json)', () => {
  for (const c of table.cases as Case[]) {
    it(c.name, () => {
      const kits = c.kits?.map((nome) => ({ nome, valor: 50 }))
      const offer: Offer = {
        aberta: true,
        lote: null,
        modalidades: table.evento.modalidades.map((m) => ({
          ...m,
          valor: kits ? null : 100,
          vagasRestantes: null,
          ...(kits && { kits }),
        })),
        tamanhosCamiseta: table.evento.tamanhosCamiseta,
        meiaEntradaIdoso: false,
        dataProva: table.evento.dataProva,
      }
      const atletas = c.atletas.map((fields) => typed({ ...table.atleta, ...fields } as WireAthlete))
      expect(draftErrors({ atletas, cupom: '' }, offer, table.today)).toEqual(c.errors)
    })
  }
})
