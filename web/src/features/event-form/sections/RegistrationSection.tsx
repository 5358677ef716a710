import { useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { constants, newLote, newValorModalidade, type EventFormValues } from '../formModel'
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
import type { TipoPreco } from '../../../lib/events/event'

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
      <RadioGroup
        name="inscricoes.modo"
        label="Venda das inscrições"
        options={[
          { value: 'externo', label: 'Link externo' },
          { value: 'pelotao', label: 'Vender pelo Pelotão' },
        ]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="inscricoes.periodo.inicio" label="Início das inscrições" type="date" />
        <TextField name="inscricoes.periodo.fim" label="Fim das inscrições" type="date" />
        <TextField name="inscricoes.vagas" label="Vagas do evento" inputMode="numeric" hint="Em branco: sem limite" />
        <TextField
          name="inscricoes.edicaoAte"
          label="Edição da inscrição até"
          type="date"
          hint="Último dia para o atleta trocar camiseta, equipe e contato de emergência. Em branco: 7 dias antes do evento."
        />
      </div>
      <CheckboxField name="inscricoes.meiaEntradaIdoso" label="Meia-entrada para 60+" />
      <CardPayments />
      <GroupPrices />
      <ShirtSizes />
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

/** Card payments through Mercado Pago beside Pix (docs/requirements.md CARD-18): the installments only while cards are on. */
function CardPayments() {
  const { control } = useFormContext<EventFormValues>()
  const ativo = useWatch({ control, name: 'inscricoes.cartao.ativo' })
  return (
    <div className="space-y-2">
      <CheckboxField name="inscricoes.cartao.ativo" label="Aceitar cartão de crédito (Mercado Pago)" />
      {ativo && (
        <TextField
          name="inscricoes.cartao.parcelasMax"
          label="Máximo de parcelas"
          inputMode="numeric"
          required
          hint={`De 1 (à vista) a ${constants.limits.parcelasMax}: o comprador escolhe quantas, no Mercado Pago.`}
          className="sm:max-w-xs"
        />
      )}
    </div>
  )
}

/** Assessorias (docs/requirements.md GRP-17, GRP-20): a group's most registrations and its price tiers. */
function GroupPrices() {
  const { control } = useFormContext<EventFormValues>()
  const { fields, append, remove } = useFieldArray({ control, name: 'inscricoes.descontosGrupo' })
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-800">Grupos e assessorias</legend>
      <TextField
        name="inscricoes.grupoMax"
        label="Máximo de inscrições por grupo"
        inputMode="numeric"
        placeholder={String(constants.defaults.grupoMax)}
        hint={`Em branco: ${constants.defaults.grupoMax}.`}
        className="sm:max-w-xs"
      />
      {fields.map((f, i) => (
        <Row
          key={f.id}
          legend={`Desconto de grupo ${i + 1}`}
          actions={
            <RowActions
              what={`Desconto de grupo ${i + 1}`}
              index={i}
              count={fields.length}
              onRemove={() => remove(i)}
            />
          }
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              name={`inscricoes.descontosGrupo.${i}.minimo`}
              label="A partir de (inscrições no grupo)"
              inputMode="numeric"
              required
            />
            <TextField
              name={`inscricoes.descontosGrupo.${i}.percentual`}
              label="Desconto (%)"
              inputMode="numeric"
              required
            />
          </div>
        </Row>
      ))}
      <AddButton onClick={() => append({ minimo: '', percentual: '' })}>Adicionar desconto de grupo</AddButton>
      <ListError name="inscricoes.descontosGrupo" />
    </fieldset>
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
          actions={
            <RowActions
              what={`Lote ${i + 1}`}
              index={i}
              count={fields.length}
              onMove={move}
              onRemove={() => remove(i)}
            />
          }
        >
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <TextField name={`inscricoes.lotes.${i}.nome`} label="Nome" />
            <TextField name={`inscricoes.lotes.${i}.valor`} label="Valor (R$)" inputMode="decimal" placeholder="0,00" />
            <TextField name={`inscricoes.lotes.${i}.maxVagas`} label="Vagas" inputMode="numeric" />
            <TextField name={`inscricoes.lotes.${i}.dataLimite`} label="Válido até" type="date" />
          </div>
          <LotPricesByModality lote={i} />
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
  if (kits.length === 0)
    return <p className="text-sm text-slate-600">Cadastre os kits na seção Kits para informar o preço de cada um.</p>
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

/** A lot's price for some modalities, over the lot's valor; each row picks one of the event's modalities. */
function LotPricesByModality({ lote: i }: { lote: number }) {
  const { control } = useFormContext<EventFormValues>()
  const name = `inscricoes.lotes.${i}.valoresPorModalidade` as const
  const { fields, append, remove } = useFieldArray({ control, name })
  const modalidades = useWatch({ control, name: 'modalidades' })
  const options = modalidades
    .map((m) => m.nome.trim())
    .filter((nome) => nome !== '')
    .map((nome) => ({ value: nome, label: nome }))
  return (
    <div className="space-y-2">
      {fields.map((f, j) => (
        <div key={f.id} className="grid grid-cols-[1fr_auto] items-start gap-2 sm:grid-cols-[1fr_10rem_auto]">
          <SelectField
            name={`${name}.${j}.modalidadeNome`}
            label={`Modalidade do preço ${j + 1}`}
            placeholder="Selecione a modalidade"
            options={options}
            className="col-span-2 sm:col-span-1"
          />
          <TextField
            name={`${name}.${j}.valor`}
            label={`Valor do preço ${j + 1} (R$)`}
            inputMode="decimal"
            placeholder="0,00"
          />
          <div className="pt-6">
            <RowActions
              what={`preço ${j + 1} do lote ${i + 1}`}
              index={j}
              count={fields.length}
              onRemove={() => remove(j)}
            />
          </div>
        </div>
      ))}
      {options.length === 0 ? (
        <p className="text-sm text-slate-600">Cadastre as modalidades para dar a cada uma seu preço neste lote.</p>
      ) : (
        <AddButton
          label={`Adicionar preço por modalidade ao lote ${i + 1}`}
          onClick={() => append(newValorModalidade())}
        >
          Adicionar preço por modalidade
        </AddButton>
      )}
      <ListError name={name} />
    </div>
  )
}

/** The shirt sizes athletes choose from, in the order offered. */
function ShirtSizes() {
  const { control } = useFormContext<EventFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'inscricoes.tamanhosCamiseta' })
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-800">Tamanhos de camiseta</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {fields.map((f, i) => (
          <div key={f.id} className="flex items-start gap-2">
            <TextField
              name={`inscricoes.tamanhosCamiseta.${i}.nome`}
              label={`Tamanho ${i + 1}`}
              className="min-w-0 flex-1"
            />
            <div className="flex gap-1 pt-6">
              <RowActions
                what={`Tamanho ${i + 1}`}
                index={i}
                count={fields.length}
                onMove={move}
                onRemove={() => remove(i)}
              />
            </div>
          </div>
        ))}
      </div>
      <AddButton onClick={() => append({ nome: '' })}>Adicionar tamanho</AddButton>
      <ListError name="inscricoes.tamanhosCamiseta" />
    </fieldset>
  )
}
