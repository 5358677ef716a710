import { describe, expect, it } from 'vitest'
import constants from '../../../../internal/registration/constants.json'
import eventConstants from '../../../../internal/event/constants.json'
import documento from '../../../../internal/participant/documento.json'
import idadeCases from '../../../../internal/registration/testdata/idade_cases.json'
import type { Offer } from '../../lib/events/registrationOffer'
import {
  athleteErrors,
  birthDateISO,
  draftErrors,
  emptyAthlete,
  emptyDraft,
  documentProblem,
  errorsAfterChange,
  errorsWithout,
  fieldId,
  firstErrorField,
  orderBody,
  orderWideErrors,
  isMinor,
  prefillBuyer,
  type AthleteDraft,
} from './athleteForm'
import { estimate } from './estimate'

const offer: Offer = {
  aberta: true,
  lote: { nome: '1º Lote', dataLimite: '2099-12-31', restantes: null },
  modalidades: [
    { nome: '10 km', valor: 99.9, vagasRestantes: null },
    { nome: 'Kids', valor: null, vagasRestantes: 10, kits: [{ nome: 'Kit Básico', valor: 50 }] },
  ],
  tamanhosCamiseta: ['P', 'M', 'G'],
  meiaEntradaIdoso: true,
  dataProva: '2027-03-15',
}
const today = '2026-11-26'

const complete = (over: Partial<AthleteDraft> = {}): AthleteDraft => ({
  ...emptyAthlete(),
  nome: 'Ana Maria Souza',
  documento: '529.982.247-25',
  nascimento: '12/05/1990',
  sexo: 'F',
  email: 'ana@exemplo.com.br',
  celular: '(11) 98765-4321',
  percurso: '10 km',
  camiseta: 'M',
  contatoNome: 'João Souza',
  contatoTelefone: '11 3333-4444',
  aceite: true,
  ...over,
})

describe('the form checks what the server checks (REG-70)', () => {
  it('accepts a complete athlete', () => {
    expect(draftErrors({ atletas: [complete()], cupom: '' }, offer, today)).toEqual({})
  })

  it('names every missing required field under the server names, with the shared messages', () => {
    const errors = draftErrors(emptyDraft(), offer, today)
    const obrigatorio = eventConstants.messages.obrigatorio
    expect(errors).toEqual({
      'atletas.0.nome': obrigatorio,
      'atletas.0.documento': obrigatorio,
      'atletas.0.nascimento': obrigatorio,
      'atletas.0.sexo': constants.messages.sexo,
      'atletas.0.celular': obrigatorio,
      'atletas.0.percurso': constants.messages.percurso,
      'atletas.0.camiseta': constants.messages.camiseta,
      'atletas.0.contatoEmergencia.nome': obrigatorio,
      'atletas.0.contatoEmergencia.telefone': obrigatorio,
      'atletas.0.aceiteRegulamento': constants.messages.aceite,
    })
  })

  it('refuses a CPF whose check digits do not match, a single name, a future birth date and a short phone', () => {
    const errors = draftErrors(
      {
        atletas: [
          complete({
            documento: '529.982.247-26',
            nome: 'Ana',
            nascimento: '01/01/2027',
            celular: '9876-5432',
            email: 'ana@',
          }),
        ],
        cupom: '',
      },
      offer,
      today,
    )
    expect(errors).toEqual({
      'atletas.0.documento': documento.messages.cpfDigitos,
      'atletas.0.nome': constants.messages.nomeCompleto,
      'atletas.0.nascimento': constants.messages.nascimentoFuturo,
      'atletas.0.celular': constants.messages.celular,
      'atletas.0.email': constants.messages.email,
    })
  })

  it('reads the birth date as dd/mm/aaaa and refuses a day the calendar lacks', () => {
    expect(birthDateISO('7/8/1985')).toBe('1985-08-07')
    expect(birthDateISO('07081985')).toBe('1985-08-07')
    expect(birthDateISO('31/02/1990')).toBe('')
    const errors = draftErrors({ atletas: [complete({ nascimento: '31/02/1990' })], cupom: '' }, offer, today)
    expect(errors).toEqual({ 'atletas.0.nascimento': eventConstants.messages.data })
  })

  it('accepts a passport for a foreigner and asks for a kit where the modality is priced by kit', () => {
    const foreigner = complete({ documentoTipo: 'passaporte', documento: 'ab123456', percurso: 'Kids' })
    expect(draftErrors({ atletas: [foreigner], cupom: '' }, offer, today)).toEqual({
      'atletas.0.kit': constants.messages.kit,
    })
    expect(draftErrors({ atletas: [{ ...foreigner, kit: 'Kit Básico' }], cupom: '' }, offer, today)).toEqual({})
  })

  it('refuses the same document twice in one order, on the later athlete', () => {
    const errors = draftErrors(
      { atletas: [complete(), complete({ documento: '52998224725', nome: 'Bia Souza' })], cupom: '' },
      offer,
      today,
    )
    expect(errors).toEqual({ 'atletas.1.documento': constants.messages.documentoRepetido })
  })

  it('allows one to ten athletes', () => {
    const eleven = { atletas: Array.from({ length: 11 }, () => complete()), cupom: '' }
    expect(draftErrors(eleven, offer, today).atletas).toBe('Inscreva de 1 a 10 atletas por pedido.')
  })
})

