import { signedInUser } from './accounts'
import { createEvent, marker } from './events'
import { expect, test } from './fixtures'

// The import engine through the Resultados tab (docs/requirements.md RESULT-15..18): a file as
// timing companies really send it — a title and the race's date before the header, accents saved
// twice, "Nº Peito", two columns that may both be the overall place, "1." and "-" as places,
// "DNF/Tempo Excedido" as a time, and a race column with a race the event does not have. The
// preview reads everything it can alone, asks only the two open questions, and publishes each race
// into its modality.

// UTF-8 read as Windows-1252 and saved as UTF-8 again: Ã is "Ãƒ", Ô is "Ã”", Ú is "Ãš".
const trickyFile = [
  'Resultado Oficial - Corrida do Engenho',
  '15/03/2026',
  'Place;Posição;Nº Peito;Atleta;Sexo;Categoria;Pos. Categoria;Prova;Tempo Líquido',
  '1.;1.;101;JOÃƒO SILVA;M;M3034;1.;5K;0:18:20',
  '2.;2.;102;MARIA ANTÃ”NIA;Feminino;F2529;1º;5K;0:21:05',
  '-;-;103;PEDRO SOUZA;H;M3034;-;5K;DNF/Tempo Excedido',
  '1.;1.;201;ANA LÃšCIA;F;F3539;1.;Meia 21K;1:32:10',
  '1.;1.;301;LUCAS PEQUENO;M;INF;1.;Kids;0:05:00',
].join('\n')

test('an organizer publishes a tricky timing file answering only what it leaves open', async ({ page }) => {
  test.setTimeout(90_000)
  await signedInUser(page, { displayName: 'Organizadora do Engenho' })
  const eventId = await createEvent(page.request, {
    titulo: `Corrida do Engenho ${marker()}`,
    dataEvento: '2026-03-15',
    status: 'Inscrições Encerradas',
    km: [5, 21],
  })
  await page.goto(`/dashboard/eventos/${eventId}?aba=resultados`)
  await page.getByLabel('Arquivo de resultados').setInputFiles({
    name: 'resultado-engenho.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(trickyFile),
  })

  // What the engine did alone, said in the preview.
  await expect(page.getByText(/acentos do arquivo estavam corrompidos .* como “JOÃƒO” → “JOÃO”/)).toBeVisible()
  await expect(page.getByText(/linhas antes do cabeçalho \(linha 3\) foram ignoradas/)).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Nº Peito' })).toHaveValue('numeroPeito')
  await expect(page.getByRole('combobox', { name: 'Pos. Categoria' })).toHaveValue('posicaoCategoria')
  await expect(page.getByText('5K → 5 km (2 concluintes de 3)')).toBeVisible()
  await expect(page.getByText('Meia 21K → 21 km (1 concluintes de 1)')).toBeVisible()

  // Only what is truly open is asked, and nothing is published until it is answered.
  const publish = page.getByRole('button', { name: 'Publicar resultados' })
  await expect(publish).toBeDisabled()
  await page.getByRole('combobox', { name: 'Qual coluna é a classificação geral?' }).selectOption('Posição')
  await expect(page.getByRole('combobox', { name: 'Qual coluna é a classificação geral?' })).toHaveCount(0)
  await expect(page.getByRole('combobox', { name: 'Posição', exact: true })).toHaveValue('posicao')
  await expect(page.getByRole('combobox', { name: 'Place' })).toHaveValue('ignorar')
  await page
    .getByRole('combobox', { name: 'Em qual modalidade publicar a prova “Kids” do arquivo?' })
    .selectOption('Não publicar esta prova')
  await expect(page.getByText('Kids → sem modalidade')).toBeVisible()
  await expect(publish).toBeEnabled()
  await publish.click()
  await expect(page.getByText(/Resultados de 21 km publicados \(Preliminar\)/)).toBeVisible()

  // Both races are published, with the names repaired, the statuses and the places the file means.
  const sets = (await (await page.request.get(`/api/events/${eventId}/results`)).json()) as {
    resultSets: { id: string; percurso: string; total: number; finishers: number }[]
  }
  expect(sets.resultSets.map((s) => [s.percurso, s.finishers, s.total])).toEqual([
    ['5 km', 2, 3],
    ['21 km', 1, 1],
  ])
  const fiveK = sets.resultSets[0]!.id
  const lines = (await (await page.request.get(`/api/events/${eventId}/results/${fiveK}?q=joao`)).json()) as {
    results: { nome: string; posicao: number | null; tempoLiquido: string }[]
  }
  expect(lines.results.map((r) => [r.nome, r.posicao, r.tempoLiquido])).toEqual([['JOÃO SILVA', 1, '0:18:20']])
  const pedro = (await (await page.request.get(`/api/events/${eventId}/results/${fiveK}/athletes/103`)).json()) as {
    status: string
    posicao: number | null
    sexo: string
  }
  expect([pedro.status, pedro.posicao, pedro.sexo]).toEqual(['DNF', null, 'M'])
})
