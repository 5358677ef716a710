import type { ReactNode } from 'react'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation, useParams } from '../../app/routing'
import { SavedEventMessage } from '../../components/SavedEventMessage'
import { savedEventOf } from '../../components/savedEvent'
import { AuthContext, useAuth, type AuthUser } from '../../lib/auth'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Event } from '../../lib/events/event'
import { uploadFile } from '../../lib/platform/uploads'
import { serve, type Answer, type Sent } from '../../lib/testing/fakeFetch'
import { EventFormPage } from './EventFormPage'
import { toEventInput, newEventValues } from './formModel'
import { draftKey, loadDraft } from './draft'

// Typing into a form this size is slow on a busy machine; this is a limit, not a timing assertion.
vi.setConfig({ testTimeout: 30_000 })

vi.mock('../../lib/platform/uploads', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/platform/uploads')>()),
  uploadFile: vi.fn(),
}))

let calls: Sent[]
let respond: (call: Sent) => Answer | Promise<Answer>

function savedEvent(body: unknown, id = 'evento-1'): Event {
  return {
    ...(body as Event),
    id,
    ownerId: 'u1',
    criadoEm: '2026-01-01T00:00:00Z',
    atualizadoEm: '2026-01-01T00:00:00Z',
  }
}

beforeEach(() => {
  localStorage.clear()
  respond = (c) => [201, savedEvent(c.body)]
  calls = serve([['*', /^/, (c) => respond(c)]])
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.mocked(uploadFile).mockReset()
})

const owner: AuthUser = {
  uid: 'u1',
  email: 'org@exemplo.com.br',
  displayName: 'Organizadora',
  createdAt: '2026-01-01T00:00:00Z',
  emailVerificado: true,
}

function SignedIn({ user, children }: { user: AuthUser; children: ReactNode }) {
  const auth = useAuth()
  return <AuthContext.Provider value={{ ...auth, user, isAuthenticated: true }}>{children}</AuthContext.Provider>
}

/** Where a new event takes the organizer: its workspace, with the message the navigation carries. */
function Workspace() {
  const saved = savedEventOf(useLocation().state)
  return (
    <>
      <h1>Espaço do evento {useParams().eventId}</h1>
      {saved && <SavedEventMessage event={saved} on="workspace" />}
    </>
  )
}

function renderAt(path: string, user: AuthUser = owner) {
  return render(
    <SignedIn user={user}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/cadastro" element={<EventFormPage />} />
          <Route path="/cadastro/:eventId" element={<EventFormPage />} />
          <Route path="/dashboard" element={<h1>Meu Painel</h1>} />
          <Route path="/dashboard/eventos/:eventId" element={<Workspace />} />
        </Routes>
      </MemoryRouter>
    </SignedIn>,
  )
}

const group = (name: string) => screen.getByRole('group', { name })
const saveButton = () => screen.getByRole('button', { name: /Salvar Evento|Salvando/ })
const posted = () =>
  calls.find((c) => c.method === 'POST' || c.method === 'PUT')?.body as ReturnType<typeof toEventInput>

async function fillRequired(user: UserEvent) {
  await user.type(screen.getByLabelText('Título do evento'), 'Corrida da Serra')
  await user.type(screen.getByLabelText('Data do evento'), '2026-09-07')
  await user.type(screen.getByLabelText('Cidade'), 'Campos do Jordão')
  await user.selectOptions(screen.getByLabelText('Estado (UF)'), 'SP')
}

async function addModalidade(user: UserEvent, nome: string) {
  await user.click(screen.getByRole('button', { name: 'Adicionar modalidade' }))
  const m = screen.getAllByRole('group', { name: /^Modalidade \d+$/ }).at(-1)!
  await user.type(within(m).getByLabelText('Nome da modalidade'), nome)
  return m
}