describe('the buyer pre-fills the first athlete (REG-71)', () => {
  const buyer = { displayName: 'Maria Corredora', email: 'maria@exemplo.com.br' }

  it('fills the first athlete name and e-mail from the account', () => {
    const d = prefillBuyer({ atletas: [emptyAthlete(), emptyAthlete()], cupom: '' }, buyer)
    expect(d.atletas[0]).toMatchObject({ nome: 'Maria Corredora', email: 'maria@exemplo.com.br' })
    expect(d.atletas[1]).toEqual(emptyAthlete())
  })

  it('never overwrites what was typed before signing in', () => {
    const typed = { atletas: [{ ...emptyAthlete(), nome: 'Joana Prado' }], cupom: '' }
    expect(prefillBuyer(typed, buyer).atletas[0]).toMatchObject({ nome: 'Joana Prado', email: 'maria@exemplo.com.br' })
    expect(prefillBuyer(typed, null)).toBe(typed)
  })
})

describe('server errors go beside their fields (REG-74)', () => {
  it('maps the server names to the page ids and finds the first in page order', () => {
    expect(fieldId('atletas.1.contatoEmergencia.telefone')).toBe('atleta-1-contatoEmergencia-telefone')
    expect(fieldId('cupom')).toBe('cupom')
    const errors = { cupom: 'Cupom inválido.', 'atletas.1.celular': 'x', 'atletas.1.documento': 'y' }
    expect(firstErrorField(errors, 2)).toBe('atletas.1.documento')
    expect(firstErrorField({ cupom: 'z' }, 2)).toBe('cupom')
    expect(firstErrorField({ atletas: 'w' }, 2)).toBeNull()
  })

  it('keeps errors it has no field for to show above the button', () => {
    expect(
      orderWideErrors({ atletas: 'Inscreva de 1 a 10.', 'atletas.0.nome': 'n', 'atletas.3.nome': 'fora' }, 2),
    ).toEqual(['Inscreva de 1 a 10.', 'fora'])
  })

  it('moves the errors of later athletes up when one is removed', () => {
    expect(
      errorsWithout({ 'atletas.0.nome': 'a', 'atletas.1.nome': 'b', 'atletas.2.documento': 'c', cupom: 'd' }, 1),
    ).toEqual({
      'atletas.0.nome': 'a',
      'atletas.1.documento': 'c',
      cupom: 'd',
    })
  })
})

describe('the order body (REG-72)', () => {
  it('sends what the server reads, trimmed, with kit and team only when given', () => {
    const body = orderBody(
      {
        atletas: [complete({ equipe: '  Pelotão Run ' }), complete({ percurso: 'Kids', kit: 'Kit Básico' })],
        cupom: ' PROMO ',
      },
      offer,
      today,
    )
    expect(body.cupom).toBe('PROMO')
    expect(body.atletas[0]).toEqual({
      nome: 'Ana Maria Souza',
      documento: { tipo: 'cpf', numero: '529.982.247-25' },
      nascimento: '1990-05-12',
      sexo: 'F',
      email: 'ana@exemplo.com.br',
      celular: '(11) 98765-4321',
      percurso: '10 km',
      camiseta: 'M',
      equipe: 'Pelotão Run',
      contatoEmergencia: { nome: 'João Souza', telefone: '11 3333-4444' },
      aceiteRegulamento: true,
    })
    expect(body.atletas[1]).toMatchObject({ kit: 'Kit Básico' })
    expect(body.atletas[1]).not.toHaveProperty('equipe')
    expect(orderBody(emptyDraft(), offer, today)).not.toHaveProperty('cupom')
  })
})

