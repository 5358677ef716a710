import type { ChangeEvent, ReactNode } from 'react'
import { LabelledInput } from '../../components/LabelledInput'
import type { Offer } from '../../lib/events/registrationOffer'
import { formatMoney } from '../../lib/text/format'
import type { FieldErrors } from '../../lib/platform/api'
import { athleteKey, fieldId, isMinor, limits, type AthleteDraft, type AthleteField } from './athleteForm'
import { caretAfterDigits, digitsBefore, maskCpf, maskDate, maskPhone } from './masks'
import type { QuoteItem } from './registrationApi'

/** A field in error (aria-invalid, REG-293) has a red border, its message tied by aria-describedby. */
export const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-600 aria-[invalid=true]:border-red-600'
const errorClass = 'mt-1 text-sm font-medium text-red-700'

type Props = {
  index: number
  athlete: AthleteDraft
  offer: Offer
  errors: FieldErrors
  /** The server's price for this athlete, once quoted. */
  price?: QuoteItem
  regulation: string
  /** YYYY-MM-DD in the event's calendar: with the offer's dataProva, whether the athlete is a minor. */
  today: string
  /** Only when the order has more than one athlete. */
  onRemove?: () => void
  onChange: (patch: Partial<AthleteDraft>, field: AthleteField) => void
}