describe('a new event', () => {
  it('starts with the docs/product.md §9 defaults and browser validation off', async () => {
    const user = userEvent.setup({ delay: null })
    const { container } = renderAt('/cadastro')
    expect(screen.getByRole('form', { name: 'Cadastrar evento' })).toHaveAttribute('novalidate')
    expect(screen.getByLabelText('Categoria')).toHaveValue('Corrida de Rua')
    expect(screen.getByLabelText('Status')).toHaveValue('Inscrições Abertas')
    expect(screen.getByLabelText('Fuso horário do evento')).toHaveValue('America/Sao_Paulo') // REG-220
    expect(screen.getByLabelText('Inscrições ativas')).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Lotes' })).toBeChecked()
    expect(within(group('Lote 1')).getByLabelText('Nome')).toHaveValue('1º Lote')
    expect(within(group('Largada 1')).getByLabelText('Nome da largada')).toHaveValue('Largada Geral')
    expect(within(group('Largada 1')).getByLabelText('Horário')).toHaveValue('08:00')
    expect(screen.queryByRole('group', { name: 'Retirada 1' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Adicionar retirada' }))
    expect(within(group('Retirada 1')).getByLabelText('Das')).toHaveValue('09:00')
    expect(within(group('Retirada 1')).getByLabelText('Até')).toHaveValue('18:00')
    const kit = group('Kit 1')
    expect(within(kit).getByLabelText('Nome do kit')).toHaveValue('Kit Básico')
    expect(within(kit).getByLabelText('Item 1')).toHaveValue('Medalha')
    expect(within(kit).getByLabelText('Item 2')).toHaveValue('Número de peito')
    expect(screen.getByLabelText('Linha de compra'.replace('Linha', 'Link') + ' da inscrição')).toHaveAttribute(
      'type',
      'url',
    )
    expect(screen.getByLabelText('Banner para computador')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp')
    expect(screen.getByLabelText('Regulamento (PDF)')).toHaveAttribute('accept', 'application/pdf,.pdf')
    // Exactly four required fields (FORM-3), and every UF to choose from (FORM-8).
    const required = [...container.querySelectorAll('[aria-required="true"]')].map((e) => e.id)
    expect(required).toEqual(['campo-titulo', 'campo-dataEvento', 'campo-local-cidade', 'campo-local-estado'])
    expect(within(screen.getByLabelText('Estado (UF)')).getAllByRole('option')).toHaveLength(28)
  })

  it('shows each missing required field in its slot, focuses the first, and clears it once corrected', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    await user.click(saveButton())
    // Validation runs asynchronously after the click.
    await waitFor(() => expect(screen.getByLabelText('Título do evento')).toHaveFocus())
    for (const label of ['Título do evento', 'Data do evento', 'Cidade', 'Estado (UF)']) {
      const input = screen.getByLabelText(label)
      expect(input).toHaveAttribute('aria-invalid', 'true')
      expect(input).toHaveAccessibleDescription('Campo obrigatório.')
    }
    expect(screen.getByLabelText('Título do evento')).toHaveFocus()
    expect(calls).toEqual([])

    await user.type(screen.getByLabelText('Título do evento'), 'X')
    // Revalidation on change is asynchronous too.
    await waitFor(() => expect(screen.getByLabelText('Título do evento')).not.toHaveAttribute('aria-invalid'))
    await user.type(screen.getByLabelText('Link de compra da inscrição'), 'nao-e-url')
    await user.click(saveButton())
    await waitFor(() =>
      expect(screen.getByLabelText('Link de compra da inscrição')).toHaveAccessibleDescription(
        /Informe uma URL válida\./,
      ),
    )
    // The focus moves in an effect after the errors are drawn (a passive effect: it may come later).
    await waitFor(() => expect(screen.getByLabelText('Data do evento')).toHaveFocus())
  })

  it('saves the whole event, shows Salvando... while it runs and the success with links', async () => {
    const user = userEvent.setup({ delay: null })
    let finish!: () => void
    respond = (c) => new Promise((resolve) => (finish = () => resolve([201, savedEvent(c.body)])))
    renderAt('/cadastro')
    await fillRequired(user)
    await user.type(within(group('Lote 1')).getByLabelText('Valor (R$)'), '1.234,50')
    await user.type(within(group('Lote 1')).getByLabelText('Vagas'), '300')
    await user.click(screen.getByRole('button', { name: 'Adicionar lote' }))
    expect(within(group('Lote 2')).getByLabelText('Nome')).toHaveValue('2º Lote')
    await user.type(within(group('Lote 2')).getByLabelText('Valor (R$)'), '49,90')
    await user.click(saveButton())

    await waitFor(() => expect(saveButton()).toHaveTextContent('Salvando...'))
    expect(saveButton()).toBeDisabled()
    await user.click(saveButton())
    await act(async () => finish())

    expect(await screen.findByText('Evento "Corrida da Serra" salvo com sucesso!')).toBeInTheDocument()
    expect(screen.getByTestId('sucesso')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver página do evento' })).toHaveAttribute('href', '/event/evento-1')
    expect(screen.getByRole('link', { name: 'Editar este evento' })).toHaveAttribute('href', '/cadastro/evento-1')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
    const body = posted()
    expect(calls[0]!.path).toBe('/api/events')
    expect(body).toMatchObject({
      titulo: 'Corrida da Serra',
      categoria: 'Corrida de Rua',
      status: 'Inscrições Abertas',
      dataEvento: '2026-09-07',
      local: { cidade: 'Campos do Jordão', estado: 'SP' },
    })
    expect(body.inscricoes.lotes).toEqual([
      { nome: '1º Lote', valor: 1234.5, maxVagas: 300, dataLimite: '', valoresPorModalidade: [] },
      { nome: '2º Lote', valor: 49.9, maxVagas: null, dataLimite: '', valoresPorModalidade: [] },
    ])
    // FORM-40: the organizer is taken to the new event's workspace, and the draft is gone.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Espaço do evento evento-1')
    // FORM-42: the message's heading takes the focus the save button had (an effect, once it is shown).
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { level: 2, name: 'Evento "Corrida da Serra" salvo com sucesso!' }),
      ).toHaveFocus(),
    )
    expect(screen.queryByLabelText('Título do evento')).toBeNull()
    expect(localStorage.getItem('pelotao:rascunho-evento:novo')).toBeNull()
  })

  it('keeps everything typed and shows the failure with the server message', async () => {
    const user = userEvent.setup({ delay: null })
    respond = () => [500, { error: { code: 'internal', message: 'Banco de dados indisponível.' } }]
    renderAt('/cadastro')
    await fillRequired(user)
    await user.click(saveButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao salvar o evento. Tente novamente. Detalhes: Banco de dados indisponível.',
    )
    expect(screen.getByLabelText('Título do evento')).toHaveValue('Corrida da Serra')
    expect(saveButton()).toBeEnabled()
    // The draft outlives the failure too: a reload now would bring everything back.
    await waitFor(() => expect(loadDraft(draftKey(undefined))?.titulo).toBe('Corrida da Serra'))
  })

  it("shows the server's 422 fields at the matching inputs", async () => {
    const user = userEvent.setup({ delay: null })
    respond = () => [
      422,
      {
        error: {
          code: 'invalid-argument',
          message: 'Confira os campos destacados.',
          fields: {
            'modalidades.0.largadaId': 'Largada inexistente.',
            'inscricoes.lotes.0.nome': 'Nome de lote repetido.',
          },
        },
      },
    ]
    renderAt('/cadastro')
    await fillRequired(user)
    const m = await addModalidade(user, '10 km')
    await user.selectOptions(within(m).getByLabelText('Largada'), 'Largada Geral (08:00)')
    await user.click(saveButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Detalhes: Confira os campos destacados.')
    expect(within(m).getByLabelText('Largada')).toHaveAccessibleDescription('Largada inexistente.')
    expect(within(group('Lote 1')).getByLabelText('Nome')).toHaveAccessibleDescription('Nome de lote repetido.')
    // Focus goes to the first of them on the page, whatever order the server listed them in (an
    // effect after the errors are drawn).
    await waitFor(() => expect(within(group('Lote 1')).getByLabelText('Nome')).toHaveFocus())
  })
})

// docs/requirements.md CARD-16, CARD-17, CARD-18: card payments in the Inscrições section.
describe('card payments', () => {
  const cards = () => screen.getByRole('checkbox', { name: 'Aceitar cartão de crédito (Mercado Pago)' })
  const parcelas = () => screen.getByRole('textbox', { name: 'Máximo de parcelas' })

  it('are off by default; on, they ask for the installments and are sent', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    await fillRequired(user)
    expect(cards()).not.toBeChecked()
    expect(screen.queryByRole('textbox', { name: 'Máximo de parcelas' })).toBeNull()
    await user.click(cards())
    expect(parcelas()).toHaveValue('1')
    expect(parcelas()).toHaveAttribute('aria-required', 'true')
    expect(parcelas()).toHaveAttribute('inputmode', 'numeric')
    expect(parcelas()).toHaveAccessibleDescription(/De 1 \(à vista\) a 12/)

    await user.clear(parcelas())
    await user.type(parcelas(), '6')
    await user.click(saveButton())
    await screen.findByRole('heading', { level: 1, name: 'Espaço do evento evento-1' })
    expect(posted().inscricoes.cartao).toEqual({ ativo: true, parcelasMax: 6 })
  })

  it('refuse more installments than Mercado Pago offers, beside the field, sending nothing', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    await user.click(cards())
    await user.type(parcelas(), '3') // after the 1 already there: 13
    await user.click(saveButton())
    await waitFor(() => expect(parcelas()).toHaveAttribute('aria-invalid', 'true'))
    expect(parcelas()).toHaveAccessibleDescription(/Informe de 1 a 12 parcelas\./)
    expect(calls).toEqual([])
  })

  it('off sends nothing of them, whatever was typed', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    await fillRequired(user)
    await user.click(cards())
    await user.clear(parcelas())
    await user.type(parcelas(), '99')
    await user.click(cards())
    expect(screen.queryByRole('textbox', { name: 'Máximo de parcelas' })).toBeNull()
    await user.click(saveButton())
    await screen.findByRole('heading', { level: 1, name: 'Espaço do evento evento-1' })
    expect(posted().inscricoes).not.toHaveProperty('cartao')
  })

  it("shows the server's refusal (no card provider) beside the checkbox", async () => {
    const user = userEvent.setup({ delay: null })
    const refusal = 'Pagamento com cartão indisponível: o Mercado Pago não está configurado neste servidor.'
    respond = () => [
      422,
      {
        error: {
          code: 'invalid-argument',
          message: 'Confira os campos destacados.',
          fields: { 'inscricoes.cartao': refusal },
        },
      },
    ]
    renderAt('/cadastro')
    await fillRequired(user)
    await user.click(cards())
    await user.click(saveButton())
    await waitFor(() => expect(cards()).toHaveAttribute('aria-invalid', 'true'))
    expect(cards()).toHaveAccessibleDescription(refusal)
    await waitFor(() => expect(cards()).toHaveFocus())
  })

  it('an event offering them opens with its installments', async () => {
    const input = toEventInput(newEventValues())
    const saved = savedEvent(
      {
        ...input,
        titulo: 'Maratona',
        dataEvento: '2026-08-02',
        inscricoes: { ...input.inscricoes, cartao: { ativo: true, parcelasMax: 10 } },
      },
      'ev-3',
    )
    respond = () => [200, saved]
    renderAt('/cadastro/ev-3')
    expect(await screen.findByLabelText('Título do evento')).toHaveValue('Maratona')
    await waitFor(() => expect(cards()).toBeChecked())
    expect(parcelas()).toHaveValue('10')
  })
})