// REG-251, REG-252: the table internal/registration runs too.
describe('ages counted on the race day (idade_cases.json)', () => {
  type Case = (typeof idadeCases.cases)[number] & { dataProva?: string; idadeMinima?: number | null }
  for (const c of idadeCases.cases as Case[]) {
    it(c.name, () => {
      const minima = c.idadeMinima === undefined ? idadeCases.idadeMinima : c.idadeMinima
      const o: Offer = {
        ...offer,
        dataProva: c.dataProva ?? idadeCases.dataProva,
        modalidades: [
          { nome: '10 km', valor: 99.9, vagasRestantes: null, ...(minima != null && { idadeMinima: minima }) },
        ],
      }
      const [y, m, d] = c.nascimento.split('-')
      const r = c.responsavel
      const a = complete({
        nascimento: `${d}/${m}/${y}`,
        ...(r && {
          responsavelNome: r.nome,
          responsavelDocumentoTipo: r.documento.tipo as 'cpf' | 'passaporte',
          responsavelDocumento: r.documento.numero,
        }),
      })
      expect(athleteErrors(a, o, today)).toEqual(c.errors)
    })
  }

  it('sends the guardian only for a minor on the race day', () => {
    const guardian = { responsavelNome: ' Marta Lima ', responsavelDocumento: '529.982.247-25' }
    const minor = complete({ nascimento: '16/03/2009', ...guardian })
    const adult = complete({ nascimento: '15/03/2009', ...guardian })
    expect(isMinor(minor, offer, today)).toBe(true)
    expect(isMinor(adult, offer, today)).toBe(false)
    const body = orderBody({ atletas: [minor, adult], cupom: '' }, offer, today)
    expect(body.atletas[0]).toHaveProperty('responsavel', {
      nome: 'Marta Lima',
      documento: { tipo: 'cpf', numero: '529.982.247-25' },
    })
    expect(body.atletas[1]).not.toHaveProperty('responsavel')
  })
})

// REG-290
describe('errors once a field changes', () => {
  it('drops the changed field’s error and the repeated document the other athlete’s correction ends, keeping the server’s others', () => {
    const draft = { cupom: '', atletas: [complete(), complete({ nome: 'Beto Lima' })] }
    const before = draftErrors(draft, offer, today)
    expect(before).toEqual({ 'atletas.1.documento': constants.messages.documentoRepetido })
    const shown = {
      ...before,
      'atletas.0.equipe': 'Use até 120 caracteres.',
      'atletas.0.celular': 'Informe um celular com DDD.',
    }
    const next = { ...draft, atletas: [complete({ documento: '390.533.447-05' }), draft.atletas[1]!] }
    expect(errorsAfterChange(shown, 'atletas.0.documento', before, draftErrors(next, offer, today))).toEqual({
      'atletas.0.equipe': 'Use até 120 caracteres.',
      'atletas.0.celular': 'Informe um celular com DDD.',
    })
    expect(errorsAfterChange(shown, 'atletas.0.celular', before, before)).toEqual({
      'atletas.1.documento': constants.messages.documentoRepetido,
      'atletas.0.equipe': 'Use até 120 caracteres.',
    })
  })
})

// REG-291
describe('the summary names a document problem', () => {
  it('says whose documents to correct when only documents are refused', () => {
    const names = ['Ana Maria Souza', '']
    expect(documentProblem({ 'atletas.1.documento': constants.messages.documentoRepetido }, names)).toBe(
      'Corrija o documento de Atleta 2.',
    )
    expect(documentProblem({ 'atletas.1.documento': 'x', 'atletas.0.documento': 'y' }, names)).toBe(
      'Corrija o documento de Ana Maria Souza e de Atleta 2.',
    )
    expect(documentProblem({ 'atletas.0.documento': 'x', 'atletas.0.nome': 'y' }, names)).toBeNull()
    expect(documentProblem({}, names)).toBeNull()
  })
})

// REG-294
describe('a visitor’s estimate', () => {
  it('prices each athlete from the offer, half for 60+ rounded down to the centavo, and waits for a priced modality', () => {
    const sixty = complete({ nome: 'Beto Lima', documento: '390.533.447-05', nascimento: '26/11/1966' })
    const kid = complete({ nome: 'Caio Lima', percurso: 'Kids', kit: 'Kit Básico' })
    expect(estimate({ cupom: '', atletas: [complete(), sixty, kid] }, offer, today)).toEqual({
      itens: [
        { valor: 99.9, desconto: 0, total: 99.9, meiaEntrada: false },
        { valor: 99.9, desconto: 49.95, total: 49.95, meiaEntrada: true },
        { valor: 50, desconto: 0, total: 50, meiaEntrada: false },
      ],
      total: 199.85,
    })
    // One day short of 60 on today: full price.
    expect(estimate({ cupom: '', atletas: [complete({ nascimento: '27/11/1966' })] }, offer, today)?.total).toBe(99.9)
    expect(
      estimate(
        { cupom: '', atletas: [complete({ nascimento: '26/11/1966' })] },
        { ...offer, meiaEntradaIdoso: false },
        today,
      )?.total,
    ).toBe(99.9)
    expect(
      estimate({ cupom: '', atletas: [complete(), complete({ percurso: 'Kids', kit: '' })] }, offer, today),
    ).toBeNull()
    expect(estimate({ cupom: '', atletas: [complete({ percurso: '' })] }, offer, today)).toBeNull()
  })
})
