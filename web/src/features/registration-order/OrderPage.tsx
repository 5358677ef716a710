import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Link, useParams, useSearchParams } from '../../app/routing'
import { CancelUnpaidOrder } from '../../components/CancelUnpaidOrder'
import { PageLoading } from '../../components/PageLoading'
import { PageMessage } from '../../components/PageMessage'
import type { Event } from '../../lib/events/event'
import { getEvent } from '../../lib/events/eventsApi'
import type { PaymentMethod } from '../../lib/events/registrationOffer'
import { ApiError } from '../../lib/platform/api'
import { openExternalPage } from '../../lib/platform/externalPage'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { useResource } from '../../lib/platform/resource'
import { getOrder, myRegistrationsPath, simulatePayment, type Order } from '../../lib/registration/orders'
import { formatLongDate, formatMoney } from '../../lib/text/format'
import { timeLeft, watchOrder, type OrderWatch } from './orderPolling'
import { cardReturn, switchPayment, type CardReturn } from './payment'
import { Receipt } from './Receipt'
import { RegistrationCard } from './RegistrationCard'

const cardClass = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm'
const primaryClass =
  'inline-block rounded-full bg-brand-700 px-5 py-2.5 text-center font-bold text-white hover:bg-brand-800 disabled:opacity-60'
const secondaryClass =
  'inline-block rounded-full border border-brand-700 px-5 py-2.5 text-center font-bold text-brand-800 hover:bg-brand-50'

/**
 * /inscricao/{eventId}/pedido/{orderId}: the buyer pays the order with Pix, or by card on Mercado
 * Pago's page, switching between them while it is unpaid (CARD-28), and the page turns into the
 * confirmation when the payment arrives (docs/requirements.md REG-80, REG-81), with the order's
 * receipt from then on, refunds included (REG-165), or the buyer cancels it while unpaid (REG-170).
 * Mercado Pago sends the buyer back here with what it said of the card (CARD-42).
 */
export function OrderPage() {
  usePageMeta('registrationOrder')
  const { eventId = '', orderId = '' } = useParams()
  const order = useResource(`order:${orderId}`, (signal) => getOrder(orderId, signal))
  const event = useResource(`order-event:${eventId}`, (signal) => getEvent(eventId, signal))
  const [search] = useSearchParams()
  const returned = cardReturn(search)

  if (order.state === 'loading') return <PageLoading text="Carregando o pedido..." />
  if (order.state === 'error') {
    const notFound = order.error instanceof ApiError && order.error.status === 404
    return (
      <PageMessage text={notFound ? 'Pedido não encontrado' : 'Não foi possível carregar o pedido. Tente novamente.'} />
    )
  }
  return <OrderView key={order.data.id} initial={order.data} event={event.data} returned={returned} />
}

function OrderView({ initial, event, returned }: { initial: Order; event?: Event; returned: CardReturn }) {
  const [order, setOrder] = useState(initial)
  // The order the watch started from: a switch of method starts it again, so that a read on its
  // way from before the switch cannot bring back the old method.
  const [watched, setWatched] = useState(initial)
  const watch = useRef<OrderWatch | null>(null)
  useEffect(() => {
    const w = watchOrder({ order: watched, load: (signal) => getOrder(watched.id, signal), onOrder: setOrder })
    watch.current = w
    return w.stop
  }, [watched])
  const readNow = () => watch.current?.readNow()
  const cancelled = (got: Order) => {
    // Nothing left to watch: a read already on its way would bring back the order still unpaid.
    watch.current?.stop()
    setOrder(got)
  }
  const switched = (got: Order) => {
    setOrder(got)
    setWatched(got)
  }

  return (
    <section className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:py-12">
      {event && (
        <p className="text-sm font-semibold text-slate-600">
          <Link to={`/event/${encodeURIComponent(event.id)}`} className="hover:underline">
            {event.titulo}
          </Link>
        </p>
      )}
      {order.status === 'aguardando_pagamento' ? (
        <AwaitingPayment
          order={order}
          event={event}
          returned={returned}
          onPaid={readNow}
          onCancelled={cancelled}
          onSwitched={switched}
        />
      ) : order.status === 'pago' ? (
        <Confirmed order={order} event={event} />
      ) : (
        <Closed order={order} event={event} />
      )}
    </section>
  )
}

