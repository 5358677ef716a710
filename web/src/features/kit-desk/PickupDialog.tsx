import { useId, useRef, useState, type FormEvent } from 'react'
import { Dialog } from '../../components/Dialog'
import { LabelledInput } from '../../components/LabelledInput'
import { deskField } from './deskField'
import type { RetiradoPor, RosterParticipant } from './types'

/** semPagamento: the volunteer confirmed handing an unpaid kit (false for a paid one); the server checks it. */
export type PickupChoice = { retiradoPor: RetiradoPor | null; camisetaEntregue: string; semPagamento: boolean }

/** The fields of the third party who picks the kit up. */
const third = { ...deskField, autoComplete: 'off', maxLength: 120 }

/**
 * Confirms a pickup: by the athlete or by a third party (name and document, which Brazilian
 * races accept with an authorization), and the shirt handed, the one ordered unless changed.
 * An unpaid registration says so first, in amber, and its kit goes only once the volunteer ticks
 * that they hand it without payment: the dialog opens on that box, and its warning is the dialog's
 * description, so that a screen reader says it before anything else.
 */
export function PickupDialog({
  participant: p,
  sizes,
  onConfirm,
  onClose,
}: {
  participant: RosterParticipant
  /** rosterSizes of the desk's roster. */
  sizes: string[]
  onConfirm: (choice: PickupChoice) => void
  onClose: () => void
}) {
  const first = useRef<HTMLInputElement>(null)
  const confirmBox = useRef<HTMLInputElement>(null)
  const id = useId()
  const [terceiro, setTerceiro] = useState(false)
  const [nome, setNome] = useState('')
  const [documento, setDocumento] = useState('')
  const [camiseta, setCamiseta] = useState(p.camiseta)
  const [semPagamento, setSemPagamento] = useState(false)
  const [errors, setErrors] = useState<{ nome?: string; documento?: string; pagamento?: string }>({})
  // A registration without a size says so, rather than showing a size it would not record.
  const options = sizes.includes(p.camiseta) ? sizes : [p.camiseta, ...sizes]

  function submit(e: FormEvent) {
    e.preventDefault()
    const next = {
      nome: !terceiro || nome.trim() ? undefined : 'Informe o nome de quem retira.',
      documento: !terceiro || documento.trim() ? undefined : 'Informe o documento de quem retira.',
      pagamento: p.pago || semPagamento ? undefined : 'Marque a confirmação para entregar o kit sem pagamento.',
    }
    setErrors(next)
    if (next.pagamento) confirmBox.current?.focus()
    if (next.nome || next.documento || next.pagamento) return
    onConfirm({
      retiradoPor: terceiro ? { nome: nome.trim(), documento: documento.trim() } : null,
      camisetaEntregue: camiseta,
      semPagamento: !p.pago,
    })
  }

  const radio = 'flex min-h-14 items-center gap-3 rounded-xl border-2 px-4 text-lg font-semibold'
  return (
    <Dialog
      labelledBy={`${id}-titulo`}
      describedBy={p.pago ? undefined : `${id}-nao-pago`}
      initialFocus={p.pago ? first : confirmBox}
      onClose={onClose}
      backdrop="bg-slate-950/70"
      className="max-h-dvh w-full max-w-lg overflow-y-auto rounded-t-2xl bg-white p-5 sm:rounded-2xl"
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-titulo`} className="text-2xl font-extrabold text-slate-950">
          Retirada do kit
        </h2>
        <p className="mt-1 text-xl font-bold text-slate-950">{p.nome}</p>
        <p className="text-lg text-slate-800">
          {p.numeroPeito != null ? `Nº ${p.numeroPeito} · ` : ''}
          {p.percurso}
        </p>
        {!p.pago && (
          <div className="mt-4 rounded-xl border-2 border-amber-700 bg-amber-50 p-4 text-amber-950">
            <div id={`${id}-nao-pago`}>
              <p className="text-xl font-extrabold">Inscrição não paga</p>
              <p className="mt-1 text-lg">
                A inscrição de {p.nome} consta como não paga. Entregue o kit só se a organização autorizou a entrega sem
                pagamento.
              </p>
            </div>
            <label className="mt-3 flex min-h-12 items-center gap-3 text-lg font-bold">
              <input
                ref={confirmBox}
                type="checkbox"
                checked={semPagamento}
                onChange={(e) => setSemPagamento(e.target.checked)}
                aria-invalid={errors.pagamento ? true : undefined}
                aria-describedby={errors.pagamento ? `${id}-pagamento` : undefined}
                className="size-6"
              />
              Confirmo a entrega do kit sem pagamento
            </label>
            {errors.pagamento && (
              <p id={`${id}-pagamento`} role="alert" className="mt-1 font-bold text-red-800">
                {errors.pagamento}
              </p>
            )}
          </div>
        )}
        <fieldset className="mt-4 flex flex-col gap-2">
          <legend className="mb-2 text-lg font-bold text-slate-950">Quem está retirando?</legend>
          <label className={`${radio} ${!terceiro ? 'border-slate-950 bg-slate-100' : 'border-slate-300'}`}>
            <input
              type="radio"
              name="quem"
              checked={!terceiro}
              onChange={() => setTerceiro(false)}
              className="size-6"
              ref={first}
            />
            O próprio atleta
          </label>
          <label className={`${radio} ${terceiro ? 'border-slate-950 bg-slate-100' : 'border-slate-300'}`}>
            <input type="radio" name="quem" checked={terceiro} onChange={() => setTerceiro(true)} className="size-6" />
            Outra pessoa, com autorização
          </label>
        </fieldset>
        {terceiro && (
          <div className="mt-3 flex flex-col gap-3">
            <LabelledInput
              {...third}
              label="Nome de quem retira"
              value={nome}
              onChange={(e) => setNome(e.target.value)}
              error={errors.nome}
            />
            <LabelledInput
              {...third}
              label="Documento de quem retira (RG ou CPF)"
              value={documento}
              onChange={(e) => setDocumento(e.target.value)}
              error={errors.documento}
            />
          </div>
        )}
        <label htmlFor={`${id}-camiseta`} className="mt-4 block text-lg font-bold text-slate-950">
          Camiseta entregue
        </label>
        <select
          id={`${id}-camiseta`}
          value={camiseta}
          onChange={(e) => setCamiseta(e.target.value)}
          className="mt-1 min-h-14 w-full rounded-xl border-2 border-slate-900 bg-white px-3 text-xl"
        >
          {options.map((s) => (
            <option key={s} value={s}>
              {s === '' ? 'Não informada' : s === p.camiseta ? `${s} (pedida)` : s}
            </option>
          ))}
        </select>
        <div className="mt-6 flex flex-col gap-3">
          <button
            type="submit"
            className={`min-h-16 rounded-xl text-xl font-extrabold text-white ${p.pago ? 'bg-green-800' : 'bg-amber-800'}`}
          >
            {p.pago ? 'Confirmar retirada' : 'Entregar sem pagamento'}
          </button>
          <button
            type="button"
            onClick={onClose}
            className="min-h-14 rounded-xl border-2 border-slate-900 text-lg font-bold text-slate-950"
          >
            Cancelar
          </button>
        </div>
      </form>
    </Dialog>
  )
}
