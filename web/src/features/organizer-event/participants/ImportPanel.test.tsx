import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serve, type Sent } from '../../../lib/testing/fakeFetch'
import { ImportPanel } from './ImportPanel'

afterEach(() => vi.unstubAllGlobals())

const path = '/api/events/ev1/participants'
const file = () =>
  new File(['Atleta;CPF;Distância\nJoão;529.982.247-25;10 km\n'], 'inscritos.csv', { type: 'text/csv' })
const counts = { added: 2, updated: 0, unchanged: 0, missing: 0 }

const columns = [
  { header: 'Atleta', field: 'nome' },
  { header: 'CPF', field: 'documento' },
  { header: 'Distância', field: 'ignorar' },
  // A header the server did not recognise: no field.
  { header: 'Observação', field: '' },
]
const rows = [
  { nome: 'João Gonçalves', documento: { tipo: 'cpf', numero: '52998224725' } },
  { nome: 'Conceição Araújo', documento: { tipo: 'cpf', numero: '11144477735' } },
]
const badCPF = { row: 3, column: 'CPF', message: 'CPF inválido: confira os dígitos.' }

function form(s: Sent) {
  return s.body as FormData
}

async function choose(user: ReturnType<typeof userEvent.setup>, f = file()) {
  await user.upload(screen.getByLabelText('Planilha de inscritos'), f)
}