describe('transitions (docs/product.md §4)', () => {
  it('switching the schedule to estruturado starts with one row at 07:00', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    await user.click(screen.getByRole('radio', { name: 'Horários (lista)' }))
    expect(screen.getAllByRole('group', { name: /^Horário \d+$/ })).toHaveLength(1)
    expect(within(group('Horário 1')).getByLabelText('Hora')).toHaveValue('07:00')
    expect(within(group('Horário 1')).getByLabelText('Atividade')).toHaveValue('')
    await user.click(screen.getByRole('button', { name: 'Adicionar horário' }))
    await user.click(
      within(screen.getByRole('group', { name: 'Cronograma' })).getByRole('radio', { name: 'Texto livre' }),
    )
    await user.click(screen.getByRole('radio', { name: 'Horários (lista)' }))
    expect(screen.getAllByRole('group', { name: /^Horário \d+$/ })).toHaveLength(1)
  })

  it('choosing a price format resets the shown price fields', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    await user.type(within(group('Lote 1')).getByLabelText('Valor (R$)'), '80')
    await user.clear(within(group('Lote 1')).getByLabelText('Nome'))
    await user.type(within(group('Lote 1')).getByLabelText('Nome'), 'Promocional')
    await user.click(screen.getByRole('radio', { name: 'Preço por kit' }))
    await user.type(screen.getByLabelText('Preço do kit Kit Básico (R$)'), '99')
    const formato = screen.getByRole('group', { name: 'Formato de preço' })
    await user.click(within(formato).getByRole('radio', { name: 'Texto livre' }))
    await user.type(screen.getByLabelText('Preços (texto)'), 'R$ 50 até agosto')
    await user.click(within(formato).getByRole('radio', { name: 'Preço por kit' }))
    expect(screen.getByLabelText('Preço do kit Kit Básico (R$)')).toHaveValue('')
    await user.click(within(formato).getByRole('radio', { name: 'Lotes' }))
    expect(screen.getAllByRole('group', { name: /^Lote \d+$/ })).toHaveLength(1)
    expect(within(group('Lote 1')).getByLabelText('Nome')).toHaveValue('1º Lote')
    expect(within(group('Lote 1')).getByLabelText('Valor (R$)')).toHaveValue('')
    await user.click(within(formato).getByRole('radio', { name: 'Texto livre' }))
    expect(screen.getByLabelText('Preços (texto)')).toHaveValue('')
  })

  it('kit price rows follow the kits: add, rename, reorder, remove', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    await fillRequired(user)
    await user.click(screen.getByRole('radio', { name: 'Preço por kit' }))
    await user.type(screen.getByLabelText('Preço do kit Kit Básico (R$)'), '80')
    await user.click(screen.getByRole('button', { name: 'Adicionar kit' }))
    expect(screen.getByLabelText('Preço do kit 2 (sem nome) (R$)')).toHaveValue('')
    await user.type(within(group('Kit 2')).getByLabelText('Nome do kit'), 'Kit Premium')
    await user.type(screen.getByLabelText('Preço do kit Kit Premium (R$)'), '149,90')
    await user.click(screen.getByRole('button', { name: 'Mover Kit 2 para cima' }))
    expect(within(group('Kit 1')).getByLabelText('Nome do kit')).toHaveValue('Kit Premium')
    expect(screen.getByLabelText('Preço do kit Kit Premium (R$)')).toHaveValue('149,90')
    expect(screen.getByLabelText('Preço do kit Kit Básico (R$)')).toHaveValue('80')
    await user.clear(within(group('Kit 2')).getByLabelText('Nome do kit'))
    await user.type(within(group('Kit 2')).getByLabelText('Nome do kit'), 'Kit Simples')
    expect(screen.queryByLabelText('Preço do kit Kit Básico (R$)')).toBeNull()
    expect(screen.getByLabelText('Preço do kit Kit Simples (R$)')).toHaveValue('80')
    await user.click(saveButton())
    await screen.findByText(/salvo com sucesso/)
    expect(posted().inscricoes.precosPorKit).toEqual([
      { kitNome: 'Kit Premium', valor: 149.9 },
      { kitNome: 'Kit Simples', valor: 80 },
    ])
    expect(posted().inscricoes.lotes).toEqual([])
  })

  it('removing a kit removes its price row', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    await user.click(screen.getByRole('radio', { name: 'Preço por kit' }))
    await user.click(screen.getByRole('button', { name: 'Adicionar kit' }))
    await user.type(within(group('Kit 2')).getByLabelText('Nome do kit'), 'Kit Premium')
    await user.type(screen.getByLabelText('Preço do kit Kit Premium (R$)'), '150')
    await user.click(screen.getByRole('button', { name: 'Remover Kit 1' }))
    expect(screen.queryByLabelText('Preço do kit Kit Básico (R$)')).toBeNull()
    expect(screen.getByLabelText('Preço do kit Kit Premium (R$)')).toHaveValue('150')
    await user.click(screen.getByRole('button', { name: 'Remover Kit 1' }))
    expect(screen.getByText('Cadastre os kits na seção Kits para informar o preço de cada um.')).toBeInTheDocument()
  })

  it("'Qualquer idade' sets 0–120 and disables the ages; unticking keeps them, editable", async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    await fillRequired(user)
    const m = await addModalidade(user, '5 km')
    await user.selectOptions(within(m).getByLabelText('Largada'), 'Largada Geral (08:00)')
    await user.click(within(m).getByRole('button', { name: 'Adicionar categoria à modalidade 1' }))
    const c = within(m).getByRole('group', { name: 'Categoria 1' })
    await user.type(within(c).getByLabelText('Nome da categoria'), 'Geral')
    expect(within(c).getByLabelText('Gênero')).toHaveValue('Misto')
    await user.type(within(c).getByLabelText('Idade inicial'), '30')
    await user.click(within(c).getByLabelText('Qualquer idade'))
    expect(within(c).getByLabelText('Idade inicial')).toHaveValue('0')
    expect(within(c).getByLabelText('Idade limite')).toHaveValue('120')
    expect(within(c).getByLabelText('Idade inicial')).toBeDisabled()
    expect(within(c).getByLabelText('Idade limite')).toBeDisabled()
    await user.click(saveButton())
    await screen.findByText(/salvo com sucesso/)
    expect(posted().modalidades[0]!.categorias[0]).toMatchObject({
      idadeInicial: 0,
      idadeLimite: 120,
      qualquerIdade: true,
      genero: 'Misto',
    })
  })

  it('unticking Qualquer idade leaves 0–120 editable', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    const m = await addModalidade(user, '5 km')
    await user.click(within(m).getByRole('button', { name: 'Adicionar categoria à modalidade 1' }))
    const c = within(m).getByRole('group', { name: 'Categoria 1' })
    await user.type(within(c).getByLabelText('Nome da categoria'), 'Master')
    await user.click(within(c).getByLabelText('Qualquer idade'))
    await user.click(within(c).getByLabelText('Qualquer idade'))
    expect(within(c).getByLabelText('Idade inicial')).toBeEnabled()
    expect(within(c).getByLabelText('Idade inicial')).toHaveValue('0')
    expect(within(c).getByLabelText('Idade limite')).toHaveValue('120')
    await user.clear(within(c).getByLabelText('Idade inicial'))
    await user.type(within(c).getByLabelText('Idade inicial'), '40')
    await user.click(saveButton())
    await fillRequired(user)
    await user.selectOptions(within(m).getByLabelText('Largada'), 'Largada Geral (08:00)')
    await user.click(saveButton())
    await screen.findByText(/salvo com sucesso/)
    expect(posted().modalidades[0]!.categorias[0]).toMatchObject({
      idadeInicial: 40,
      idadeLimite: 120,
      qualquerIdade: false,
    })
  })

  it('removing a largada clears it from the modalities that chose it', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Adicionar largada' }))
    await user.type(within(group('Largada 2')).getByLabelText('Nome da largada'), 'Largada Elite')
    await user.type(within(group('Largada 2')).getByLabelText('Horário'), '07:30')
    const m1 = await addModalidade(user, '21 km')
    await user.selectOptions(within(m1).getByLabelText('Largada'), 'Largada Elite (07:30)')
    const m2 = await addModalidade(user, '5 km')
    await user.selectOptions(within(m2).getByLabelText('Largada'), 'Largada Geral (08:00)')

    await user.click(screen.getByRole('button', { name: 'Remover Largada 2' }))
    expect(within(m1).getByLabelText('Largada')).toHaveValue('')
    expect(within(m2).getByLabelText('Largada')).not.toHaveValue('')
    await user.click(saveButton())
    await waitFor(() =>
      expect(within(m1).getByLabelText('Largada')).toHaveAccessibleDescription('Selecione uma largada.'),
    )
    await waitFor(() => expect(within(m1).getByLabelText('Largada')).toHaveFocus())
    expect(calls).toEqual([])
  })

  it('prize levels: geral clears modalidade and categoria, modalidade clears categoria', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    await fillRequired(user)
    const m = await addModalidade(user, '10 km')
    await user.selectOptions(within(m).getByLabelText('Largada'), 'Largada Geral (08:00)')
    await user.click(within(m).getByRole('button', { name: 'Adicionar categoria à modalidade 1' }))
    await user.type(within(m).getByLabelText('Nome da categoria'), '18 a 29')
    await user.click(screen.getByRole('radio', { name: 'Lista de prêmios' }))
    await user.click(screen.getByRole('button', { name: 'Adicionar prêmio' }))
    const p = group('Prêmio 1')
    await user.type(within(p).getByLabelText('Descrição do prêmio'), 'Troféu')
    expect(within(p).queryByLabelText('Modalidade')).toBeNull()
    await user.selectOptions(within(p).getByLabelText('Nível'), 'Por categoria')
    await user.selectOptions(within(p).getByLabelText('Modalidade'), '10 km')
    await user.selectOptions(within(p).getByLabelText('Categoria'), '18 a 29')

    await user.selectOptions(within(p).getByLabelText('Nível'), 'Por modalidade')
    expect(within(p).queryByLabelText('Categoria')).toBeNull()
    expect(within(p).getByLabelText('Modalidade')).toHaveValue('10 km')
    await user.selectOptions(within(p).getByLabelText('Nível'), 'Por categoria')
    expect(within(p).getByLabelText('Categoria')).toHaveValue('')
    await user.selectOptions(within(p).getByLabelText('Categoria'), '18 a 29')
    await user.selectOptions(within(p).getByLabelText('Nível'), 'Geral')
    await user.click(saveButton())
    await screen.findByText(/salvo com sucesso/)
    expect(posted().premiacao).toEqual({
      tipo: 'estruturado',
      valor: '',
      estruturado: [{ descricao: 'Troféu', nivel: 'geral', modalidadeNome: '', categoriaNome: '' }],
    })
  })

  it('prizes follow a renamed modality and forget a removed one', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    const m = await addModalidade(user, '10 km')
    await user.click(screen.getByRole('radio', { name: 'Lista de prêmios' }))
    await user.click(screen.getByRole('button', { name: 'Adicionar prêmio' }))
    const p = group('Prêmio 1')
    await user.selectOptions(within(p).getByLabelText('Nível'), 'Por modalidade')
    await user.selectOptions(within(p).getByLabelText('Modalidade'), '10 km')
    await user.type(within(m).getByLabelText('Nome da modalidade'), ' Noturna')
    expect(within(p).getByLabelText('Modalidade')).toHaveValue('10 km Noturna')
    await user.click(screen.getByRole('button', { name: 'Remover Modalidade 1' }))
    expect(within(p).getByLabelText('Modalidade')).toHaveValue('')
  })

  it('rows move up and down by buttons with accessible names', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    await user.click(screen.getByRole('button', { name: 'Adicionar lote' }))
    expect(screen.getByRole('button', { name: 'Mover Lote 1 para cima' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Mover Lote 2 para baixo' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Mover Lote 2 para cima' }))
    expect(within(group('Lote 1')).getByLabelText('Nome')).toHaveValue('2º Lote')
    expect(within(group('Lote 2')).getByLabelText('Nome')).toHaveValue('1º Lote')
    await user.click(screen.getByRole('button', { name: 'Mover item 1 do kit 1 para baixo' }))
    expect(within(group('Kit 1')).getByLabelText('Item 1')).toHaveValue('Número de peito')
    await user.click(screen.getByRole('button', { name: 'Remover item 1 do kit 1' }))
    expect(within(group('Kit 1')).getByLabelText('Item 1')).toHaveValue('Medalha')
  })
})

