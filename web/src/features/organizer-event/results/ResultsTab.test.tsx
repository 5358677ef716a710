import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter } from '../../../app/routing'
import { stubFetch } from '../../../lib/testing/fakeFetch'
import { makeEvent } from '../../../lib/testing/testEvents'
import { makeResult, makeSet } from '../../../lib/testing/testResults'
import { ResultsTab } from './ResultsTab'

type Sent = { url: string; form: FormData }

/**
 * An XMLHttpRequest that reports half the upload, then answers what `reply` says for the form —
 * once `sent.held` (when set) resolves.
 */
function stubXHR(reply: (form: FormData) => [number, unknown]) {
  const sent = Object.assign([] as Sent[], { held: null as Promise<void> | null })
  class FakeXHR {
    status = 0
    responseText = ''
    responseType = ''
    withCredentials = false
    url = ''
    upload = { onprogress: null as ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    open(_method: string, url: string) {
      this.url = url
    }
    send(form: FormData) {
      sent.push({ url: this.url, form })
      const held = sent.held ?? Promise.resolve()
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 })
        void held.then(() => {
          const [status, body] = reply(form)
          this.status = status
          this.responseText = JSON.stringify(body)
          this.onload?.()
        })
      }, 0)
    }
    abort() {}
  }
  vi.stubGlobal('XMLHttpRequest', FakeXHR)
  return sent
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const columns = [
  { header: 'Pos', field: 'posicao' },
  { header: 'Atleta', field: 'nome' },
  { header: 'Chip', field: 'ignorar' },
]
const csv = () => new File(['Pos;Atleta;Chip\n1;João;0:42:13\n'], 'resultado-21k.csv', { type: 'text/csv' })

function renderTab(sets: unknown[] = [], onForbidden = () => {}) {
  const fetch = stubFetch((url) =>
    url.pathname === '/api/events/ev1/results' ? [200, { resultSets: sets }] : [200, {}],
  )
  render(
    <MemoryRouter initialEntries={['/dashboard/eventos/ev1?aba=resultados']}>
      <ResultsTab event={makeEvent()} onForbidden={onForbidden} />
    </MemoryRouter>,
  )
  return fetch
}

