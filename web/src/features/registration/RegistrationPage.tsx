import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from '../../app/routing'
import constants from '../../../../internal/registration/constants.json'
import { PageMessage } from '../../components/PageMessage'
import { useAuth } from '../../lib/auth'
import { regulationUrl, titleOf } from '../../lib/events/eventText'
import { getOffer, type Offer } from '../../lib/events/registrationOffer'
import { ApiError, type FieldErrors } from '../../lib/platform/api'
import { eventPageTitle, usePageMeta } from '../../lib/platform/pageMeta'
import { useResource } from '../../lib/platform/resource'
import { myRegistrationsPath } from '../../lib/registration/orders'
import { openExternalPage } from '../../lib/platform/externalPage'
import { eventToday } from '../../lib/text/format'
import { AthleteFields } from './AthleteFields'
import {
  draftErrors,
  emptyAthlete,
  emptyDraft,
  errorsAfterChange,
  errorsWithout,
  documentProblem,
  fieldId,
  firstErrorField,
  forgetDraft,
  limits,
  loadDraft,
  newIdempotencyKey,
  orderBody,
  orderPayment,
  orderWideErrors,
  prefillBuyer,
  saveDraft,
  athleteKey,
  type AthleteDraft,
  type AthleteField,
  type SavedDraft,
} from './athleteForm'
import type { QuoteState } from './OrderSummary'
import { orderPath } from '../../lib/registration/orders'
import { PaymentChoice } from './PaymentChoice'
import {
  createOrder,
  getEventHead,
  initialEventHead,
  paymentUnavailableCode,
  quoteOrder,
  type EventHead,
} from './registrationApi'

// What the form's first paint does not show is fetched after it (CARD-44): the order's summary
// (with the visitor's estimate), below the athletes, and the sign-in, below the form, which a
// signed-in buyer never needs. RegistrationPage starts both downloads while the offer loads.
const loadSummary = () => import('./OrderSummary')
const loadInlineAuth = () => import('./InlineAuth')
const OrderSummary = lazy(async () => ({ default: (await loadSummary()).OrderSummary }))
const InlineAuth = lazy(async () => ({ default: (await loadInlineAuth()).InlineAuth }))

const GroupNote = lazy(() => import('./GroupNote').then((m) => ({ default: m.GroupNote })))

/** How long the form waits after the last change before asking the server for a new quote. */
const quoteDelayMs = 400

const texts = {
  loading: 'Carregando inscrições...',
  offerFailed: 'Não foi possível carregar as inscrições deste evento. Tente novamente.',
  unexpected: 'Não foi possível concluir a inscrição. Tente novamente.',
  sessionEnded: 'Sua sessão terminou. Entre novamente para concluir; o que você preencheu continua aqui.',
  fixFields: 'Confira os campos destacados.',
  cardUnavailable:
    'O pagamento com cartão está indisponível no momento. Tente novamente em instantes ou escolha Pix em “Forma de pagamento”.',
}

/** /inscricao/{eventId}: one to ten athletes in one order, priced by the server (REG-70..79). */
export function RegistrationPage() {
  const { eventId = '' } = useParams()
  const id = eventId.trim()
  const grupo = useSearchParams()[0].get('grupo')?.trim() ?? ''
  const head = useResource(id ? `event-head:${id}` : null, (signal) => getEventHead(id, signal), initialEventHead(id))
  const offer = useResource(id ? `offer:${id}` : null, (signal) => getOffer(id, signal))
  const event = head.state === 'ready' ? head.data : null
  const { user } = useAuth()
  useEffect(() => {
    void loadSummary()
    if (!user) void loadInlineAuth()
  }, [user])
  usePageMeta(
    'registration',
    event?.titulo.trim() ? { title: eventPageTitle('registration', event.titulo.trim()) } : undefined,
  )

  // An unknown event is answered 404 by the server before this page runs; what is left is a failure.
  if (head.state === 'error' || offer.state === 'error' || !id) return <PageMessage text={texts.offerFailed} />
  if (!event) return <PageMessage loading text={texts.loading} />
  // The event comes with the page, so the server draws the heading at once; the offer (counted
  // now) and the form, which reads the tab's draft, are the browser's.
  return (
    <section className="mx-auto w-full max-w-2xl px-4 pb-16 pt-6">
      <Link
        to={`/event/${encodeURIComponent(event.id)}`}
        className="text-sm font-bold text-brand-700 underline-offset-4 hover:underline"
      >
        Voltar ao evento
      </Link>
      <h1 className="mt-2 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
        Inscrição: {titleOf(event)}
      </h1>
      {offer.state === 'loading' ? (
        <p role="status" className="mt-6 min-h-dvh text-slate-600">
          {texts.loading}
        </p>
      ) : offer.data.aberta ? (
        <RegistrationForm event={event} offer={offer.data} grupoCodigo={grupo} />
      ) : (
        <p role="status" className="mt-6 rounded-xl bg-amber-50 px-4 py-3 text-base text-amber-900">
          {offer.data.motivo}
        </p>
      )}
    </section>
  )
}