describe('uploads', () => {
  const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'banner.png', { type: 'image/png' })

  it('shows the progress, then the preview, and saves the URL', async () => {
    const user = userEvent.setup({ delay: null })
    let progress!: (n: number) => void
    let done!: () => void
    vi.mocked(uploadFile).mockImplementation(
      (_file, _kind, onProgress) =>
        new Promise((resolve) => {
          progress = (n) => onProgress?.(n)
          done = () => resolve({ url: '/files/abc' })
        }),
    )
    renderAt('/cadastro')
    await fillRequired(user)
    await user.upload(screen.getByLabelText('Banner para computador'), png())
    act(() => progress(40))
    expect(screen.getByRole('progressbar', { name: 'Enviando Banner para computador' })).toHaveAttribute('value', '40')
    await act(async () => done())
    expect(uploadFile).toHaveBeenCalledWith(expect.any(File), 'image', expect.any(Function))
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.getByRole('img', { name: 'Prévia: Banner para computador' })).toHaveAttribute('src', '/files/abc')
    await user.click(saveButton())
    await screen.findByText(/salvo com sucesso/)
    expect(posted().banners).toEqual({ desktop: '/files/abc', mobile: '' })
  })

  it('a failed upload shows its error next to its input and stops the save', async () => {
    const user = userEvent.setup({ delay: null })
    vi.mocked(uploadFile).mockRejectedValue(new Error('O arquivo não é uma imagem JPEG, PNG ou WebP válida.'))
    renderAt('/cadastro')
    await fillRequired(user)
    await user.upload(
      screen.getByLabelText('Regulamento (PDF)'),
      new File(['MZ'], 'regulamento.pdf', { type: 'application/pdf' }),
    )
    await waitFor(() =>
      expect(screen.getByLabelText('Regulamento (PDF)')).toHaveAccessibleDescription(
        /O arquivo não é uma imagem JPEG, PNG ou WebP válida\./,
      ),
    )
    await user.click(saveButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao salvar o evento. Tente novamente. Detalhes: O arquivo não é uma imagem JPEG, PNG ou WebP válida.',
    )
    expect(uploadFile).toHaveBeenCalledTimes(2) // the save tried once more
    expect(calls).toEqual([])

    // Removing the failed file lets the event be saved without it.
    await user.click(screen.getByRole('button', { name: 'Remover arquivo: Regulamento (PDF)' }))
    await user.click(saveButton())
    await screen.findByText(/salvo com sucesso/)
    expect(posted().regulamentoUrl).toBe('')
  })
})