describe('organizer results tab', () => {
  it('previews a file, re-reads it with a corrected column, and publishes it for the modality chosen', async () => {
    const sent = stubXHR((form) => {
      if (form.get('dryRun') === '1') {
        const mapping = JSON.parse(String(form.get('mapping') ?? '{}')) as Record<string, string>
        const chip = mapping.Chip ?? 'ignorar'
        return [
          200,
          {
            columns: columns.map((c) => (c.header === 'Chip' ? { ...c, field: chip } : c)),
            rows: [makeResult({ tempoLiquido: chip === 'tempoLiquido' ? '0:42:13' : '' })],
            errors: [],
          },
        ]
      }
      return [201, makeSet({ percurso: '21K', status: 'oficial', finishers: 1, total: 1 })]
    })
    renderTab()
    const user = userEvent.setup()
    expect(await screen.findByText(/Nenhum resultado publicado ainda/)).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Modalidade' }), '21K')
    await user.click(screen.getByRole('radio', { name: 'Oficial' }))
    let release = () => {}
    sent.held = new Promise((r) => (release = r))
    await user.upload(screen.getByLabelText('Arquivo de resultados'), csv())
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Envio do arquivo' })).toHaveValue(50))
    sent.held = null
    release()
    const chip = await screen.findByRole('combobox', { name: 'Chip' })
    expect(chip).toHaveValue('ignorar')
    expect(sent[0]!.form.get('dryRun')).toBe('1')
    expect(sent[0]!.form.get('percurso')).toBe('21K')
    expect(sent[0]!.url).toBe('/api/events/ev1/results')

    await user.selectOptions(chip, 'tempoLiquido')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Chip' })).toHaveValue('tempoLiquido'))
    expect(JSON.parse(String(sent[1]!.form.get('mapping')))).toEqual({
      Pos: 'posicao',
      Atleta: 'nome',
      Chip: 'tempoLiquido',
    })
    const previewTable = screen.getByRole('region', { name: 'Primeiras linhas como serão publicadas' })
    expect(within(previewTable).getByText('0:42:13')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Publicar resultados' }))
    expect(await screen.findByText(/Resultados de 21K publicados \(Oficial\)/)).toBeInTheDocument()
    const publish = sent[2]!.form
    expect(publish.get('dryRun')).toBeNull()
    expect(publish.get('status')).toBe('oficial')
    expect(publish.get('percurso')).toBe('21K')
    expect(JSON.parse(String(publish.get('mapping')))).toEqual({ Pos: 'posicao', Atleta: 'nome', Chip: 'tempoLiquido' })
    expect((publish.get('file') as File).name).toBe('resultado-21k.csv')
  })

  it('lists every row error with its row and column, and keeps the file and choices', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubXHR(() => [
      422,
      {
        error: {
          code: 'invalid-file',
          message: 'O arquivo tem 2 linhas com erro.',
          rows: [
            { row: 3, column: 'Chip', message: 'Tempo inválido: "4x:10".' },
            { row: 7, column: 'Pos', message: 'Classificação inválida.' },
          ],
        },
      },
    ])
    renderTab()
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Modalidade' }), '5K')
    await user.upload(screen.getByLabelText('Arquivo de resultados'), csv())
    expect(await screen.findByText('Linha 3, coluna "Chip": Tempo inválido: "4x:10".')).toBeInTheDocument()
    expect(screen.getByText('Linha 7, coluna "Pos": Classificação inválida.')).toBeInTheDocument()
    expect(screen.getByText('Arquivo escolhido: resultado-21k.csv')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Modalidade' })).toHaveValue('5K')
    expect(screen.getByRole('button', { name: 'Publicar resultados' })).toBeDisabled()
  })

  it('tells the page when the user is no longer on the team', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubXHR(() => [403, { error: { code: 'forbidden', message: 'Acesso negado.' } }])
    const onForbidden = vi.fn()
    renderTab([], onForbidden)
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Modalidade' }), '5K')
    await user.upload(screen.getByLabelText('Arquivo de resultados'), csv())
    await waitFor(() => expect(onForbidden).toHaveBeenCalled())
  })

  it('reads the file again once the modality is chosen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const sent = stubXHR((form) =>
      form.get('percurso')
        ? [200, { columns, rows: [makeResult()], errors: [] }]
        : [
            422,
            {
              error: {
                code: 'invalid-argument',
                message: 'Alguns campos precisam de correção.',
                fields: { percurso: 'Campo obrigatório.' },
              },
            },
          ],
    )
    renderTab()
    const user = userEvent.setup()
    await user.upload(screen.getByLabelText('Arquivo de resultados'), csv())
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Modalidade' })).toHaveAccessibleDescription('Campo obrigatório.'),
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Modalidade' }), '5K')
    expect(await screen.findByRole('combobox', { name: 'Chip' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Modalidade' })).not.toHaveAccessibleDescription()
    expect(sent.map((s) => s.form.get('percurso'))).toEqual([null, '5K'])
  })

  it('says what is missing next to it before sending, and a server refusal of the file next to the file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubXHR(() => [
      422,
      { error: { code: 'invalid', message: 'Dados inválidos.', fields: { file: 'Arquivo vazio.' } } },
    ])
    renderTab()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Publicar resultados' }))
    expect(screen.getByRole('combobox', { name: 'Modalidade' })).toHaveAccessibleDescription(
      'Escolha a modalidade destes resultados.',
    )
    expect(screen.getByLabelText('Arquivo de resultados')).toHaveAccessibleDescription(
      'Escolha o arquivo de resultados.',
    )
    await user.upload(screen.getByLabelText('Arquivo de resultados'), csv())
    await waitFor(() =>
      expect(screen.getByLabelText('Arquivo de resultados')).toHaveAccessibleDescription('Arquivo vazio.'),
    )
  })

  it('replaces and deletes a published set, deleting only after confirming', async () => {
    const fetch = renderTab([
      makeSet({ id: 's1', percurso: '21K', status: 'preliminar', finishers: 3400, total: 3456 }),
    ])
    const user = userEvent.setup()
    expect(await screen.findByText(/3\.400 concluintes de 3\.456/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Substituir 21K' }))
    expect(screen.getByRole('heading', { name: 'Substituir resultados de 21K' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Modalidade' })).toHaveValue('21K')
    expect(screen.getByRole('button', { name: 'Substituir resultados' })).toBeInTheDocument()
    expect(screen.getByLabelText('Arquivo de resultados')).toHaveFocus()

    await user.click(screen.getByRole('button', { name: 'Excluir 21K' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir os resultados de 21K?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    const deletes = () =>
      (fetch.mock.calls as unknown as [string, RequestInit | undefined][]).filter(
        ([, init]) => init?.method === 'DELETE',
      )
    expect(deletes()).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Excluir 21K' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir resultados' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(deletes().map(([url]) => String(url))).toEqual(['/api/events/ev1/results/s1'])
  })

  it('asks only what the file leaves open, sends each answer, and publishes once all are answered', async () => {
    const question = {
      kind: 'column',
      field: 'posicao',
      message: 'Qual coluna é a classificação geral?',
      options: ['Place', 'Posição'],
      guess: 'Place',
    }
    const race = {
      kind: 'race',
      field: 'TRILHA - 15Km',
      message: 'Em qual modalidade publicar a prova “TRILHA - 15Km” do arquivo?',
      options: ['5K', '21K'],
      guess: '',
    }
    const sent = stubXHR((form) => {
      if (form.get('dryRun') !== '1')
        return [201, makeSet({ percurso: '21K', status: 'preliminar', finishers: 1, total: 1 })]
      const mapping = JSON.parse(String(form.get('mapping') ?? '{}')) as Record<string, string>
      const percursos = JSON.parse(String(form.get('percursos') ?? '{}')) as Record<string, string>
      const questions = [...(mapping['Posição'] ? [] : [question]), ...(percursos['TRILHA - 15Km'] ? [] : [race])]
      return [
        200,
        {
          columns,
          rows: [makeResult()],
          errors: [],
          questions,
          notes: [
            'Os acentos do arquivo estavam corrompidos (texto convertido duas vezes) e foram corrigidos em 2 trechos, como “JOÃƒO” → “JOÃO”.',
          ],
          races: [
            { nome: 'TRILHA - 15Km', percurso: percursos['TRILHA - 15Km'] ?? '', counts: { total: 1, finishers: 1 } },
          ],
        },
      ]
    })
    renderTab()
    const user = userEvent.setup()
    await user.upload(screen.getByLabelText('Arquivo de resultados'), csv())
    expect(await screen.findByText(/foram corrigidos em 2 trechos/)).toBeInTheDocument()
    const publish = screen.getByRole('button', { name: 'Publicar resultados' })
    expect(publish).toBeDisabled()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Qual coluna é a classificação geral?' }), 'Posição')
    await waitFor(() =>
      expect(screen.queryByRole('combobox', { name: 'Qual coluna é a classificação geral?' })).not.toBeInTheDocument(),
    )
    expect(JSON.parse(String(sent.at(-1)!.form.get('mapping')))).toMatchObject({ Place: 'ignorar', Posição: 'posicao' })
    await user.selectOptions(screen.getByRole('combobox', { name: /Em qual modalidade publicar a prova/ }), '21K')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publicar resultados' })).toBeEnabled())
    expect(screen.getByText(/TRILHA - 15Km → 21K/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Publicar resultados' }))
    await waitFor(() => expect(sent.at(-1)!.form.get('dryRun')).toBeNull())
    const saved = sent.at(-1)!.form
    expect(JSON.parse(String(saved.get('percursos')))).toEqual({ 'TRILHA - 15Km': '21K' })
    // No status chosen: the server keeps the replaced set's status.
    expect(saved.get('status')).toBeNull()
  })
})
