import { describe, expect, it } from 'vitest'
import { newSampleCourseLimit, sampleEvents, sampleParticipants } from './sampleData'
import {
  financeByPercurso,
  newSampleEvent,
  overview,
  searchParticipants,
  setKitRetirado,
  validateNewSampleEvent,
  type NewSampleEventInput,
} from './sampleRules'

describe('the sample data', () => {
  it('has two events and three participants, each with every field of docs/product.md §3', () => {
    expect(sampleEvents).toHaveLength(2)
    expect(sampleParticipants).toHaveLength(3)
    for (const e of sampleEvents) {
      expect(Object.keys(e).sort()).toEqual(['cidade', 'data', 'id', 'nome', 'percursos', 'status'])
      for (const c of e.percursos) expect(Object.keys(c).sort()).toEqual(['id', 'limite', 'nome', 'preco'])
    }
    for (const p of sampleParticipants) {
      expect(Object.keys(p).sort()).toEqual(
        [
          'camiseta',
          'documento',
          'email',
          'eventoId',
          'id',
          'kitRetirado',
          'nome',
          'numeroPeito',
          'pago',
          'percurso',
          'tempoBruto',
          'tempoLiquido',
          'valor',
        ].sort(),
      )
      for (const value of Object.values(p)) expect(value).not.toBe('')
      // Every participant belongs to a sample event and one of its courses.
      const event = sampleEvents.find((e) => e.id === p.eventoId)
      expect(event?.percursos.some((c) => c.id === p.percurso)).toBe(true)
    }
  })
})

describe('overview', () => {
  it('counts events, participants, paid ones and the revenue received', () => {
    expect(overview(sampleEvents, sampleParticipants)).toEqual({
      eventos: 2,
      participantes: 3,
      pagos: 2,
      pendentes: 1,
      receita: 209.8, // 89,90 + 119,90, exactly
    })
  })

  it('is all zero without data', () => {
    expect(overview([], [])).toEqual({ eventos: 0, participantes: 0, pagos: 0, pendentes: 0, receita: 0 })
  })
})

describe('financeByPercurso', () => {
  it('splits paid and pending valor per course, including courses nobody chose', () => {
    const withDraft = [...sampleEvents, newSampleEvent(validInput, 'novo-1')]
    const f = financeByPercurso(withDraft, sampleParticipants)
    expect(
      f.rows.map((r) => [r.eventoNome, r.percursoNome, r.pagos, r.valorPago, r.pendentes, r.valorPendente]),
    ).toEqual([
      ['Corrida Noturna do Ibirapuera', '5 km', 1, 89.9, 0, 0],
      ['Corrida Noturna do Ibirapuera', '10 km', 1, 119.9, 0, 0],
      ['Pedal Serra Gaúcha', '60 km', 0, 0, 1, 150],
      ['Trail da Mantiqueira', '21 km', 0, 0, 0, 0],
    ])
    expect(f.totalPago).toBe(209.8)
    expect(f.totalPendente).toBe(150)
  })
})

describe('searchParticipants', () => {
  const names = (text: string) => searchParticipants(sampleParticipants, text).map((p) => p.nome)

  it('finds by nome ignoring accents and case', () => {
    expect(names('joao')).toEqual(['João Conceição'])
    expect(names('CONCEICAO')).toEqual(['João Conceição'])
    expect(names('luís')).toEqual(['Luís Gonçalves'])
    expect(names('araujo')).toEqual(['Mariana Araújo'])
  })

  it('finds by e-mail and by documento, with or without punctuation', () => {
    expect(names('mariana.araujo@')).toEqual(['Mariana Araújo'])
    expect(names('111.444')).toEqual(['Luís Gonçalves'])
    expect(names('11144477735')).toEqual(['Luís Gonçalves'])
  })

  it('returns everyone for an empty search and nobody for a stranger', () => {
    expect(names('')).toHaveLength(3)
    expect(names('zuleica')).toEqual([])
  })
})

describe('setKitRetirado', () => {
  it('changes only the chosen participant and leaves the input alone', () => {
    const after = setKitRetirado(sampleParticipants, 'participante-2', true)
    expect(after.map((p) => p.kitRetirado)).toEqual([true, true, false])
    expect(sampleParticipants[1]!.kitRetirado).toBe(false)
    expect(setKitRetirado(after, 'participante-1', false).map((p) => p.kitRetirado)).toEqual([false, true, false])
  })
})

const validInput: NewSampleEventInput = {
  nome: ' Trail da Mantiqueira ',
  data: '2027-08-22',
  cidade: 'Campos do Jordão',
  percurso: '21 km',
  preco: '180.5',
}

describe('validateNewSampleEvent', () => {
  it('accepts a complete input', () => {
    expect(validateNewSampleEvent(validInput)).toEqual({})
    expect(validateNewSampleEvent({ ...validInput, preco: '0' })).toEqual({})
    expect(validateNewSampleEvent({ ...validInput, preco: '12.50' })).toEqual({})
  })

  it('requires every field, with a Portuguese message for each', () => {
    expect(validateNewSampleEvent({ nome: '', data: '', cidade: ' ', percurso: '', preco: '' })).toEqual({
      nome: 'Informe o nome do evento.',
      data: 'Informe a data do evento.',
      cidade: 'Informe a cidade.',
      percurso: 'Informe o percurso.',
      preco: 'Informe o preço.',
    })
  })

  it('refuses a negative, unreadable or sub-cent preco', () => {
    expect(validateNewSampleEvent({ ...validInput, preco: '-1' }).preco).toBe('O preço não pode ser negativo.')
    expect(validateNewSampleEvent({ ...validInput, preco: '-0.01' }).preco).toBe('O preço não pode ser negativo.')
    expect(validateNewSampleEvent({ ...validInput, preco: 'abc' }).preco).toBe('Informe um preço válido.')
    expect(validateNewSampleEvent({ ...validInput, preco: '' }, true).preco).toBe('Informe um preço válido.')
    expect(validateNewSampleEvent({ ...validInput, preco: '10.005' }).preco).toBe('Use no máximo duas casas decimais.')
  })

  it('refuses a date that does not exist', () => {
    expect(validateNewSampleEvent({ ...validInput, data: '2027-02-30' }).data).toBe('Informe uma data válida.')
  })
})

describe('newSampleEvent', () => {
  it('makes a draft with one course of limit 1000', () => {
    expect(newSampleEvent(validInput, 'novo-1')).toEqual({
      id: 'novo-1',
      nome: 'Trail da Mantiqueira',
      data: '2027-08-22',
      cidade: 'Campos do Jordão',
      status: 'rascunho',
      percursos: [{ id: 'novo-1-percurso-1', nome: '21 km', preco: 180.5, limite: 1000 }],
    })
    expect(newSampleCourseLimit).toBe(1000)
  })
})