type AwaitingProps = {
  order: Order
  event?: Event
  returned: CardReturn
  onPaid: () => void
  onCancelled: (order: Order) => void
  onSwitched: (order: Order) => void
}

function AwaitingPayment({ order, event, returned, onPaid, onCancelled, onSwitched }: AwaitingProps) {
  const byCard = order.pagamento === 'cartao'
  const [switching, setSwitching] = useState(false)
  const [switchError, setSwitchError] = useState('')
  const cartao = event?.inscricoes.cartao
  const parcelas = cartao?.parcelasMax && cartao.parcelasMax > 1 ? ` em até ${cartao.parcelasMax}x` : ''

  // CARD-21: the other method, withdrawing this one's charge; to the card, on to Mercado Pago.
  const switchTo = async (to: PaymentMethod) => {
    setSwitching(true)
    setSwitchError('')
    try {
      const got = await switchPayment(order.id, to)
      onSwitched(got)
      if (to === 'cartao' && got.checkoutUrl) openExternalPage(got.checkoutUrl)
    } catch (err) {
      if (!(err instanceof ApiError && err.status < 500)) console.error(err)
      setSwitchError(
        err instanceof ApiError ? err.message : 'Não foi possível trocar a forma de pagamento. Tente novamente.',
      )
      // Paid, expired or cancelled meanwhile: the page shows what it now is.
      if (err instanceof ApiError && err.status === 409) onPaid()
    } finally {
      setSwitching(false)
    }
  }
  const switchErrorText = switchError && (
    <p role="alert" className="text-sm text-red-700">
      {switchError}
    </p>
  )

  return (
    <>
      <header className="space-y-2">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          {byCard ? 'Pague com cartão para confirmar' : 'Pague com Pix para confirmar'}
        </h1>
        <p className="text-slate-700">
          Total: <strong className="text-slate-900">{formatMoney(order.total)}</strong>
        </p>
        <Countdown expiraEm={order.expiraEm} onEnd={onPaid} />
      </header>
      {byCard ? (
        <CardCheckout
          order={order}
          returned={returned}
          parcelas={parcelas}
          switching={switching}
          onPix={() => void switchTo('pix')}
        >
          {switchErrorText}
        </CardCheckout>
      ) : order.pix ? (
        <PixCharge order={order} onPaid={onPaid} />
      ) : (
        // GRP-74: a charge the PSP could not make when the order was held (a coach's spreadsheet) is made here.
        <div className={`${cardClass} space-y-3`}>
          <p className="text-slate-700">O Pix deste pedido ainda não foi gerado.</p>
          <button
            type="button"
            onClick={() => void switchTo('pix')}
            disabled={switching}
            className="min-h-11 w-full rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {switching ? 'Preparando o Pix...' : 'Gerar o Pix'}
          </button>
          {switchErrorText}
        </div>
      )}
      {!byCard && cartao?.ativo && (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">Prefere cartão de crédito? Pague{parcelas} no site do Mercado Pago.</p>
          <button
            type="button"
            onClick={() => void switchTo('cartao')}
            disabled={switching}
            className={`w-full ${secondaryClass}`}
          >
            {switching ? 'Abrindo o Mercado Pago...' : 'Pagar com cartão'}
          </button>
          {switchErrorText}
        </div>
      )}
      <p className="text-sm text-slate-600">Esta página se atualiza sozinha quando o pagamento é confirmado.</p>
      <Athletes order={order} />
      <CancelUnpaidOrder
        orderId={order.id}
        athletes={order.inscricoes.length}
        onCancelled={onCancelled}
        onRefused={onPaid}
        byCard={byCard}
      />
    </>
  )
}

type CardCheckoutProps = {
  order: Order
  returned: CardReturn
  /** ' em até 6x', or '' */
  parcelas: string
  switching: boolean
  onPix: () => void
  children: ReactNode
}

/**
 * A card order awaiting payment (CARD-28): the way to Mercado Pago's checkout, and Pix instead;
 * back from Mercado Pago, what it said (CARD-42) — a declined card, a payment under review, or an
 * approved one the order page waits to see confirmed (the page reads the order meanwhile).
 */