describe('ImportPanel', () => {
  it('previews a file: guessed columns, first rows, counts; commits it and reports the counts', async () => {
    const sent = serve([
      [
        'POST',
        path,
        (s) => (form(s).get('dryRun') === '1' ? [200, { columns, rows, errors: [], counts }] : [200, counts]),
      ],
    ])
    const onImported = vi.fn()
    const user = userEvent.setup()
    render(<ImportPanel eventId="ev1" onImported={onImported} />)
    await choose(user)

    expect(await screen.findByLabelText('Atleta')).toHaveValue('nome')
    expect(screen.getByLabelText('CPF')).toHaveValue('documento')
    expect(screen.getByLabelText('Distância')).toHaveValue('ignorar')
    expect(screen.getByLabelText('Observação')).toHaveValue('ignorar')
    const preview = screen.getByRole('region', { name: 'Primeiras linhas como serão importadas' })
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nome', 'CPF ou documento'])
    expect(within(preview).getByText('Conceição Araújo')).toBeInTheDocument()
    expect(within(preview).getByText('529.982.247-25')).toBeInTheDocument()
    expect(screen.getByText(/2 novos, 0 atualizados/)).toBeInTheDocument()

    const dry = form(sent[0]!)
    expect((dry.get('file') as File).name).toBe('inscritos.csv')
    expect(dry.get('mapping')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Importar inscritos' }))
    expect(await screen.findByText('Importação concluída.')).toBeInTheDocument()
    expect(screen.getByText('2 novos')).toBeInTheDocument()
    expect(screen.getByText('0 fora deste arquivo')).toBeInTheDocument()
    expect(form(sent[1]!).get('dryRun')).toBeNull()
    expect(onImported).toHaveBeenCalledOnce()
    // Saved: the picker is empty again, so that the next export (same name) is read anew.
    expect(screen.getByLabelText<HTMLInputElement>('Planilha de inscritos').files).toHaveLength(0)
  })

  it('names who the file leaves out, who stay on the list', async () => {
    const missing = [
      { id: 'p1', nome: 'Bia Lima', numeroPeito: 77, percurso: '10 km', kitRetirado: null },
      { id: 'p2', nome: 'Caio Reis', numeroPeito: null, percurso: '5 km', kitRetirado: { at: '2026-11-20T12:00:00Z' } },
    ]
    serve([
      [
        'POST',
        path,
        () => [200, { columns, rows, errors: [], counts: { ...counts, missing: 102 }, missingParticipants: missing }],
      ],
    ])
    const user = userEvent.setup()
    render(<ImportPanel eventId="ev1" onImported={() => {}} />)
    await choose(user)

    expect(await screen.findByText(/102 fora deste arquivo/)).toBeInTheDocument()
    await user.click(screen.getByText('Ver quem está fora deste arquivo'))
    expect(screen.getByText('Bia Lima · nº 77 · 10 km')).toBeVisible()
    expect(screen.getByText('Caio Reis · 5 km · kit retirado')).toBeVisible()
    expect(screen.getByText('e mais 100.')).toBeVisible()
    expect(screen.getByText(/continuam na lista do evento/)).toBeVisible()
  })

  it('says nothing of missing participants when the file has them all', async () => {
    serve([['POST', path, () => [200, { columns, rows, errors: [], counts }]]])
    const user = userEvent.setup()
    render(<ImportPanel eventId="ev1" onImported={() => {}} />)
    await choose(user)
    expect(await screen.findByText(/2 novos, 0 atualizados/)).toBeInTheDocument()
    expect(screen.queryByText('Ver quem está fora deste arquivo')).not.toBeInTheDocument()
  })

  it('reads the file again with the mapping the organizer chose', async () => {
    const sent = serve([
      [
        'POST',
        path,
        (s) => {
          const mapping = form(s).get('mapping')
          const chosen = mapping ? (JSON.parse(String(mapping)) as Record<string, string>) : {}
          return [
            200,
            { columns: columns.map((c) => ({ ...c, field: chosen[c.header] ?? c.field })), rows, errors: [], counts },
          ]
        },
      ],
    ])
    const user = userEvent.setup()
    render(<ImportPanel eventId="ev1" onImported={() => {}} />)
    await choose(user)
    await user.selectOptions(await screen.findByLabelText('Distância'), 'Modalidade')

    await vi.waitFor(() => expect(sent).toHaveLength(2))
    expect(JSON.parse(String(form(sent[1]!).get('mapping')))).toEqual({
      Atleta: 'nome',
      CPF: 'documento',
      Distância: 'percurso',
      Observação: 'ignorar',
    })
    expect(form(sent[1]!).get('dryRun')).toBe('1')
    // The select shows the columns of the answer to that second reading.
    await waitFor(() => expect(screen.getByLabelText('Distância')).toHaveValue('percurso'))
  })

  it('lists every row error with its row and column, and does not offer to save', async () => {
    serve([
      [
        'POST',
        path,
        () => [
          200,
          { columns, rows, errors: [badCPF, { row: 7, column: 'Nascimento', message: 'Data inválida.' }], counts },
        ],
      ],
    ])
    const user = userEvent.setup()
    render(<ImportPanel eventId="ev1" onImported={() => {}} />)
    await choose(user)

    const errors = await screen.findByRole('alert')
    expect(within(errors).getByRole('heading')).toHaveTextContent('2 linhas com erro — nada foi salvo')
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Linha 3, coluna "CPF": CPF inválido: confira os dígitos.',
      'Linha 7, coluna "Nascimento": Data inválida.',
    ])
    expect(screen.getByRole('button', { name: 'Importar inscritos' })).toBeDisabled()
    // A file with errors saves nothing, so there are no counts to announce.
    expect(screen.queryByText(/Ao importar/)).not.toBeInTheDocument()
  })

  it("keeps the chosen file when saving fails with row errors (422), and a fixed file's preview clears them", async () => {
    const sent = serve([
      [
        'POST',
        path,
        (s) =>
          form(s).get('dryRun') === '1'
            ? [200, { columns, rows, errors: [], counts }]
            : [
                422,
                { error: { code: 'invalid-argument', message: 'A planilha tem linhas com erro.', rows: [badCPF] } },
              ],
      ],
    ])
    const user = userEvent.setup()
    render(<ImportPanel eventId="ev1" onImported={() => {}} />)
    const input = screen.getByLabelText<HTMLInputElement>('Planilha de inscritos')
    await choose(user)
    await user.click(await screen.findByRole('button', { name: 'Importar inscritos' }))

    expect(await screen.findByText('A planilha tem linhas com erro.')).toBeInTheDocument()
    expect(screen.getByText('Linha 3, coluna "CPF": CPF inválido: confira os dígitos.')).toBeInTheDocument()
    expect(input.files?.[0]?.name).toBe('inscritos.csv')
    expect(screen.getByLabelText('Atleta')).toHaveValue('nome')

    await choose(user, new File(['corrigido'], 'inscritos-corrigido.csv', { type: 'text/csv' }))
    // Choosing a file drops the old preview and its button; the fixed file's preview brings them back.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Importar inscritos' })).toBeEnabled())
    expect(screen.queryByText(/CPF inválido/)).not.toBeInTheDocument()
    expect((form(sent.at(-1)!).get('file') as File).name).toBe('inscritos-corrigido.csv')
  })

  it('says why a file could not be read at all', async () => {
    serve([
      [
        'POST',
        path,
        () => [
          422,
          { error: { code: 'invalid-argument', message: 'Formato de arquivo não suportado: envie CSV, TSV ou XLSX.' } },
        ],
      ],
    ])
    // The browser's file picker only suggests the accepted types; anything can still be chosen.
    const user = userEvent.setup({ applyAccept: false })
    render(<ImportPanel eventId="ev1" onImported={() => {}} />)
    await choose(user, new File(['%PDF'], 'inscritos.pdf'))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Formato de arquivo não suportado: envie CSV, TSV ou XLSX.',
    )
    expect(screen.queryByRole('button', { name: 'Importar inscritos' })).not.toBeInTheDocument()
  })

  it("offers a workbook's sheets, says what it did to read the file, and imports only once answered", async () => {
    const sent = serve([
      [
        'POST',
        path,
        (s) => {
          if (form(s).get('dryRun') !== '1') return [200, counts]
          const chosen = form(s).get('sheet')
          const questions = chosen
            ? []
            : [
                {
                  kind: 'sheet',
                  message: 'O arquivo tem 2 abas: qual importar?',
                  options: ['Inscritos', 'Cancelados'],
                  guess: 'Inscritos',
                },
              ]
          return [
            200,
            {
              columns,
              rows,
              errors: [],
              counts,
              questions,
              notes: ['As linhas antes do cabeçalho (linha 3) foram ignoradas.'],
            },
          ]
        },
      ],
    ])
    const user = userEvent.setup()
    render(<ImportPanel eventId="ev1" onImported={vi.fn()} />)
    await choose(user)
    expect(await screen.findByText('As linhas antes do cabeçalho (linha 3) foram ignoradas.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Importar inscritos' })).toBeDisabled()
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'O arquivo tem 2 abas: qual importar?' }),
      'Cancelados',
    )
    // The button is there all along, disabled until the file read with that sheet answers.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Importar inscritos' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Importar inscritos' }))
    expect(await screen.findByText('Importação concluída.')).toBeInTheDocument()
    expect(form(sent.at(-1)!).get('sheet')).toBe('Cancelados')
    expect(form(sent.at(-1)!).get('dryRun')).toBeNull()
  })

  // REG-143, REG-181
  it('names each row of a registration sold in Pelotão or held by an order, in the preview and after importing, and still imports the others', async () => {
    const sold = {
      row: 2,
      column: 'CPF',
      message:
        'CPF já inscrito pelo Pelotão (João Gonçalves, código 7XK2MP9QRZ): a linha não é importada e a inscrição fica como está.',
    }
    const held = {
      row: 3,
      column: 'CPF',
      message:
        'CPF com inscrição em andamento no Pelotão (Fabi Segurada, pedido aguardando pagamento): a linha não é importada; se o pedido não for pago, importe o arquivo de novo.',
    }
    serve([
      [
        'POST',
        path,
        (s) =>
          form(s).get('dryRun') === '1'
            ? [200, { columns, rows, errors: [], counts: { ...counts, added: 1 }, jaInscritos: [sold, held] }]
            : [200, { ...counts, added: 1, jaInscritos: [sold] }],
      ],
    ])
    const user = userEvent.setup()
    render(<ImportPanel eventId="ev1" onImported={() => {}} />)
    await choose(user)
    expect(await screen.findByText('2 linhas com inscrição pelo Pelotão, deixadas de fora')).toBeInTheDocument()
    expect(screen.getByText(`Linha 2: ${sold.message}`)).toBeInTheDocument()
    expect(screen.getByText(`Linha 3: ${held.message}`)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Importar inscritos' }))
    const done = (await screen.findByText('Importação concluída.')).closest('[role="status"]') as HTMLElement
    expect(within(done).getByText('1 novos')).toBeInTheDocument()
    expect(within(done).getByText(`Linha 2: ${sold.message}`)).toBeInTheDocument()
  })
})
