import { useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { newLote, type EventFormValues } from '../formModel'
import { AddButton, CheckboxField, ListError, RadioGroup, Row, RowActions, Section, TextArea, TextField } from '../fields'
import type { TipoPreco } from '../../../lib/event'

export function RegistrationSection() {
  const { control, getValues, setValue } = useFormContext<EventFormValues>()
  const tipoPreco = useWatch({ control, name: 'inscricoes.tipoPreco' })

  // docs/product.md §4 / FORM-17: a new price format starts from its defaults, and nothing typed under
  // another format is kept.
  function choosePriceFormat(tipo: TipoPreco) {
    const dirty = { shouldDirty: true }
    setValue('inscricoes.lotes', tipo === 'lotes' ? [newLote(1)] : [], dirty)
    getValues('kits').forEach((_, i) => setValue(`kits.${i}.preco`, '', dirty))
    setValue('inscricoes.textoPreco', '', dirty)
  }

  return (
    <Section id="secao-inscricoes" title="Inscrições">
      <CheckboxField name="inscricoes.ativas" label="Inscrições ativas" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="inscricoes.periodo.inicio" label="Início das inscrições" type="date" />
        <TextField name="inscricoes.periodo.fim" label="Fim das inscrições" type="date" />
      </div>
      <RadioGroup
        name="inscricoes.tipoPreco"
        label="Formato de preço"
        options={[
          { value: 'lotes', label: 'Lotes' },
          { value: 'kit', label: 'Preço por kit' },
          { value: 'texto', label: 'Texto livre' },
        ]}
        onChange={(e) => choosePriceFormat(e.target.value as TipoPreco)}
      />
      {tipoPreco === 'lotes' && <LoteRows />}
      {tipoPreco === 'kit' && <KitPriceRows />}
      {tipoPreco === 'texto' && <TextArea name="inscricoes.textoPreco" label="Preços (texto)" rows={3} />}
    </Section>
  )
}

function LoteRows() {
  const { control } = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'inscricoes.lotes' })
  return (
    <div className="space-y-3">
      {fields.map((f, i) => (
        <Row
          key={f.id}
          legend={`Lote ${i + 1}`}
          actions={<RowActions what={`Lote ${i + 1}`} index={i} count={fields.length} onMove={move} onRemove={() => remove(i)} />}
        >
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <TextField name={`inscricoes.lotes.${i}.nome`} label="Nome" />
            <TextField name={`inscricoes.lotes.${i}.valor`} label="Valor (R$)" inputMode="decimal" placeholder="0,00" />
            <TextField name={`inscricoes.lotes.${i}.maxVagas`} label="Vagas" inputMode="numeric" />
            <TextField name={`inscricoes.lotes.${i}.dataLimite`} label="Válido até" type="date" />
          </div>
        </Row>
      ))}
      <AddButton onClick={() => append(newLote(fields.length + 1))}>Adicionar lote</AddButton>
      <ListError name="inscricoes.lotes" />
    </div>
  )
}

/** One price per kit of the Kits section: adding, renaming or removing a kit changes these rows. */
function KitPriceRows() {
  const { control } = useFormContext<EventFormValues>()
  const kits = useWatch({ control, name: 'kits' })
  if (kits.length === 0) return <p className="text-sm text-slate-600">Cadastre os kits na seção Kits para informar o preço de cada um.</p>
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {kits.map((kit, i) => (
        <TextField
          key={kit.rowKey}
          name={`kits.${i}.preco`}
          label={`Preço do kit ${kit.nome.trim() || `${i + 1} (sem nome)`} (R$)`}
          inputMode="decimal"
          placeholder="0,00"
        />
      ))}
    </div>
  )
}