/** One athlete of the order: every field the server asks for, each with its error beside it. */
export function AthleteFields({
  index,
  athlete: a,
  offer,
  errors,
  price,
  regulation,
  today,
  onRemove,
  onChange,
}: Props) {
  const id = (f: AthleteField) => fieldId(athleteKey(index, f))
  const error = (f: AthleteField) => errors[athleteKey(index, f)]
  const text = (f: AthleteField, key: keyof AthleteDraft) => ({
    id: id(f),
    error: error(f),
    value: a[key] as string,
    onChange: (e: { target: { value: string } }) => onChange({ [key]: e.target.value }, f),
    className: inputClass,
  })
  // A masked field (REG-292): numeric keyboard; an edit inside the text keeps the caret after the
  // same digit once the mask has rebuilt the value.
  const masked = (f: AthleteField, key: keyof AthleteDraft, mask: (typed: string) => string) => ({
    ...text(f, key),
    inputMode: 'numeric' as const,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const input = e.target
      const caret = input.selectionStart ?? input.value.length
      const digits = digitsBefore(input.value, caret)
      const value = mask(input.value)
      onChange({ [key]: value }, f)
      if (caret >= input.value.length) return
      // After React has written the new value.
      setTimeout(() => {
        if (document.activeElement !== input) return
        const at = caretAfterDigits(input.value, digits)
        input.setSelectionRange(at, at)
      })
    },
  })
  const documentField = (f: AthleteField, key: keyof AthleteDraft, tipo: AthleteDraft['documentoTipo']) =>
    tipo === 'cpf' ? masked(f, key, maskCpf) : { ...text(f, key), inputMode: 'text' as const }
  const modality = offer.modalidades.find((m) => m.nome === a.percurso)
  const first = index === 0
  const minor = isMinor(a, offer, today)
  const heading = `Atleta ${index + 1}`

  return (
    <fieldset
      aria-labelledby={`atleta-${index}-titulo`}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={`atleta-${index}-titulo`} className="text-lg font-extrabold text-slate-900">
          {heading}
        </h2>
        {onRemove && (
          <button
            type="button"
            onClick={onRemove}
            className="rounded-full px-3 py-1.5 text-sm font-bold text-red-700 hover:bg-red-50"
          >
            Remover atleta {index + 1}
          </button>
        )}
      </div>

      <LabelledInput label="Nome completo" autoComplete={first ? 'name' : 'off'} {...text('nome', 'nome')} />

      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <Select
          id={`${id('documento')}-tipo`}
          label="Tipo de documento"
          value={a.documentoTipo}
          onChange={(v) => onChange({ documentoTipo: v === 'passaporte' ? 'passaporte' : 'cpf' }, 'documento')}
        >
          <option value="cpf">CPF</option>
          <option value="passaporte">Passaporte (estrangeiros)</option>
        </Select>
        <LabelledInput
          label={a.documentoTipo === 'cpf' ? 'CPF' : 'Número do passaporte'}
          autoComplete="off"
          {...documentField('documento', 'documento', a.documentoTipo)}
        />
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <LabelledInput
          label="Data de nascimento"
          hint="dd/mm/aaaa"
          autoComplete={first ? 'bday' : 'off'}
          {...masked('nascimento', 'nascimento', maskDate)}
        />
        <fieldset
          aria-invalid={error('sexo') ? true : undefined}
          aria-describedby={error('sexo') ? `${id('sexo')}-erro` : undefined}
        >
          <legend className="block text-sm font-semibold text-slate-800">Sexo</legend>
          <div className="mt-2 flex gap-4">
            {(
              [
                ['F', 'Feminino'],
                ['M', 'Masculino'],
              ] as const
            ).map(([value, label], i) => (
              <label key={value} className="inline-flex items-center gap-2 text-base text-slate-900">
                <input
                  type="radio"
                  id={i === 0 ? id('sexo') : undefined}
                  name={`atleta-${index}-sexo`}
                  value={value}
                  checked={a.sexo === value}
                  onChange={() => onChange({ sexo: value }, 'sexo')}
                  className="h-5 w-5"
                />
                {label}
              </label>
            ))}
          </div>
          {error('sexo') && (
            <p id={`${id('sexo')}-erro`} className={errorClass}>
              {error('sexo')}
            </p>
          )}
        </fieldset>
      </div>

      {minor && (
        <fieldset className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-3">
          <legend className="text-sm font-bold text-slate-900">Responsável legal</legend>
          <p className="text-sm text-slate-700">
            O atleta terá menos de {limits.maioridade} anos na data da prova: informe o responsável, que assina a
            autorização conferida na retirada do kit.
          </p>
          <LabelledInput
            label="Nome completo do responsável"
            autoComplete="off"
            {...text('responsavel.nome', 'responsavelNome')}
          />
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <Select
              id={`${id('responsavel.documento')}-tipo`}
              label="Documento do responsável"
              value={a.responsavelDocumentoTipo}
              onChange={(v) =>
                onChange(
                  { responsavelDocumentoTipo: v === 'passaporte' ? 'passaporte' : 'cpf' },
                  'responsavel.documento',
                )
              }
            >
              <option value="cpf">CPF</option>
              <option value="passaporte">Passaporte (estrangeiros)</option>
            </Select>
            <LabelledInput
              label={a.responsavelDocumentoTipo === 'cpf' ? 'CPF do responsável' : 'Passaporte do responsável'}
              autoComplete="off"
              {...documentField('responsavel.documento', 'responsavelDocumento', a.responsavelDocumentoTipo)}
            />
          </div>
        </fieldset>
      )}

      <div className="grid gap-3 sm:grid-cols-2">
        <LabelledInput label="E-mail" type="email" autoComplete={first ? 'email' : 'off'} {...text('email', 'email')} />
        <LabelledInput
          label="Celular com DDD"
          type="tel"
          autoComplete={first ? 'tel' : 'off'}
          {...masked('celular', 'celular', maskPhone)}
        />
      </div>

      <Select
        id={id('percurso')}
        label="Modalidade"
        value={a.percurso}
        error={error('percurso')}
        onChange={(v) => onChange({ percurso: v, kit: '' }, 'percurso')}
      >
        <option value="">Selecione</option>
        {offer.modalidades.map((m) => (
          <option key={m.nome} value={m.nome} disabled={m.vagasRestantes === 0}>
            {m.nome}
            {m.valor != null ? ` — ${formatMoney(m.valor)}` : ''}
            {m.vagasRestantes === 0 ? ' (esgotada)' : ''}
          </option>
        ))}
      </Select>

      {modality?.kits?.length ? (
        <Select
          id={id('kit')}
          label="Kit"
          value={a.kit}
          error={error('kit')}
          onChange={(v) => onChange({ kit: v }, 'kit')}
        >
          <option value="">Selecione</option>
          {modality.kits.map((k) => (
            <option key={k.nome} value={k.nome}>
              {k.nome} — {formatMoney(k.valor)}
            </option>
          ))}
        </Select>
      ) : null}

      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          id={id('camiseta')}
          label="Tamanho da camiseta"
          value={a.camiseta}
          error={error('camiseta')}
          onChange={(v) => onChange({ camiseta: v }, 'camiseta')}
        >
          <option value="">Selecione</option>
          {offer.tamanhosCamiseta.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
        <LabelledInput label="Equipe ou assessoria (opcional)" autoComplete="off" {...text('equipe', 'equipe')} />
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-bold text-slate-900">Contato de emergência</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <LabelledInput
            label="Nome do contato"
            autoComplete="off"
            {...text('contatoEmergencia.nome', 'contatoNome')}
          />
          <LabelledInput
            label="Telefone do contato"
            type="tel"
            autoComplete="off"
            {...masked('contatoEmergencia.telefone', 'contatoTelefone', maskPhone)}
          />
        </div>
      </fieldset>

      <div>
        <label className="flex items-start gap-3 text-base text-slate-900">
          <input
            type="checkbox"
            id={id('aceiteRegulamento')}
            checked={a.aceite}
            aria-invalid={error('aceiteRegulamento') ? true : undefined}
            aria-describedby={`${id('aceiteRegulamento')}-dica${error('aceiteRegulamento') ? ` ${id('aceiteRegulamento')}-erro` : ''}`}
            onChange={(e) => onChange({ aceite: e.target.checked }, 'aceiteRegulamento')}
            className="mt-1 h-5 w-5 shrink-0"
          />
          Li e aceito o regulamento
        </label>
        <p id={`${id('aceiteRegulamento')}-dica`} className="mt-1 pl-8 text-sm text-slate-600">
          Ao aceitar, {first ? 'você autoriza' : 'o atleta autoriza'} o uso dos dados pessoais deste formulário para a
          inscrição, a prova e seus resultados (LGPD).{' '}
          {regulation && (
            <a
              href={regulation}
              target="_blank"
              rel="noopener noreferrer"
              className="font-bold text-brand-700 underline"
            >
              Ler o regulamento
            </a>
          )}
        </p>
        {error('aceiteRegulamento') && (
          <p id={`${id('aceiteRegulamento')}-erro`} className={`${errorClass} pl-8`}>
            {error('aceiteRegulamento')}
          </p>
        )}
      </div>

      {price && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Categoria: <strong>{price.categoria}</strong>
          {price.lote && <> · {price.lote}</>} · {formatMoney(price.total)}
        </p>
      )}
    </fieldset>
  )
}

type SelectProps = {
  id: string
  label: string
  value: string
  error?: string
  onChange: (value: string) => void
  children: ReactNode
}

function Select({ id, label, value, error, onChange, children }: SelectProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-erro`} className={errorClass}>
          {error}
        </p>
      )}
    </div>
  )
}
