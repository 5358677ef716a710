import { useFieldArray, useFormContext, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form'
import { constants, newCategoria, newModalidade, type EventFormValues } from '../formModel'
import {
  AddButton,
  CheckboxField,
  ListError,
  RadioGroup,
  Row,
  RowActions,
  Section,
  SelectField,
  TextArea,
  TextField,
} from '../fields'
import { FileField } from '../FileField'

const { defaults } = constants

/**
 * Structured prizes name their modality and category, and lot prices their modality. When one is
 * renamed they follow it; when one is removed they stop pointing at it.
 */
function usePrizeReferences() {
  const { getValues, setValue } = useFormContext<EventFormValues>()
  const dirty = { shouldDirty: true }
  const prizes = () => getValues('premiacao.estruturado').map((p, i) => ({ p, i }))
  const lotPrices = () =>
    getValues('inscricoes.lotes').flatMap((l, i) =>
      l.valoresPorModalidade.map((p, j) => ({
        p,
        at: `inscricoes.lotes.${i}.valoresPorModalidade.${j}.modalidadeNome` as const,
      })),
    )
  return {
    renameModalidade(from: string, to: string) {
      for (const { p, i } of prizes())
        if (from && p.modalidadeNome === from) setValue(`premiacao.estruturado.${i}.modalidadeNome`, to, dirty)
      for (const { p, at } of lotPrices())
        if (from && p.modalidadeNome.trim() === from.trim()) setValue(at, to.trim(), dirty)
    },
    removeModalidade(nome: string) {
      for (const { p, at } of lotPrices()) if (p.modalidadeNome.trim() === nome.trim()) setValue(at, '', dirty)
      for (const { p, i } of prizes())
        if (p.modalidadeNome === nome) {
          setValue(`premiacao.estruturado.${i}.modalidadeNome`, '', dirty)
          setValue(`premiacao.estruturado.${i}.categoriaNome`, '', dirty)
        }
    },
    renameCategoria(modalidade: string, from: string, to: string) {
      for (const { p, i } of prizes())
        if (from && p.modalidadeNome === modalidade && p.categoriaNome === from)
          setValue(`premiacao.estruturado.${i}.categoriaNome`, to, dirty)
    },
    removeCategoria(modalidade: string, nome: string) {
      for (const { p, i } of prizes())
        if (p.modalidadeNome === modalidade && p.categoriaNome === nome)
          setValue(`premiacao.estruturado.${i}.categoriaNome`, '', dirty)
    },
  }
}

/** Runs `then(old, new)` around a text input's change, for renames. */
function renaming(form: UseFormReturn<EventFormValues>, name: string, then: (from: string, to: string) => void) {
  let previous = String(form.getValues(name as FieldPath<EventFormValues>) ?? '')
  return (e: { target: { value: string } }) => {
    then(previous, e.target.value)
    previous = e.target.value
  }
}

export function ModalidadesSection() {
  const { control, getValues } = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'modalidades' })
  const refs = usePrizeReferences()
  return (
    <Section id="secao-modalidades" title="Modalidades">
      {fields.map((f, i) => (
        <Row
          key={f.id}
          legend={`Modalidade ${i + 1}`}
          actions={
            <RowActions
              what={`Modalidade ${i + 1}`}
              index={i}
              count={fields.length}
              onMove={move}
              onRemove={() => {
                refs.removeModalidade(getValues(`modalidades.${i}.nome`))
                remove(i)
              }}
            />
          }
        >
          <Modalidade index={i} />
        </Row>
      ))}
      <AddButton onClick={() => append(newModalidade())}>Adicionar modalidade</AddButton>
      <ListError name="modalidades" />
    </Section>
  )
}

