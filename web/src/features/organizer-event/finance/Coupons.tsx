import { useId, useState, type FormEvent } from 'react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { LabelledInput } from '../../../components/LabelledInput'
import { Cell, RowHeader, ScrollTable } from '../../../components/ScrollTable'
import { ApiError } from '../../../lib/platform/api'
import { useResource } from '../../../lib/platform/resource'
import { formatCount, formatDate, formatMoney } from '../../../lib/text/format'
import { useForbidden } from '../access'
import { emptyCoupon, readCoupon, type CouponErrors, type CouponValues } from './couponForm'
import { createCoupon, deleteCoupon, listCoupons, setCouponActive, type Coupon } from './financeApi'

type Props = { eventId: string; percursos: readonly string[]; onForbidden: () => void }

const inputClass = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2'
const smallButtonClass =
  'min-h-11 rounded-full border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60'

/** 20% or R$ 15,00. */
export function discountText(c: Pick<Coupon, 'tipo' | 'valor'>) {
  return c.tipo === 'percentual' ? `${c.valor.toLocaleString('pt-BR')}%` : formatMoney(c.valor)
}

/** "3 de 100" or "3 (sem limite)". */
export function usesText(c: Pick<Coupon, 'usos' | 'maxUsos'>) {
  return c.maxUsos == null
    ? `${formatCount(c.usos)} (sem limite)`
    : `${formatCount(c.usos)} de ${formatCount(c.maxUsos)}`
}

/**
 * The event's coupons (docs/requirements.md REG-136, REG-137): each with its uses against its
 * limit; created here, paused and resumed, deleted while unused (the server refuses a used one).
 */
export function Coupons({ eventId, percursos, onForbidden }: Props) {
  const id = useId()
  const [version, setVersion] = useState(0)
  const coupons = useResource(`coupons:${eventId}:${version}`, (signal) => listCoupons(eventId, signal))
  useForbidden(coupons.error, onForbidden)
  const [deleting, setDeleting] = useState<Coupon | null>(null)
  const [rowError, setRowError] = useState('')
  const [busy, setBusy] = useState('')
  const reload = () => setVersion((v) => v + 1)

  async function toggle(c: Coupon) {
    setBusy(c.codigo)
    setRowError('')
    try {
      await setCouponActive(eventId, c.codigo, !c.ativo)
      reload()
    } catch (err) {
      console.error(err)
      setRowError(err instanceof ApiError ? err.message : 'Não foi possível alterar o cupom. Tente novamente.')
    } finally {
      setBusy('')
    }
  }

  // While the list is read again after a change, the last one stays on screen (and its buttons).
  const [last, setLast] = useState<Coupon[]>([])
  if (coupons.state === 'ready' && coupons.data !== last) setLast(coupons.data)
  const list = coupons.state === 'ready' ? coupons.data : last
  return (
    <section
      aria-labelledby={`${id}-titulo`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Cupons
      </h2>
      {coupons.state === 'error' && (
        <p role="alert" className="text-red-700">
          Não foi possível carregar os cupons. Tente novamente.
        </p>
      )}
      {coupons.state === 'ready' && list.length === 0 && <p className="text-slate-700">Nenhum cupom criado.</p>}
      {rowError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {rowError}
        </p>
      )}
      {list.length > 0 && (
        <ScrollTable
          label="Lista de cupons"
          columns={['Código', 'Desconto', 'Usos', 'Válido até', 'Modalidades', 'Situação', 'Ações']}
        >
          {list.map((c) => (
            <tr key={c.codigo}>
              <RowHeader>{c.codigo}</RowHeader>
              <Cell>{discountText(c)}</Cell>
              <Cell numeric>{usesText(c)}</Cell>
              <Cell>{c.validoAte ? formatDate(c.validoAte) : 'Sem data'}</Cell>
              <Cell>{c.modalidades.length > 0 ? c.modalidades.join(', ') : 'Todas'}</Cell>
              <Cell>{c.ativo ? 'Ativo' : 'Pausado'}</Cell>
              <Cell>
                <span className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    disabled={busy === c.codigo}
                    onClick={() => void toggle(c)}
                    className={smallButtonClass}
                  >
                    {c.ativo ? `Pausar ${c.codigo}` : `Retomar ${c.codigo}`}
                  </button>
                  <button type="button" onClick={() => setDeleting(c)} className={smallButtonClass}>
                    Excluir {c.codigo}
                  </button>
                </span>
              </Cell>
            </tr>
          ))}
        </ScrollTable>
      )}
      <CouponForm eventId={eventId} percursos={percursos} onCreated={reload} />
      {deleting && (
        <ConfirmDialog
          title="Excluir cupom"
          confirmLabel="Excluir cupom"
          busyLabel="Excluindo..."
          onConfirm={() =>
            deleteCoupon(eventId, deleting.codigo).then(() => {
              setDeleting(null)
              reload()
            })
          }
          failure={(err) =>
            err instanceof ApiError ? err.message : 'Não foi possível excluir o cupom. Tente novamente.'
          }
          onClose={() => setDeleting(null)}
        >
          {`Excluir o cupom ${deleting.codigo}? Ele deixa de valer em novas inscrições.`}
        </ConfirmDialog>
      )}
    </section>
  )
}

