import { useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { constants, newPremio, type EventFormValues } from '../formModel'
import { AddButton, ListError, RadioGroup, Row, RowActions, Section, SelectField, TextArea, TextField } from '../fields'
import type { NivelPremiacao } from '../../../lib/events/event'

const niveis: { value: NivelPremiacao; label: string }[] = [
  { value: 'geral', label: 'Geral' },
  { value: 'modalidade', label: 'Por modalidade' },
  { value: 'categoria', label: 'Por categoria' },
]

export function PremiacaoSection() {
  const { control } = useFormContext<EventFormValues>()
  const tipo = useWatch({ control, name: 'premiacao.tipo' })
  return (
    <Section id="secao-premiacao" title="Premiação">
      <RadioGroup
        name="premiacao.tipo"
        label="Formato da premiação"
        options={[
          { value: 'texto', label: 'Texto livre' },
          { value: 'estruturado', label: 'Lista de prêmios' },
        ]}
      />
      {tipo === 'estruturado' ? <PrizeRows /> : <TextArea name="premiacao.valor" label="Premiação (texto)" rows={4} />}
      <RadioGroup
        name="tempoClassificacao"
        label="Classificação dos resultados publicados"
        options={[
          { value: 'liquido', label: 'Pelo tempo líquido (chip)' },
          { value: 'bruto', label: 'Pelo tempo bruto (desde a largada oficial)' },
        ]}
      />
      <TextField
        name="temposAssessoria"
        label="Tempos somados por assessoria"
        inputMode="numeric"
        hint={`No ranking por assessoria dos resultados, quantos melhores tempos de cada sexo contam por grupo: de 1 a ${constants.limits.temposAssessoriaMax}. Em branco: ${constants.defaults.temposAssessoria}.`}
        className="sm:max-w-xs"
      />
    </Section>
  )
}

function PrizeRows() {
  const { control } = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'premiacao.estruturado' })
  return (
    <div className="space-y-3">
      {fields.map((f, i) => (
        <Row
          key={f.id}
          legend={`Prêmio ${i + 1}`}
          actions={
            <RowActions
              what={`Prêmio ${i + 1}`}
              index={i}
              count={fields.length}
              onMove={move}
              onRemove={() => remove(i)}
            />
          }
        >
          <Prize index={i} />
        </Row>
      ))}
      <AddButton onClick={() => append(newPremio())}>Adicionar prêmio</AddButton>
      <ListError name="premiacao.estruturado" />
    </div>
  )
}

function Prize({ index: i }: { index: number }) {
  const { control, setValue } = useFormContext<EventFormValues>()
  const base = `premiacao.estruturado.${i}` as const
  const [nivel, modalidadeNome] = useWatch({ control, name: [`${base}.nivel`, `${base}.modalidadeNome`] })
  const modalidades = useWatch({ control, name: 'modalidades' })
  const dirty = { shouldDirty: true }
  const named = <T extends { nome: string }>(items: T[]) => items.filter((x) => x.nome.trim() !== '')
  const categorias = modalidades.find((m) => m.nome === modalidadeNome)?.categorias ?? []
  return (
    <>
      <TextField
        name={`${base}.descricao`}
        label="Descrição do prêmio"
        hint="Ex.: Troféu para os 3 primeiros colocados"
      />
      <SelectField
        name={`${base}.nivel`}
        label="Nível"
        options={niveis}
        onChange={(e) => {
          // docs/product.md §4: geral clears modalidade and categoria; modalidade clears categoria.
          if (e.target.value === 'geral') setValue(`${base}.modalidadeNome`, '', dirty)
          if (e.target.value !== 'categoria') setValue(`${base}.categoriaNome`, '', dirty)
        }}
      />
      {nivel !== 'geral' && (
        <SelectField
          name={`${base}.modalidadeNome`}
          label="Modalidade"
          placeholder="Selecione a modalidade"
          options={named(modalidades).map((m) => ({ value: m.nome, label: m.nome }))}
          onChange={() => setValue(`${base}.categoriaNome`, '', dirty)}
        />
      )}
      {nivel === 'categoria' && (
        <SelectField
          name={`${base}.categoriaNome`}
          label="Categoria"
          placeholder="Selecione a categoria"
          options={named(categorias).map((c) => ({ value: c.nome, label: c.nome }))}
        />
      )}
    </>
  )
}
