import { useFieldArray, useFormContext } from 'react-hook-form'
import { newKit, newRetiradaKit, type EventFormValues } from '../formModel'
import { AddButton, ListError, Row, RowActions, Section, TextField } from '../fields'

export function RetiradaKitsSection() {
  const { control } = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'retiradaKits' })
  return (
    <Section id="secao-retirada" title="Retirada de Kits">
      {fields.map((f, i) => (
        <Row
          key={f.id}
          legend={`Retirada ${i + 1}`}
          actions={
            <RowActions
              what={`Retirada ${i + 1}`}
              index={i}
              count={fields.length}
              onMove={move}
              onRemove={() => remove(i)}
            />
          }
        >
          <TextField name={`retiradaKits.${i}.local`} label="Local" />
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField name={`retiradaKits.${i}.data`} label="Data" type="date" />
            <TextField name={`retiradaKits.${i}.horarioInicio`} label="Das" type="time" />
            <TextField name={`retiradaKits.${i}.horarioFim`} label="Até" type="time" />
          </div>
        </Row>
      ))}
      <AddButton onClick={() => append(newRetiradaKit())}>Adicionar retirada</AddButton>
      <ListError name="retiradaKits" />
    </Section>
  )
}

export function KitsSection() {
  const { control } = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'kits' })
  return (
    <Section id="secao-kits" title="Kits" description="Os preços por kit, na seção Inscrições, acompanham esta lista.">
      {fields.map((f, i) => (
        <Row
          key={f.id}
          legend={`Kit ${i + 1}`}
          actions={
            <RowActions
              what={`Kit ${i + 1}`}
              index={i}
              count={fields.length}
              onMove={move}
              onRemove={() => remove(i)}
            />
          }
        >
          <TextField name={`kits.${i}.nome`} label="Nome do kit" />
          <KitItems kit={i} />
        </Row>
      ))}
      <AddButton onClick={() => append(newKit())}>Adicionar kit</AddButton>
      <ListError name="kits" />
    </Section>
  )
}

function KitItems({ kit }: { kit: number }) {
  const { control } = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: `kits.${kit}.items` })
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-800">Itens do kit {kit + 1}</legend>
      {fields.map((f, j) => {
        const what = `item ${j + 1} do kit ${kit + 1}`
        return (
          <div key={f.id} className="flex items-end gap-1">
            <TextField name={`kits.${kit}.items.${j}.nome`} label={`Item ${j + 1}`} className="min-w-0 flex-1" />
            <div className="mb-1 flex gap-1">
              <RowActions what={what} index={j} count={fields.length} onMove={move} onRemove={() => remove(j)} />
            </div>
          </div>
        )
      })}
      <AddButton label={`Adicionar item ao kit ${kit + 1}`} onClick={() => append({ nome: '' })}>
        Adicionar item
      </AddButton>
      <ListError name={`kits.${kit}.items`} />
    </fieldset>
  )
}
