import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serve, type Answer } from '../../lib/testing/fakeFetch'
import { TrainingPage } from './TrainingPage'

const renderPage = () => render(<TrainingPage />)

type User = ReturnType<typeof userEvent.setup>

// Clears first: the dialog keeps an unsent draft between openings (and so between tests), by design.
async function fill(user: User, dialog: HTMLElement, label: string, value: string) {
  const field = within(dialog).getByLabelText(label)
  await user.clear(field)
  if (value) await user.type(field, value)
}

const plans = () => within(screen.getByRole('list', { name: 'Planos' })).getAllByRole('article')

afterEach(() => vi.unstubAllGlobals())

describe('training page', () => {
  it('shows the three plans exactly as the spec writes them, without fetching anything', async () => {
    const sent = serve([])
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Escolha o Plano Ideal para Você' })).toBeInTheDocument()
    const cards = plans()
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Iniciante',
      'Intermédio',
      'Avançado',
    ])

    const expected = [
      {
        price: 'R$49',
        button: 'Começar Agora',
        features: ['Planejamento semanal', 'Biblioteca de exercícios', 'Suporte por e-mail'],
      },
      {
        price: 'R$99',
        button: 'Tornar-se Pro',
        features: [
          'Tudo do plano Iniciante',
          'Feedback mensal com treinador',
          'Análise de métricas',
          'Ajustes personalizados',
        ],
      },
      {
        price: 'R$149',
        button: 'Performance Máxima',
        features: ['Tudo do plano Intermédio', 'Acompanhamento via WhatsApp', 'Análise de vídeo'],
      },
    ]
    expected.forEach((want, i) => {
      const card = cards[i]!
      expect(within(card).getByText(want.price)).toBeInTheDocument()
      expect(within(card).getByText('/mês')).toBeInTheDocument()
      expect(within(card).getByRole('button', { name: want.button })).toBeInTheDocument()
      expect(
        within(card)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(want.features)
    })
    expect(cards[0]).toHaveTextContent('Para quem está começando a jornada')
    expect(screen.getAllByText('Mais Popular')).toHaveLength(1)
    expect(within(cards[1]!).getByText('Mais Popular')).toBeInTheDocument()
    expect(sent).toEqual([])
  })

  it("opens the interest form on a plan's button, with that plan chosen, and closes it on Escape", async () => {
    const user = userEvent.setup()
    renderPage()
    const button = screen.getByRole('button', { name: 'Tornar-se Pro' })
    await user.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Quero treinar com o Pelotão' })
    expect(within(dialog).getByLabelText('Plano')).toHaveValue('Intermédio')
    // The dialog is loaded on demand and focuses its first field in an effect once it is drawn.
    await waitFor(() => expect(within(dialog).getByLabelText('Nome')).toHaveFocus())
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(button).toHaveFocus()
  })

  it('checks the fields before sending, and keeps what was typed when closed', async () => {
    const sent = serve([])
    const user = userEvent.setup()
    renderPage()
    await user.click(screen.getByRole('button', { name: 'Começar Agora' }))
    const dialog = await screen.findByRole('dialog')
    await fill(user, dialog, 'E-mail', 'ana@exemplo')
    await fill(user, dialog, 'WhatsApp (opcional)', '1234')
    await user.click(within(dialog).getByRole('button', { name: 'Enviar interesse' }))

    // The form is checked asynchronously after the click.
    await waitFor(() => expect(within(dialog).getByLabelText('Nome')).toHaveAccessibleDescription('Informe seu nome.'))
    expect(within(dialog).getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByLabelText('E-mail')).toHaveAccessibleDescription(
      'Informe um e-mail válido, como nome@exemplo.com.',
    )
    expect(within(dialog).getByLabelText('WhatsApp (opcional)')).toHaveAccessibleDescription(
      /Informe um WhatsApp com DDD, como \(11\) 91234-5678\./,
    )
    expect(sent).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }))
    await user.click(screen.getByRole('button', { name: 'Performance Máxima' }))
    const again = await screen.findByRole('dialog')
    expect(within(again).getByLabelText('E-mail')).toHaveValue('ana@exemplo')
    expect(within(again).getByLabelText('Plano')).toHaveValue('Avançado')
  })

  it("shows the server's field messages in place", async () => {
    serve([
      [
        'POST',
        '/api/plan-interest',
        [
          422,
          {
            error: {
              code: 'invalid-argument',
              message: 'Alguns campos precisam de correção.',
              fields: { email: 'E-mail recusado pelo servidor.' },
            },
          },
        ],
      ],
    ])
    const user = userEvent.setup()
    renderPage()
    await user.click(screen.getByRole('button', { name: 'Começar Agora' }))
    const dialog = await screen.findByRole('dialog')
    await fill(user, dialog, 'Nome', 'Ana Souza')
    await fill(user, dialog, 'E-mail', 'ana@exemplo.com')
    await fill(user, dialog, 'WhatsApp (opcional)', '')
    await user.click(within(dialog).getByRole('button', { name: 'Enviar interesse' }))
    const email = within(dialog).getByLabelText('E-mail')
    // The server answers after the click; its message is drawn, and the field focused, then.
    await waitFor(() => expect(email).toHaveAccessibleDescription('E-mail recusado pelo servidor.'))
    expect(email).toHaveFocus()
    expect(email).toHaveValue('ana@exemplo.com')
  })

  it('shows a message that is not about one field, such as the hourly limit', async () => {
    serve([
      [
        'POST',
        '/api/plan-interest',
        [429, { error: { code: 'too-many-requests', message: 'Você já enviou vários pedidos.' } }],
      ],
    ])
    const user = userEvent.setup()
    renderPage()
    await user.click(screen.getByRole('button', { name: 'Começar Agora' }))
    const dialog = await screen.findByRole('dialog')
    await fill(user, dialog, 'Nome', 'Ana')
    await fill(user, dialog, 'E-mail', 'ana@exemplo.com')
    await fill(user, dialog, 'WhatsApp (opcional)', '')
    await user.click(within(dialog).getByRole('button', { name: 'Enviar interesse' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Você já enviou vários pedidos.')
  })

  it('disables the button while sending, then confirms in Portuguese', async () => {
    let answer: (a: Answer) => void = () => {}
    const sent = serve([['*', /^/, () => new Promise<Answer>((resolve) => (answer = resolve))]])
    const user = userEvent.setup()
    renderPage()
    await user.click(screen.getByRole('button', { name: 'Performance Máxima' }))
    const dialog = await screen.findByRole('dialog')
    await fill(user, dialog, 'Nome', 'João Araújo')
    await fill(user, dialog, 'E-mail', 'joao@exemplo.com.br')
    await fill(user, dialog, 'WhatsApp (opcional)', '(21) 98765-4321')
    await user.click(within(dialog).getByRole('button', { name: 'Enviar interesse' }))

    expect(within(dialog).getByRole('button', { name: 'Enviando...' })).toBeDisabled()
    expect(sent.map((s) => s.path)).toEqual(['/api/plan-interest'])
    expect(sent[0]!.body).toEqual({
      nome: 'João Araújo',
      email: 'joao@exemplo.com.br',
      whatsapp: '(21) 98765-4321',
      plano: 'Avançado',
    })

    answer([
      201,
      {
        id: 1,
        nome: 'João Araújo',
        email: 'joao@exemplo.com.br',
        whatsapp: '21987654321',
        plano: 'Avançado',
        criadoEm: '2026-03-15T12:00:00Z',
      },
    ])
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Obrigado, João! Recebemos seu interesse no plano Avançado. Um treinador vai falar com você pelo e-mail joao@exemplo.com.br ou pelo WhatsApp em breve.',
    )
    expect(screen.getByRole('dialog', { name: 'Interesse recebido!' })).toBeInTheDocument()
    // The confirmation takes focus in an effect after it is drawn: wait for it.
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1)).toHaveFocus())
  })
})
