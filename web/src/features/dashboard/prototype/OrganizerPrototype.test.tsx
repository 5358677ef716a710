import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OrganizerPrototype } from './OrganizerPrototype'
import { serve, type Sent } from '../../../lib/testing/fakeFetch'

let sent: Sent[] = []
beforeEach(() => {
  sent = serve([])
})
afterEach(() => {
  // ORG-1: whatever a test did in the prototype, it never reached for the network.
  expect(sent).toEqual([])
  vi.unstubAllGlobals()
})

const sampleEventNames = () =>
  within(screen.getByRole('list', { name: 'Eventos de exemplo' }))
    .getAllByRole('heading', { level: 4 })
    .map((h) => h.textContent)

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Criar Evento' }))
  return screen.getByRole('dialog', { name: 'Criar Evento' })
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const input = screen.getByLabelText(name)
    await user.clear(input)
    if (value) await user.type(input, value)
  }
}

const valid = {
  'Nome do evento': 'Trail da Mantiqueira',
  Data: '2027-08-22',
  Cidade: 'Campos do Jordão',
  Percurso: '21 km',
  'Preço (R$)': '180.5',
}

describe('the organizer prototype', () => {
  it('says plainly that it runs on sample data, and starts with two events and three participants', async () => {
    const user = userEvent.setup()
    render(<OrganizerPrototype />)
    expect(screen.getByText(/^Dados de exemplo/)).toBeInTheDocument()
    expect(sampleEventNames()).toEqual(['Corrida Noturna do Ibirapuera', 'Pedal Serra Gaúcha'])
    const stat = (label: string) => screen.getByText(label).nextElementSibling?.textContent?.replace(/\u00a0/g, ' ')
    expect(stat('Eventos')).toBe('2')
    expect(stat('Participantes')).toBe('3')
    expect(stat('Pagamentos confirmados')).toBe('2')
    expect(stat('Receita')).toBe('R$ 209,80')

    await user.click(screen.getByRole('tab', { name: 'Inscrições' }))
    expect(within(screen.getByRole('table', { name: 'Inscrições' })).getAllByRole('row')).toHaveLength(4)
  })

  it('leads to the real workspace: Gerenciar in Meus eventos (ORG-12)', () => {
    render(<OrganizerPrototype />)
    const line = screen.getByText(/^Para seus eventos reais, use Gerenciar em/)
    expect(line).toHaveTextContent('Para seus eventos reais, use Gerenciar em Meus eventos.')
    expect(within(line).getByRole('link', { name: 'Meus eventos' })).toHaveAttribute('href', '#meus-eventos-titulo')
  })

  it('switches sections by click and by the arrow, Home and End keys', async () => {
    const user = userEvent.setup()
    render(<OrganizerPrototype />)
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent)
    expect(tabs).toEqual(['Visão Geral', 'Inscrições', 'Check-in', 'Resultados', 'Financeiro', 'Configurações'])
    const overview = screen.getByRole('tab', { name: 'Visão Geral' })
    expect(overview).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Visão Geral' })).toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Resultados' }))
    const results = screen.getByRole('tabpanel', { name: 'Resultados' })
    expect(within(results).getByRole('columnheader', { name: 'Tempo bruto' })).toBeInTheDocument()
    expect(within(results).getByRole('row', { name: /João Conceição/ })).toHaveTextContent('00:27:4500:27:12')
    expect(screen.queryByRole('tabpanel', { name: 'Visão Geral' })).not.toBeInTheDocument()

    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Financeiro' })).toHaveFocus()
    expect(screen.getByRole('tab', { name: 'Financeiro' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Financeiro' })).toBeInTheDocument()

    await user.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Configurações' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(overview).toHaveFocus()
    expect(overview).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Configurações' })).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{Home}')
    expect(overview).toHaveAttribute('aria-selected', 'true')
    // Only the selected tab is in the Tab order.
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([overview])
  })

  it('searches registrations by nome, e-mail or documento ignoring accents', async () => {
    const user = userEvent.setup()
    render(<OrganizerPrototype />)
    await user.click(screen.getByRole('tab', { name: 'Inscrições' }))
    const search = screen.getByRole('searchbox', { name: 'Buscar por nome, e-mail ou documento' })
    const rowNames = () =>
      within(screen.getByRole('table', { name: 'Inscrições' }))
        .getAllByRole('rowheader')
        .map((c) => c.textContent)

    await user.type(search, 'goncalves')
    expect(rowNames()).toEqual(['Luís Gonçalves'])
    await user.clear(search)
    await user.type(search, '98765432100')
    expect(rowNames()).toEqual(['Mariana Araújo'])
    await user.clear(search)
    await user.type(search, 'ninguém')
    expect(screen.getByText('Nenhum participante encontrado.')).toBeInTheDocument()
  })

  it('marks a kit as picked up at check-in, showing the bib number', async () => {
    const user = userEvent.setup()
    render(<OrganizerPrototype />)
    await user.click(screen.getByRole('tab', { name: 'Check-in' }))
    const progress = (text: string) => screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === text)
    expect(progress('Kits retirados: 1 de 3')).toBeInTheDocument()
    const kit = screen.getByRole('checkbox', { name: 'Kit retirado: Mariana Araújo, nº 102' })
    expect(kit).not.toBeChecked()
    await user.click(kit)
    expect(kit).toBeChecked()
    expect(progress('Kits retirados: 2 de 3')).toBeInTheDocument()
  })

  it('shows paid and pending by course in Financeiro', async () => {
    const user = userEvent.setup()
    render(<OrganizerPrototype />)
    await user.click(screen.getByRole('tab', { name: 'Financeiro' }))
    const row = screen.getByRole('row', { name: /60 km/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\u00a0/g, ' ')),
    ).toEqual(['Pedal Serra Gaúcha', '0', 'R$ 0,00', '1', 'R$ 150,00'])
  })
})