function CardCheckout({ order, returned, parcelas, switching, onPix, children }: CardCheckoutProps) {
  if (returned === 'aprovado') {
    return (
      <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-green-900">
        O Mercado Pago aprovou o pagamento. Estamos confirmando a sua inscrição, o que leva alguns segundos.
      </p>
    )
  }
  return (
    <div className={`${cardClass} space-y-4`}>
      {returned === 'recusado' && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
          Pagamento recusado pelo cartão: nada foi cobrado. Tente de novo, com este ou outro cartão, ou pague com Pix.
        </p>
      )}
      {returned === 'em-analise' && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          O Mercado Pago está analisando o pagamento. Esta página mostra a confirmação assim que ele for aprovado.
        </p>
      )}
      <p className="text-sm text-slate-700">
        Você paga com cartão de crédito{parcelas} no site do Mercado Pago e volta para esta página.
      </p>
      {order.checkoutUrl && (
        <a href={order.checkoutUrl} className={`block w-full ${primaryClass}`}>
          {returned === 'recusado' ? 'Tentar de novo com cartão' : 'Pagar com cartão'}
        </a>
      )}
      <button type="button" onClick={onPix} disabled={switching} className={`w-full ${secondaryClass}`}>
        {switching ? 'Preparando o Pix...' : 'Pagar com Pix'}
      </button>
      {children}
    </div>
  )
}

/** A Pix order's charge (REG-80): its QR code, its copy-and-paste code and, under the sandbox, "Simular pagamento". */
function PixCharge({ order, onPaid }: { order: Order; onPaid: () => void }) {
  const codeId = useId()
  const [copied, setCopied] = useState('')
  const [simulating, setSimulating] = useState(false)
  const [simulateError, setSimulateError] = useState('')
  const pix = order.pix

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pix?.copiaECola ?? '')
      setCopied('Código copiado!')
    } catch {
      // Without the clipboard (an old browser, a denied permission) the code is selected for the buyer.
      const box = document.getElementById(codeId) as HTMLTextAreaElement | null
      box?.select()
      setCopied('Não foi possível copiar. O código está selecionado: copie-o com o menu do aparelho.')
    }
  }
  const simulate = async () => {
    setSimulating(true)
    setSimulateError('')
    try {
      await simulatePayment(order)
      onPaid()
    } catch (err) {
      setSimulateError(err instanceof ApiError ? err.message : 'Não foi possível simular o pagamento.')
    } finally {
      setSimulating(false)
    }
  }

  if (!pix) return null
  return (
    <div className={`${cardClass} space-y-4`}>
      <img src={pix.qrCode} alt="QR code do Pix do pedido" width={240} height={240} className="mx-auto h-60 w-60" />
      <p className="text-sm text-slate-700">
        Abra o app do seu banco, escolha pagar com Pix e leia o QR code, ou copie o código abaixo.
      </p>
      <label htmlFor={codeId} className="block text-sm font-semibold text-slate-700">
        Pix copia e cola
      </label>
      <textarea
        id={codeId}
        readOnly
        value={pix.copiaECola}
        rows={4}
        className="w-full resize-none break-all rounded-lg border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-900"
      />
      <button type="button" onClick={() => void copy()} className={`w-full ${primaryClass}`}>
        Copiar código Pix
      </button>
      <p role="status" className="min-h-5 text-sm text-green-800">
        {copied}
      </p>
      {pix.simular && (
        <div className="space-y-2 border-t border-dashed border-slate-300 pt-4">
          <p className="text-sm text-slate-600">Ambiente de testes: o pagamento é simulado e nada é cobrado.</p>
          <button
            type="button"
            onClick={() => void simulate()}
            disabled={simulating}
            className={`w-full ${secondaryClass}`}
          >
            {simulating ? 'Simulando...' : 'Simular pagamento'}
          </button>
          {simulateError && (
            <p role="alert" className="text-sm text-red-700">
              {simulateError}
            </p>
          )}
        </div>
      )}
    </div>
  )
}