function CouponForm({
  eventId,
  percursos,
  onCreated,
}: {
  eventId: string
  percursos: readonly string[]
  onCreated: () => void
}) {
  const id = useId()
  const [values, setValues] = useState<CouponValues>(emptyCoupon)
  const [errors, setErrors] = useState<CouponErrors>({})
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)
  const [created, setCreated] = useState('')

  function set<K extends keyof CouponValues>(name: K, value: CouponValues[K]) {
    setValues((v) => ({ ...v, [name]: value }))
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setCreated('')
    setFailure('')
    const read = readCoupon(values)
    if ('errors' in read) {
      setErrors(read.errors)
      return
    }
    setErrors({})
    setBusy(true)
    try {
      const c = await createCoupon(eventId, read.coupon)
      // Only a saved coupon clears the form: a refusal keeps all that was typed.
      setValues(emptyCoupon)
      setCreated(`Cupom ${c.codigo} criado.`)
      onCreated()
    } catch (err) {
      console.error(err)
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(err.fields as CouponErrors)
      else setFailure(err instanceof ApiError ? err.message : 'Não foi possível criar o cupom. Tente novamente.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby={`${id}-titulo`}
      className="space-y-3 border-t border-slate-200 pt-4"
    >
      <h3 id={`${id}-titulo`} className="font-semibold text-slate-900">
        Novo cupom
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <LabelledInput
          label="Código"
          value={values.codigo}
          onChange={(e) => set('codigo', e.target.value)}
          error={errors.codigo}
          className={inputClass}
          autoCapitalize="characters"
        />
        <fieldset>
          <legend className="block text-sm font-semibold text-slate-800">Tipo de desconto</legend>
          <span className="mt-1 flex flex-wrap gap-4">
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${id}-tipo`}
                checked={values.tipo === 'percentual'}
                onChange={() => set('tipo', 'percentual')}
              />
              Percentual (%)
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${id}-tipo`}
                checked={values.tipo === 'fixo'}
                onChange={() => set('tipo', 'fixo')}
              />
              Valor fixo (R$)
            </label>
          </span>
        </fieldset>
        <LabelledInput
          label={values.tipo === 'percentual' ? 'Desconto (%)' : 'Desconto (R$)'}
          inputMode="decimal"
          value={values.valor}
          onChange={(e) => set('valor', e.target.value)}
          error={errors.valor}
          className={inputClass}
        />
        <LabelledInput
          label="Máximo de usos"
          hint="Em branco: sem limite."
          inputMode="numeric"
          value={values.maxUsos}
          onChange={(e) => set('maxUsos', e.target.value)}
          error={errors.maxUsos}
          className={inputClass}
        />
        <LabelledInput
          label="Válido até"
          hint="Inclusive. Em branco: sem data final."
          type="date"
          value={values.validoAte}
          onChange={(e) => set('validoAte', e.target.value)}
          error={errors.validoAte}
          className={inputClass}
        />
        {percursos.length > 0 && (
          <fieldset aria-describedby={`${id}-modalidades-dica`}>
            <legend className="block text-sm font-semibold text-slate-800">Modalidades</legend>
            <p id={`${id}-modalidades-dica`} className="text-sm text-slate-600">
              Nenhuma marcada: vale para todas.
            </p>
            {percursos.map((p) => (
              <label key={p} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  checked={values.modalidades.includes(p)}
                  onChange={(e) =>
                    set(
                      'modalidades',
                      e.target.checked ? [...values.modalidades, p] : values.modalidades.filter((m) => m !== p),
                    )
                  }
                />
                {p}
              </label>
            ))}
            {errors.modalidades && <p className="mt-1 text-sm font-medium text-red-700">{errors.modalidades}</p>}
          </fieldset>
        )}
      </div>
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
      <p role="status" className="text-sm text-slate-700">
        {created}
      </p>
      <button
        type="submit"
        disabled={busy}
        className="min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {busy ? 'Criando...' : 'Criar cupom'}
      </button>
    </form>
  )
}