describe('drafts', () => {
  it('a reload brings back what was typed, until it is saved', async () => {
    const user = userEvent.setup({ delay: null })
    const first = renderAt('/cadastro')
    await user.type(screen.getByLabelText('Título do evento'), 'Meia da Praia')
    await user.click(screen.getByRole('button', { name: 'Adicionar lote' }))
    await user.type(within(group('Lote 2')).getByLabelText('Valor (R$)'), '89,90')
    first.unmount()
    expect(localStorage.getItem('pelotao:rascunho-evento:novo')).toContain('Meia da Praia')

    renderAt('/cadastro')
    expect(
      await screen.findByText('Rascunho restaurado: o formulário continua de onde você parou.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Título do evento')).toHaveValue('Meia da Praia')
    expect(within(group('Lote 2')).getByLabelText('Valor (R$)')).toHaveValue('89,90')

    await user.click(screen.getByRole('button', { name: 'Descartar rascunho' }))
    expect(screen.getByLabelText('Título do evento')).toHaveValue('')
    expect(localStorage.getItem('pelotao:rascunho-evento:novo')).toBeNull()
  })

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    const before = new window.Event('beforeunload', { cancelable: true })
    window.dispatchEvent(before)
    expect(before.defaultPrevented).toBe(false)
    await user.type(screen.getByLabelText('Título do evento'), 'A')
    const after = new window.Event('beforeunload', { cancelable: true })
    window.dispatchEvent(after)
    expect(after.defaultPrevented).toBe(true)
  })
})

