import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Role } from '../../../lib/team/staff'
import { serve } from '../../../lib/testing/fakeFetch'
import { TeamTab } from './TeamTab'

afterEach(() => vi.unstubAllGlobals())

const path = '/api/events/ev1/staff'
const gerente = {
  id: 's1',
  email: 'gerente@exemplo.com.br',
  nome: 'Gabriela Gerente',
  role: 'gestao',
  pendente: false,
  aguardandoConfirmacao: false,
}
const convite = {
  id: 's2',
  email: 'voluntario@exemplo.com.br',
  nome: null,
  role: 'retirada',
  pendente: true,
  aguardandoConfirmacao: false,
}
// Someone signed up with the invited address and has not confirmed it: no role yet (TEAM-6).
const naoConfirmada = {
  id: 's3',
  email: 'gestora@exemplo.com.br',
  nome: null,
  role: 'gestao',
  pendente: true,
  aguardandoConfirmacao: true,
}

function team(staff: unknown[]) {
  return { owner: { id: 'dona', email: 'dona@exemplo.com.br', nome: 'Dona Maria' }, staff }
}

function renderTab(role: Role) {
  return render(<TeamTab eventId="ev1" role={role} onForbidden={() => {}} />)
}

describe('TeamTab', () => {
  it('lists the owner, members and pending invitations with their roles', async () => {
    serve([['GET', path, () => [200, team([gerente, convite, naoConfirmada])]]])
    renderTab('owner')
    const list = await screen.findByRole('list', { name: 'Equipe do evento' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p + p')?.textContent),
    ).toEqual([
      'dona@exemplo.com.br · Organizador',
      'gerente@exemplo.com.br · Gestão',
      'Retirada de kits · convite pendente',
      'Gestão · aguardando confirmação',
    ])
    expect(within(list).getByRole('button', { name: 'Remover Gabriela Gerente' })).toBeInTheDocument()
    expect(
      within(list).getByRole('button', { name: 'Retirar convite de voluntario@exemplo.com.br' }),
    ).toBeInTheDocument()
  })

  it('lets the owner invite a manager or kit desk staff, and sends e-mail and role', async () => {
    const sent = serve([
      ['GET', path, () => [200, team([])]],
      ['POST', path, (s) => [201, { member: { ...convite, ...(s.body as object), id: 's9' }, emailEnviado: true }]],
    ])
    const user = userEvent.setup()
    renderTab('owner')
    const role = screen.getByRole('combobox', { name: 'Papel' })
    expect([...(role as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Gestão', 'Retirada de kits'])
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nova@exemplo.com.br')
    await user.selectOptions(role, 'Gestão')
    await user.click(screen.getByRole('button', { name: 'Enviar convite' }))
    expect(await screen.findByText('Convite enviado para nova@exemplo.com.br.')).toBeInTheDocument()
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ email: 'nova@exemplo.com.br', role: 'gestao' })
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('')
  })

  it('offers a manager only kit desk invitations, and removal of kit desk staff only', async () => {
    serve([['GET', path, () => [200, team([gerente, convite])]]])
    renderTab('gestao')
    const role = screen.getByRole('combobox', { name: 'Papel' })
    expect([...(role as HTMLSelectElement).options].map((o) => o.value)).toEqual(['retirada'])
    await screen.findByText('Gabriela Gerente')
    expect(screen.queryByRole('button', { name: 'Remover Gabriela Gerente' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retirar convite de voluntario@exemplo.com.br' })).toBeInTheDocument()
  })

  it("shows the server's field message when an invitation is refused, keeping the e-mail typed", async () => {
    serve([
      ['GET', path, () => [200, team([gerente])]],
      [
        'POST',
        path,
        () => [
          409,
          {
            error: {
              code: 'conflict',
              message: 'Este e-mail já faz parte da equipe.',
              fields: { email: 'Este e-mail já faz parte da equipe.' },
            },
          },
        ],
      ],
    ])
    const user = userEvent.setup()
    renderTab('owner')
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'gerente@exemplo.com.br')
    await user.click(screen.getByRole('button', { name: 'Enviar convite' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Este e-mail já faz parte da equipe.')
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('gerente@exemplo.com.br')
  })

  it('removes a member only after confirmation', async () => {
    let staff = [gerente, convite]
    const sent = serve([
      ['GET', path, () => [200, team(staff)]],
      [
        'DELETE',
        `${path}/s1`,
        () => {
          staff = [convite]
          return [204]
        },
      ],
    ])
    const user = userEvent.setup()
    renderTab('owner')
    await user.click(await screen.findByRole('button', { name: 'Remover Gabriela Gerente' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Remover da equipe' })
    expect(dialog).toHaveTextContent('Remover Gabriela Gerente da equipe? Essa pessoa perde o acesso a este evento.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Remover Gabriela Gerente' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remover' }))
    expect(await screen.findByText('Gabriela Gerente foi removido da equipe.')).toBeInTheDocument()
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remover Gabriela Gerente' })).not.toBeInTheDocument(),
    )
    expect(screen.getByRole('heading', { name: 'Equipe do evento' })).toHaveFocus()
  })
})
