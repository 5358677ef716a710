import { useFieldArray, useFormContext } from 'react-hook-form'
import { newLargada, type EventFormValues } from '../formModel'
import { AddButton, ListError, Row, RowActions, Section, TextField } from '../fields'

export function LargadasSection() {
  const { control, getValues, setValue } = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'largadas', keyName: 'fieldKey' })

  // A removed start must not stay chosen by a modality (FORM-25).
  function removeLargada(i: number) {
    const id = getValues(`largadas.${i}.id`)
    remove(i)
    getValues('modalidades').forEach((m, j) => {
      if (m.largadaId === id) setValue(`modalidades.${j}.largadaId`, '', { shouldDirty: true })
    })
  }

  return (
    <Section id="secao-largadas" title="Largadas" description="Cada modalidade escolhe uma destas largadas.">
      {fields.map((f, i) => (
        <Row
          key={f.fieldKey}
          legend={`Largada ${i + 1}`}
          actions={
            <RowActions
              what={`Largada ${i + 1}`}
              index={i}
              count={fields.length}
              onMove={move}
              onRemove={() => removeLargada(i)}
            />
          }
        >
          <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
            <TextField name={`largadas.${i}.nome`} label="Nome da largada" />
            <TextField name={`largadas.${i}.horario`} label="Horário" type="time" />
          </div>
        </Row>
      ))}
      <AddButton onClick={() => append(newLargada())}>Adicionar largada</AddButton>
      <ListError name="largadas" />
    </Section>
  )
}
