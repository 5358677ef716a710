import { useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { firstLinhaCronograma, newLinhaCronograma, type EventFormValues } from '../formModel'
import { AddButton, ListError, RadioGroup, Row, RowActions, Section, TextArea, TextField } from '../fields'

export function AboutSection() {
  const { control, setValue } = useFormContext<EventFormValues>()
  const tipo = useWatch({ control, name: 'informacoes.cronograma.tipo' })
  return (
    <Section id="secao-sobre" title="Sobre o Evento">
      <TextArea name="informacoes.descricao" label="Descrição" rows={5} />
      <TextArea name="informacoes.informacoesImportantes" label="Informações importantes" rows={4} />
      <RadioGroup
        name="informacoes.cronograma.tipo"
        label="Cronograma"
        options={[
          { value: 'texto', label: 'Texto livre' },
          { value: 'estruturado', label: 'Horários (lista)' },
        ]}
        onChange={(e) => {
          // docs/product.md §4: the structured schedule starts with one row at 07:00 (and rows hidden under
          // the text format are not kept).
          const rows = e.target.value === 'estruturado' ? [firstLinhaCronograma()] : []
          setValue('informacoes.cronograma.linhas', rows, { shouldDirty: true })
        }}
      />
      {tipo === 'estruturado' ? (
        <ScheduleRows />
      ) : (
        <TextArea name="informacoes.cronograma.texto" label="Cronograma (texto)" rows={4} />
      )}
    </Section>
  )
}

function ScheduleRows() {
  const { control } = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'informacoes.cronograma.linhas' })
  return (
    <div className="space-y-3">
      {fields.map((f, i) => (
        <Row
          key={f.id}
          legend={`Horário ${i + 1}`}
          actions={
            <RowActions
              what={`Horário ${i + 1}`}
              index={i}
              count={fields.length}
              onMove={move}
              onRemove={() => remove(i)}
            />
          }
        >
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <TextField name={`informacoes.cronograma.linhas.${i}.horario`} label="Hora" type="time" />
            <TextField name={`informacoes.cronograma.linhas.${i}.descricao`} label="Atividade" />
          </div>
        </Row>
      ))}
      <AddButton onClick={() => append(newLinhaCronograma())}>Adicionar horário</AddButton>
      <ListError name="informacoes.cronograma.linhas" />
    </div>
  )
}