/** The time left to pay, each second; at the end the order is read again (it has expired). */
function Countdown({ expiraEm, onEnd }: { expiraEm: string; onEnd: () => void }) {
  const [now, setNow] = useState(() => Date.now())
  const ended = Date.parse(expiraEm) <= now
  useEffect(() => {
    if (ended) {
      onEnd()
      return
    }
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
    // onEnd is the page's reader, the same for the order's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ended])
  return (
    <p className="text-slate-700">
      Tempo restante para pagar:{' '}
      <strong role="timer" className="font-mono text-slate-900">
        {timeLeft(expiraEm, now)}
      </strong>
    </p>
  )
}

function Athletes({ order }: { order: Order }) {
  return (
    <ul aria-label="Atletas do pedido" className="space-y-2">
      {order.inscricoes.map((r) => (
        <li key={r.id} className="flex justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
          <span>
            {r.nome} — {r.percurso}
          </span>
          <span className="font-semibold">{formatMoney(r.total)}</span>
        </li>
      ))}
    </ul>
  )
}

function Confirmed({ order, event }: { order: Order; event?: Event }) {
  const pickups = event?.retiradaKits ?? []
  return (
    <>
      <div role="status" className="space-y-2 rounded-2xl bg-green-50 p-5 text-green-900">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Inscrição confirmada</h1>
        <p>Pagamento recebido. Enviamos a confirmação com os QR codes por e-mail.</p>
      </div>
      <ul aria-label="Inscrições do pedido" className="space-y-4">
        {order.inscricoes.map((r) => (
          <li key={r.id}>
            <RegistrationCard registration={r} />
          </li>
        ))}
      </ul>
      <div className={`${cardClass} space-y-2`}>
        <h2 className="text-lg font-bold text-slate-900">Retirada do kit</h2>
        <p className="text-slate-700">Leve um documento com foto e o QR code (ou o código) de cada inscrição.</p>
        {pickups.length > 0 && (
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            {pickups.map((p, i) => (
              <li key={i}>{pickupText(p)}</li>
            ))}
          </ul>
        )}
      </div>
      <Receipt order={order} organizador={event?.organizador} />
      <Link to={myRegistrationsPath} className={`${primaryClass} print:hidden`}>
        Minhas inscrições
      </Link>
    </>
  )
}

function pickupText(p: Event['retiradaKits'][number]) {
  const hours = p.horarioInicio && p.horarioFim ? `, das ${p.horarioInicio} às ${p.horarioFim}` : ''
  const day = p.data ? `, ${formatLongDate(p.data)}` : ''
  return `${p.local || 'Local a definir'}${day}${hours}`
}

const closedTexts: Record<
  Exclude<Order['status'], 'aguardando_pagamento' | 'pago'>,
  { title: string; text: string }
> = {
  expirado: {
    title: 'Pedido expirado',
    text: 'O prazo para pagar este pedido terminou e as vagas reservadas foram liberadas. Se ainda quiser participar, faça uma nova inscrição.',
  },
  cancelado: {
    title: 'Pedido cancelado',
    text: 'Este pedido foi cancelado e as vagas reservadas foram liberadas. Se ainda quiser participar, faça uma nova inscrição.',
  },
  reembolsado: {
    title: 'Pedido reembolsado',
    text: 'O valor deste pedido foi devolvido por Pix e as inscrições foram canceladas.',
  },
}

/** A card order's refund goes back to the card (CARD-26), not by Pix. */
const refundedByCard = 'O valor deste pedido foi estornado no cartão de crédito e as inscrições foram canceladas.'

function Closed({ order, event }: { order: Order; event?: Event }) {
  const { title, text: closedText } = closedTexts[order.status as keyof typeof closedTexts]
  const text = order.status === 'reembolsado' && order.pagamento === 'cartao' ? refundedByCard : closedText
  return (
    <>
      <div role="status" className="space-y-2">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="text-slate-700">{text}</p>
      </div>
      <Receipt order={order} organizador={event?.organizador} />
      <Link to={`/inscricao/${encodeURIComponent(order.eventId)}`} className={`${primaryClass} print:hidden`}>
        Fazer uma nova inscrição
      </Link>
    </>
  )
}