describe('editing an event', () => {
  function existing(): Event {
    const input = toEventInput(newEventValues())
    return savedEvent(
      {
        ...input,
        titulo: 'Corrida Velha',
        dataEvento: '2026-03-15',
        local: { ...input.local, cidade: 'Rio', estado: 'RJ' },
      },
      'ev-9',
    )
  }

  it('is pre-filled from GET /api/events/{id} and saved with PUT', async () => {
    const user = userEvent.setup({ delay: null })
    respond = (c) => (c.method === 'GET' ? [200, existing()] : [200, savedEvent(c.body, 'ev-9')])
    renderAt('/cadastro/ev-9')
    expect(await screen.findByLabelText('Título do evento')).toHaveValue('Corrida Velha')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Editar Evento')
    expect(screen.getByLabelText('Estado (UF)')).toHaveValue('RJ')
    await user.clear(screen.getByLabelText('Título do evento'))
    await user.type(screen.getByLabelText('Título do evento'), 'Corrida Nova')
    await user.click(saveButton())
    // FORM-40: an edit stays in its form, as saved, with the message, its heading focused (FORM-42), and the
    // ways to the public page and to the workspace.
    const heading = await screen.findByRole('heading', { level: 2, name: 'Evento "Corrida Nova" salvo com sucesso!' })
    await waitFor(() => expect(heading).toHaveFocus()) // an effect of the message, once it is shown
    expect(screen.getByRole('link', { name: 'Ver página do evento' })).toHaveAttribute('href', '/event/ev-9')
    expect(screen.getByRole('link', { name: 'Gerenciar evento' })).toHaveAttribute('href', '/dashboard/eventos/ev-9')
    expect(screen.queryByRole('link', { name: 'Editar este evento' })).toBeNull() // the page it is on
    const put = calls.find((c) => c.method === 'PUT')!
    expect(put.path).toBe('/api/events/ev-9')
    expect(screen.getByLabelText('Título do evento')).toHaveValue('Corrida Nova')
    // A second save says it again, and takes the focus again.
    await user.type(screen.getByLabelText('Título do evento'), '!')
    await user.click(saveButton())
    const again = await screen.findByRole('heading', { level: 2, name: 'Evento "Corrida Nova!" salvo com sucesso!' })
    await waitFor(() => expect(again).toHaveFocus())
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Excluir evento' }))
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Excluir o evento "Corrida Nova!"?')
  })

  // REG-220: the event's clock is chosen from Brazil's zones by name; an event saved before it had
  // one shows Horário de Brasília, and the zone chosen is saved in the PUT body.
  it('chooses the fuso horário, Horário de Brasília when the event had none, and saves it', async () => {
    const user = userEvent.setup({ delay: null })
    const older: Partial<Event> = existing()
    delete older.fusoHorario
    respond = (c) => (c.method === 'GET' ? [200, older] : [200, savedEvent(c.body, 'ev-9')])
    renderAt('/cadastro/ev-9')
    const fuso = await screen.findByRole('combobox', { name: 'Fuso horário do evento' })
    expect(fuso).toHaveValue('America/Sao_Paulo')
    expect(fuso).toHaveAccessibleDescription(/prazos dos lotes.*seguem este fuso/)
    const options = within(fuso).getAllByRole('option')
    expect(options).toHaveLength(16)
    expect(options[0]).toHaveTextContent('Horário de Brasília (São Paulo, Rio, Brasília, Sul e Sudeste, Goiás)')
    await user.selectOptions(fuso, 'Acre (Rio Branco)')
    await user.click(saveButton())
    await screen.findByRole('heading', { level: 2, name: 'Evento "Corrida Velha" salvo com sucesso!' })
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ fusoHorario: 'America/Rio_Branco' })
  })

  it('tells anyone but the owner that the event is not theirs to edit', async () => {
    respond = () => [200, existing()]
    renderAt('/cadastro/ev-9', { ...owner, uid: 'u2' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Este evento pertence a outro organizador')
    expect(screen.queryByRole('form')).toBeNull()
  })

  it('shows Evento não encontrado. for an unknown id', async () => {
    respond = () => [404, { error: { code: 'not-found', message: 'Evento não encontrado.' } }]
    renderAt('/cadastro/nada')
    expect(await screen.findByRole('alert')).toHaveTextContent('Evento não encontrado.')
  })

  it('deletes after a confirmation and goes to the dashboard', async () => {
    const user = userEvent.setup({ delay: null })
    respond = (c) => (c.method === 'GET' ? [200, existing()] : [204])
    renderAt('/cadastro/ev-9')
    await user.click(await screen.findByRole('button', { name: 'Excluir evento' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir evento' })
    expect(dialog).toHaveTextContent('Excluir o evento "Corrida Velha"? Esta ação não pode ser desfeita.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Excluir evento' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir' }))
    expect(await screen.findByRole('heading', { name: 'Meu Painel' })).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/events/ev-9')
  })
})

// docs/requirements.md GRP-17, GRP-20: a group's most registrations and its price tiers in the
// Inscrições section, each field labelled, each refusal beside its field.
describe('group prices', () => {
  const tier = (i: number) => screen.getByRole('group', { name: `Desconto de grupo ${i}` })
  const field = (i: number, name: string) => within(tier(i)).getByRole('textbox', { name })

  it('are sent as typed, the size limit blank for the default', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    await fillRequired(user)
    const max = screen.getByRole('textbox', { name: 'Máximo de inscrições por grupo' })
    expect(max).toHaveAccessibleDescription(/^Em branco: 200\./)
    for (const [minimo, percentual] of [
      ['10', '10'],
      ['30', '15'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: /Adicionar desconto de grupo/ }))
      const i = screen.getAllByRole('group', { name: /^Desconto de grupo \d$/ }).length
      await user.type(field(i, 'A partir de (inscrições no grupo)'), minimo)
      await user.type(field(i, 'Desconto (%)'), percentual)
    }
    expect(field(1, 'Desconto (%)')).toHaveAttribute('aria-required', 'true')
    await user.click(saveButton())
    await screen.findByRole('heading', { level: 1, name: 'Espaço do evento evento-1' })
    expect(posted().inscricoes.grupoMax).toBeNull()
    expect(posted().inscricoes.descontosGrupo).toEqual([
      { minimo: 10, percentual: 10 },
      { minimo: 30, percentual: 15 },
    ])
  })

  it('refuse a tier out of range or not above the one before, beside its field, sending nothing', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/cadastro')
    await fillRequired(user)
    await user.type(screen.getByRole('textbox', { name: 'Máximo de inscrições por grupo' }), '0')
    for (const [minimo, percentual] of [
      ['30', '60'],
      ['30', '10'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: /Adicionar desconto de grupo/ }))
      const i = screen.getAllByRole('group', { name: /^Desconto de grupo \d$/ }).length
      await user.type(field(i, 'A partir de (inscrições no grupo)'), minimo)
      await user.type(field(i, 'Desconto (%)'), percentual)
    }
    await user.click(saveButton())
    await waitFor(() => expect(field(1, 'Desconto (%)')).toHaveAttribute('aria-invalid', 'true'))
    expect(field(1, 'Desconto (%)')).toHaveAccessibleDescription('Informe um desconto de 1% a 50%.')
    expect(field(2, 'A partir de (inscrições no grupo)')).toHaveAccessibleDescription(
      'Use um mínimo maior que o da faixa anterior.',
    )
    expect(screen.getByRole('textbox', { name: 'Máximo de inscrições por grupo' })).toHaveAccessibleDescription(
      /Informe de 1 a 1\.000\.000 inscrições por grupo, ou deixe em branco\./,
    )
    expect(calls).toEqual([])
  })
})