function RegistrationForm({ event, offer, grupoCodigo }: { event: EventHead; offer: Offer; grupoCodigo: string }) {
  const { user, refresh } = useAuth()
  // The group of the link (?grupo=), once the event's is found: its athletes join it (GRP-24).
  const [grupo, setGrupo] = useState('')
  const orderOf = () => ({ ...orderBody(draft, offer, eventToday(event)), ...(grupo && { grupo }) })
  const navigate = useNavigate()
  const [saved, setSaved] = useState<SavedDraft>(() => {
    const kept = loadDraft(event.id)
    return kept ?? { draft: prefillBuyer(emptyDraft(), user), idempotencyKey: newIdempotencyKey() }
  })
  // The buyer's data goes into the first athlete once per signed-in account, during render (not
  // in an effect), so that the first paint after signing in already shows it.
  const [prefilledFor, setPrefilledFor] = useState(user?.uid ?? '')
  if (user && user.uid !== prefilledFor) {
    setPrefilledFor(user.uid)
    setSaved((s) => ({ ...s, draft: prefillBuyer(s.draft, user) }))
  }
  const { draft } = saved
  const [errors, setErrors] = useState<FieldErrors>({})
  const [banner, setBanner] = useState('')
  // The buyer's open orders are at their limit: the banner leads to where they are paid or cancelled (REG-172).
  const [atOrderLimit, setAtOrderLimit] = useState(false)
  // The account holds the most registrations it may in this event: said below the athletes,
  // whose number is what the buyer changes (REG-192).
  const [registrationLimit, setRegistrationLimit] = useState('')
  const [pending, setPending] = useState(false)
  const [quote, setQuote] = useState<QuoteState>({ state: 'idle' })
  // The element to focus after the next render: the first error, a new athlete, the banner.
  const focusNext = useRef<string | null>(null)
  const bannerRef = useRef<HTMLDivElement>(null)
  const regulation = regulationUrl(event)

  useEffect(() => saveDraft(event.id, saved), [event.id, saved])

  useEffect(() => {
    const target = focusNext.current
    if (!target) return
    focusNext.current = null
    if (target === 'banner') bannerRef.current?.focus()
    else document.getElementById(target)?.focus()
  })

  // The quote follows the order as it changes, once the form's own checks pass (REG-73); the
  // server may still refuse a field (a category, a coupon), shown beside it.
  const complete = Object.keys(draftErrors(draft, offer, eventToday(event))).length === 0
  const body = complete && user ? JSON.stringify(orderOf()) : ''
  useEffect(() => {
    if (!body) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setQuote({ state: 'loading' })
      quoteOrder(event.id, JSON.parse(body) as ReturnType<typeof orderOf>, controller.signal).then(
        (q) => setQuote({ state: 'ready', quote: q }),
        (err: unknown) => {
          if (controller.signal.aborted) return
          // A field the buyer must correct is an answer, not a failure.
          if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
            setErrors((e) => ({ ...e, ...err.fields }))
            setQuote({ state: 'failed', message: texts.fixFields })
          } else {
            console.error(err)
            setQuote({ state: 'failed', message: err instanceof ApiError ? err.message : texts.unexpected })
          }
        },
      )
    }, quoteDelayMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [body, event.id])

  // Another order is another key: the server refuses a key sent again with another body (REG-191),
  // and a retry of the same order keeps its key.
  function update(next: SavedDraft['draft']) {
    setSaved({ draft: next, idempotencyKey: newIdempotencyKey() })
    setRegistrationLimit('')
  }

  function changeAthlete(index: number, patch: Partial<AthleteDraft>, field: AthleteField) {
    const next = { ...draft, atletas: draft.atletas.map((a, i) => (i === index ? { ...a, ...patch } : a)) }
    update(next)
    const today = eventToday(event)
    const [before, after] = [draftErrors(draft, offer, today), draftErrors(next, offer, today)]
    setErrors((e) => errorsAfterChange(e, athleteKey(index, field), before, after))
  }

  function clearError(key: string) {
    setErrors((e) => {
      if (!(key in e)) return e
      const rest = { ...e }
      delete rest[key]
      return rest
    })
  }

  function addAthlete() {
    focusNext.current = fieldId(athleteKey(draft.atletas.length, 'nome'))
    update({ ...draft, atletas: [...draft.atletas, emptyAthlete()] })
  }

  function removeAthlete(index: number) {
    focusNext.current = `atleta-${Math.max(0, index - 1)}-titulo`
    update({ ...draft, atletas: draft.atletas.filter((_, i) => i !== index) })
    setErrors((e) => errorsWithout(e, index))
  }

  function showErrors(found: FieldErrors) {
    setErrors(found)
    const first = firstErrorField(found, draft.atletas.length)
    focusNext.current = first ? fieldId(first) : 'banner'
    if (!first) setBanner(orderWideErrors(found, draft.atletas.length).join(' ') || texts.fixFields)
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBanner('')
    setAtOrderLimit(false)
    setRegistrationLimit('')
    const found = draftErrors(draft, offer, eventToday(event))
    if (Object.keys(found).length > 0) {
      showErrors(found)
      return
    }
    setPending(true)
    const payment = orderPayment(draft, offer)
    try {
      const order = await createOrder(event.id, { ...orderOf(), ...payment }, saved.idempotencyKey)
      forgetDraft(event.id)
      // Back from Mercado Pago (or with the browser's back button) the buyer lands on the order's page.
      navigate(orderPath(event.id, order.id))
      if (order.pagamento === 'cartao' && order.checkoutUrl) openExternalPage(order.checkoutUrl)
    } catch (err) {
      if (!(err instanceof ApiError && err.status < 500)) console.error(err)
      if (!(err instanceof ApiError)) {
        setBanner(texts.unexpected)
        focusNext.current = 'banner'
      } else if (err.status === 401) {
        setBanner(texts.sessionEnded)
        focusNext.current = 'banner'
        void refresh()
      } else if (Object.keys(err.fields).length > 0) {
        // 422, and 409 ja-inscrito, which names the athlete's document: the message is beside the
        // field, and the summary says whose document it is (REG-291).
        showErrors(err.fields)
      } else if (err.code === constants.codes.limiteInscricoes) {
        setRegistrationLimit(err.message)
        focusNext.current = 'atletas-limite'
      } else if (err.code === paymentUnavailableCode && payment.pagamento === 'cartao') {
        // Mercado Pago is down: everything typed stays, and Pix is still there to choose (CARD-41).
        setBanner(texts.cardUnavailable)
        focusNext.current = 'banner'
      } else {
        // 409 esgotado, inscricoes-encerradas, limite-pedidos; 503 pagamento-indisponivel: the server's pt-BR text.
        setBanner(err.message)
        setAtOrderLimit(err.code === constants.codes.limitePedidos)
        focusNext.current = 'banner'
      }
    } finally {
      setPending(false)
    }
  }

  const items = quote.state === 'ready' && complete ? quote.quote.itens : []
  const wide = orderWideErrors(errors, draft.atletas.length)
  const names = draft.atletas.map((a) => a.nome.trim())
  const blocking = documentProblem({ ...draftErrors(draft, offer, eventToday(event)), ...errors }, names)

  return (
    <>
      {grupoCodigo && (
        <Suspense>
          <GroupNote eventId={event.id} codigo={grupoCodigo} tiers={offer.descontosGrupo} onGroup={setGrupo} />
        </Suspense>
      )}
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-6 space-y-6" aria-label="Inscrição">
        {draft.atletas.map((a, i) => (
          <AthleteFields
            key={i}
            index={i}
            athlete={a}
            offer={offer}
            errors={errors}
            price={items[i]}
            regulation={regulation}
            today={eventToday(event)}
            onRemove={draft.atletas.length > limits.atletasMin ? () => removeAthlete(i) : undefined}
            onChange={(patch, field) => changeAthlete(i, patch, field)}
          />
        ))}
        {registrationLimit && (
          <p
            id="atletas-limite"
            tabIndex={-1}
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-base text-red-800"
          >
            {registrationLimit}
          </p>
        )}
        {draft.atletas.length < limits.atletasMax && (
          <button
            type="button"
            onClick={addAthlete}
            className="w-full rounded-full border-2 border-dashed border-brand-600 px-5 py-3 font-bold text-brand-800 hover:bg-brand-50"
          >
            Adicionar atleta
          </button>
        )}

        <div>
          <label htmlFor="cupom" className="block text-sm font-semibold text-slate-800">
            Cupom de desconto (opcional)
          </label>
          <input
            id="cupom"
            value={draft.cupom}
            autoComplete="off"
            aria-invalid={errors.cupom ? true : undefined}
            aria-describedby={errors.cupom ? 'cupom-erro' : undefined}
            onChange={(e) => {
              update({ ...draft, cupom: e.target.value })
              clearError('cupom')
            }}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base uppercase text-slate-900 aria-[invalid=true]:border-red-600"
          />
          {errors.cupom && (
            <p id="cupom-erro" className="mt-1 text-sm font-medium text-red-700">
              {errors.cupom}
            </p>
          )}
        </div>

        <section aria-labelledby="inscricao-resumo" className="rounded-2xl bg-slate-50 p-4">
          <h2 id="inscricao-resumo" className="text-base font-extrabold text-slate-900">
            Resumo do pedido
          </h2>
          <div aria-live="polite" className="mt-2">
            <Suspense fallback={null}>
              <OrderSummary
                quote={quote}
                complete={complete}
                names={names}
                problem={blocking}
                visitor={user ? null : { draft, offer, today: eventToday(event) }}
              />
            </Suspense>
          </div>
        </section>

        {offer.pagamentos && offer.pagamentos.length > 1 && (
          <PaymentChoice
            methods={offer.pagamentos}
            parcelasMax={offer.parcelasMax}
            value={orderPayment(draft, offer).pagamento ?? 'pix'}
            onChange={(pagamento) => {
              update({ ...draft, pagamento })
              if (banner === texts.cardUnavailable) setBanner('')
            }}
          />
        )}

        <div
          ref={bannerRef}
          tabIndex={-1}
          role="alert"
          className={banner || wide.length ? 'rounded-lg bg-red-50 px-3 py-2 text-base text-red-800' : undefined}
        >
          {banner || wide.join(' ')}
          {banner && atOrderLimit && (
            <>
              {' '}
              <Link to={myRegistrationsPath} className="font-semibold underline">
                Ver meus pedidos em Minhas inscrições
              </Link>
            </>
          )}
        </div>

        {user && (
          <button
            id="inscricao-enviar"
            type="submit"
            disabled={pending}
            className="w-full rounded-full bg-orange-700 px-6 py-3.5 text-base font-extrabold text-white shadow-md hover:bg-orange-800 disabled:opacity-60"
          >
            {pending ? 'Enviando...' : 'Continuar para o pagamento'}
          </button>
        )}
      </form>
      {!user && (
        <div className="mt-6">
          <Suspense fallback={null}>
            <InlineAuth
              onSignedIn={() => {
                focusNext.current = 'inscricao-enviar'
              }}
            />
          </Suspense>
        </div>
      )}
    </>
  )
}