describe('the create-event dialog', () => {
  it('refuses empty fields with a message beside each, adding nothing and keeping what was typed', async () => {
    const user = userEvent.setup()
    render(<OrganizerPrototype />)
    const dialog = await openDialog(user)
    expect(within(dialog).getByLabelText('Nome do evento')).toHaveFocus()

    await fill(user, { Cidade: 'Recife' })
    await user.click(within(dialog).getByRole('button', { name: 'Salvar evento' }))
    for (const [label, message] of [
      ['Nome do evento', 'Informe o nome do evento.'],
      ['Data', 'Informe a data do evento.'],
      ['Percurso', 'Informe o percurso.'],
      ['Preço (R$)', 'Informe o preço.'],
    ]) {
      const input = within(dialog).getByLabelText(label!)
      expect(input).toHaveAttribute('aria-invalid', 'true')
      expect(input).toHaveAccessibleDescription(message!)
    }
    expect(within(dialog).getByLabelText('Cidade')).toHaveValue('Recife')
    expect(within(dialog).getByLabelText('Cidade')).not.toHaveAttribute('aria-invalid')
    expect(within(dialog).getByLabelText('Nome do evento')).toHaveFocus()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('refuses a negative preco, and its input is a number with step 0.01 and minimum 0', async () => {
    const user = userEvent.setup()
    render(<OrganizerPrototype />)
    const dialog = await openDialog(user)
    const preco = within(dialog).getByLabelText('Preço (R$)')
    expect(preco).toHaveAttribute('type', 'number')
    expect(preco).toHaveAttribute('step', '0.01')
    expect(preco).toHaveAttribute('min', '0')
    for (const label of ['Nome do evento', 'Data', 'Cidade', 'Percurso', 'Preço (R$)']) {
      expect(within(dialog).getByLabelText(label)).toBeRequired()
    }

    await fill(user, { ...valid, 'Preço (R$)': '-5' })
    await user.click(within(dialog).getByRole('button', { name: 'Salvar evento' }))
    expect(preco).toHaveAccessibleDescription('O preço não pode ser negativo.')
    await user.keyboard('{Escape}')
    expect(sampleEventNames()).toHaveLength(2)
  })

  it('adds a draft event with one course of limit 1000 and closes', async () => {
    const user = userEvent.setup()
    render(<OrganizerPrototype />)
    const dialog = await openDialog(user)
    await fill(user, valid)
    await user.click(within(dialog).getByRole('button', { name: 'Salvar evento' }))

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Criar Evento' })).toHaveFocus()
    expect(screen.getByRole('status')).toHaveTextContent(
      'Evento de exemplo "Trail da Mantiqueira" criado como rascunho.',
    )
    expect(sampleEventNames()).toEqual(['Corrida Noturna do Ibirapuera', 'Pedal Serra Gaúcha', 'Trail da Mantiqueira'])
    const card = screen.getByRole('heading', { name: 'Trail da Mantiqueira' }).closest('li')!
    expect(card).toHaveTextContent('Rascunho')
    expect(card).toHaveTextContent('22/08/2027 · Campos do Jordão')
    expect(card.textContent?.replace(/\u00a0/g, ' ')).toContain('21 kmR$ 180,50 · limite de 1.000 vagas')

    await user.click(screen.getByRole('tab', { name: 'Configurações' }))
    const settings = screen.getByRole('region', { name: 'Trail da Mantiqueira' })
    expect(within(settings).getByRole('row', { name: /21 km/ })).toHaveTextContent('1.000')
  })

  it('closes unchanged on Cancelar and on Escape', async () => {
    const user = userEvent.setup()
    render(<OrganizerPrototype />)
    let dialog = await openDialog(user)
    await fill(user, valid)
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(sampleEventNames()).toHaveLength(2)

    dialog = await openDialog(user)
    // A new opening starts empty: nothing of the cancelled attempt is kept.
    expect(within(dialog).getByLabelText('Nome do evento')).toHaveValue('')
    await fill(user, valid)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(sampleEventNames()).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Criar Evento' })).toHaveFocus()
  })
})
