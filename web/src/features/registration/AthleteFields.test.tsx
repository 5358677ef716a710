import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { Offer } from '../../lib/events/registrationOffer'
import { AthleteFields } from './AthleteFields'
import type { FieldErrors } from '../../lib/platform/api'
import { athleteErrors, birthDateISO, emptyAthlete, type AthleteDraft } from './athleteForm'
import { parseDocumento } from './documento'
import { maskCpf, maskDate, maskPhone } from './masks'

const offer: Offer = {
  aberta: true,
  lote: null,
  modalidades: [{ nome: '10 km', valor: 99.9, vagasRestantes: null, idadeMinima: 16 }],
  tamanhosCamiseta: ['M'],
  meiaEntradaIdoso: true,
  dataProva: '2027-03-15',
}
const today = '2026-11-26'

/** Replaces an input's text in one change, as a paste or an autofill does. */
function fill(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } })
}

/** The athlete's fields over a draft kept here; "Conferir" shows the form's errors, as sending does. */
function Harness() {
  const [a, setA] = useState<AthleteDraft>({ ...emptyAthlete(), percurso: '10 km' })
  const [errors, setErrors] = useState<FieldErrors>({})
  return (
    <>
      <AthleteFields
        index={0}
        athlete={a}
        offer={offer}
        errors={errors}
        regulation=""
        today={today}
        onChange={(patch) => setA((prev) => ({ ...prev, ...patch }))}
      />
      <button
        type="button"
        onClick={() =>
          setErrors(
            Object.fromEntries(Object.entries(athleteErrors(a, offer, today)).map(([k, v]) => [`atletas.0.${k}`, v])),
          )
        }
      >
        Conferir
      </button>
    </>
  )
}

// REG-252: the guardian's fields appear only for an athlete under 18 on the race day (15/03/2027).
describe('the guardian of a minor', () => {
  it('appears for a minor, shows its errors beside the fields and keeps what was typed', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const nascimento = screen.getByLabelText('Data de nascimento')
    fill(nascimento, '15/03/2009') // 18 on the race day
    expect(screen.queryByLabelText('Nome completo do responsável')).toBeNull()

    fill(nascimento, '16/03/2009') // 17 on the race day
    const nome = screen.getByLabelText('Nome completo do responsável')
    expect(screen.getByRole('group', { name: 'Responsável legal' })).toBeVisible()
    fill(nome, 'Marta')
    await user.click(screen.getByRole('button', { name: 'Conferir' }))
    expect(nome).toHaveAccessibleDescription(
      'Informe o nome completo do responsável: o atleta terá menos de 18 anos na data da prova.',
    )
    expect(screen.getByLabelText('CPF do responsável')).toHaveAccessibleDescription(
      'Informe o CPF ou o passaporte do responsável.',
    )

    // A birth date corrected to an adult's hides the fields; back to a minor's, nothing typed is lost.
    fill(nascimento, '01/01/2000')
    expect(screen.queryByLabelText('Nome completo do responsável')).toBeNull()
    fill(nascimento, '01/01/2010')
    expect(screen.getByLabelText('Nome completo do responsável')).toHaveValue('Marta')
  })

  it('refuses an athlete below the minimum age beside the birth date, with the day it is counted on', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    fill(screen.getByLabelText('Data de nascimento'), '01/06/2015')
    await user.click(screen.getByRole('button', { name: 'Conferir' }))
    expect(screen.getByLabelText('Data de nascimento')).toHaveAccessibleDescription(
      expect.stringContaining('Idade mínima para 10 km: 16 anos, contada na data da prova (15/03/2027).'),
    )
  })
})

// REG-292
describe('the masks of CPF, birth date and phones', () => {
  it('format as typed, on a numeric keyboard, and let the buyer delete back through a separator', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const cpf = screen.getByLabelText('CPF')
    expect(cpf).toHaveAttribute('inputmode', 'numeric')
    await user.type(cpf, '52998224725')
    expect(cpf).toHaveValue('529.982.247-25')
    await user.type(cpf, '{Backspace}{Backspace}{Backspace}')
    expect(cpf).toHaveValue('529.982.24')

    const nascimento = screen.getByLabelText('Data de nascimento')
    expect(nascimento).toHaveAttribute('inputmode', 'numeric')
    await user.type(nascimento, '12051990')
    expect(nascimento).toHaveValue('12/05/1990')

    const celular = screen.getByLabelText('Celular com DDD')
    expect(celular).toHaveAttribute('inputmode', 'numeric')
    await user.type(celular, '11987654321')
    expect(celular).toHaveValue('(11) 98765-4321')
    const contato = screen.getByLabelText('Telefone do contato')
    fill(contato, '1133334444')
    expect(contato).toHaveValue('(11) 3333-4444')
    fill(contato, '+55 11 98765-4321')
    expect(contato).toHaveValue('+55 (11) 98765-4321')
  })

  it('keeps the caret after the same digit when editing inside the text', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const celular = screen.getByLabelText('Celular com DDD') as HTMLInputElement
    await user.type(celular, '1133334444')
    expect(celular).toHaveValue('(11) 3333-4444')
    // A 9 typed just after the "-", as a browser reports it: the raw text, the caret after the 9.
    // The mask moves the "-"; the caret stays after the 9, not at the end where a new value puts it.
    celular.focus()
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(celular, '(11) 3333-94444')
    celular.setSelectionRange(11, 11)
    fireEvent.input(celular)
    expect(celular).toHaveValue('(11) 33339-4444')
    await waitFor(() => expect(celular.selectionStart).toBe(10))
  })

  it('leaves a passport as typed', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.selectOptions(screen.getByLabelText('Tipo de documento'), 'passaporte')
    const passaporte = screen.getByLabelText('Número do passaporte')
    await user.type(passaporte, 'AB123456')
    expect(passaporte).toHaveValue('AB123456')
    expect(passaporte).toHaveAttribute('inputmode', 'text')
  })

  it('sends what the checks and the server read', () => {
    expect(birthDateISO(maskDate('12051990'))).toBe('1990-05-12')
    expect(parseDocumento('cpf', maskCpf('52998224725'))).toEqual({ numero: '52998224725' })
    const a = { ...emptyAthlete(), celular: maskPhone('11987654321'), contatoTelefone: maskPhone('551133334444') }
    expect(athleteErrors(a, offer, today)).not.toHaveProperty('celular')
    expect(athleteErrors(a, offer, today)).not.toHaveProperty(['contatoEmergencia.telefone'])
  })
})