function Modalidade({ index: i }: { index: number }) {
  const form = useFormContext<EventFormValues>()
  const largadas = useWatch({ control: form.control, name: 'largadas' })
  const percurso = useWatch({ control: form.control, name: `modalidades.${i}.percurso.tipo` })
  const refs = usePrizeReferences()
  const base = `modalidades.${i}`
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem_10rem]">
        <TextField
          name={`${base}.nome`}
          label="Nome da modalidade"
          hint="Ex.: Corrida 10 km"
          onChange={renaming(form, `${base}.nome`, refs.renameModalidade)}
        />
        <TextField name={`${base}.km`} label="Distância (km)" inputMode="decimal" />
        <TextField
          name={`${base}.vagas`}
          label="Vagas da modalidade"
          inputMode="numeric"
          hint="Em branco: sem limite"
        />
      </div>
      <TextField
        name={`${base}.idadeMinima`}
        label="Idade mínima (anos)"
        inputMode="numeric"
        hint="Contada na data da prova. Em branco: sem idade mínima"
      />
      <SelectField
        name={`${base}.largadaId`}
        label="Largada"
        placeholder="Selecione a largada"
        options={largadas.map((l, j) => ({
          value: l.id,
          label: `${l.nome.trim() || `Largada ${j + 1}`}${l.horario ? ` (${l.horario})` : ''}`,
        }))}
      />
      <RadioGroup
        name={`${base}.percurso.tipo`}
        label="Percurso"
        options={[
          { value: 'texto', label: 'Descrição' },
          { value: 'link', label: 'Link do mapa' },
        ]}
      />
      {percurso === 'link' ? (
        <TextField name={`${base}.percurso.valor`} label="Link do mapa do percurso" type="url" inputMode="url" />
      ) : (
        <TextArea name={`${base}.percurso.valor`} label="Descrição do percurso" rows={3} />
      )}
      <TextArea name={`${base}.premiacaoGeral`} label="Premiação geral da modalidade" rows={2} />
      <Categorias modalidade={i} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FileField
          name={`${base}.resultados.pdfGeralURL`}
          label={`Classificação geral (PDF) da modalidade ${i + 1}`}
          kind="pdf"
        />
        <FileField
          name={`${base}.resultados.pdfCategoriasURL`}
          label={`Resultados por categoria (PDF) da modalidade ${i + 1}`}
          kind="pdf"
        />
      </div>
    </>
  )
}

function Categorias({ modalidade: m }: { modalidade: number }) {
  const form = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: `modalidades.${m}.categorias` })
  const refs = usePrizeReferences()
  return (
    <div className="space-y-3">
      <h3 className="text-base font-semibold text-slate-900">Categorias da modalidade {m + 1}</h3>
      {fields.map((f, j) => {
        const what = `Categoria ${j + 1} da modalidade ${m + 1}`
        return (
          <Row
            key={f.id}
            legend={`Categoria ${j + 1}`}
            actions={
              <RowActions
                what={what}
                index={j}
                count={fields.length}
                onMove={move}
                onRemove={() => {
                  refs.removeCategoria(
                    form.getValues(`modalidades.${m}.nome`),
                    form.getValues(`modalidades.${m}.categorias.${j}.nome`),
                  )
                  remove(j)
                }}
              />
            }
          >
            <Categoria modalidade={m} index={j} />
          </Row>
        )
      })}
      <AddButton label={`Adicionar categoria à modalidade ${m + 1}`} onClick={() => append(newCategoria())}>
        Adicionar categoria
      </AddButton>
      <ListError name={`modalidades.${m}.categorias`} />
    </div>
  )
}

function Categoria({ modalidade: m, index: j }: { modalidade: number; index: number }) {
  const form = useFormContext<EventFormValues>()
  const base = `modalidades.${m}.categorias.${j}` as const
  const qualquerIdade = useWatch({ control: form.control, name: `${base}.qualquerIdade` })
  const refs = usePrizeReferences()
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          name={`${base}.nome`}
          label="Nome da categoria"
          onChange={renaming(form, `${base}.nome`, (from, to) =>
            refs.renameCategoria(form.getValues(`modalidades.${m}.nome`), from, to),
          )}
        />
        <SelectField
          name={`${base}.genero`}
          label="Gênero"
          options={constants.generos.map((g) => ({ value: g, label: g }))}
        />
      </div>
      <CheckboxField
        name={`${base}.qualquerIdade`}
        label="Qualquer idade"
        onChange={(e) => {
          // docs/product.md §4: any age is the 0–120 range; the inputs stay disabled while ticked (FORM-29).
          if ((e.target as HTMLInputElement).checked) {
            form.setValue(`${base}.idadeInicial`, String(defaults.idadeMinima), { shouldDirty: true })
            form.setValue(`${base}.idadeLimite`, String(defaults.idadeMaxima), { shouldDirty: true })
            form.clearErrors([`${base}.idadeInicial`, `${base}.idadeLimite`])
          }
        }}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField name={`${base}.idadeInicial`} label="Idade inicial" inputMode="numeric" disabled={qualquerIdade} />
        <TextField name={`${base}.idadeLimite`} label="Idade limite" inputMode="numeric" disabled={qualquerIdade} />
      </div>
      <TextArea name={`${base}.premiacao`} label="Premiação da categoria" rows={2} />
    </>
  )
}
