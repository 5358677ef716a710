// A fake API for this feature's tests: each request goes to the first route whose method and path
// match, and every request is kept (with its FormData or JSON body) for the test to inspect.
import { vi } from 'vitest'
import type { Participant } from './api'

export type Sent = { method: string; url: URL; body: FormData | unknown }
type Answer = [status: number, body?: unknown]
type Route = [method: string, path: string | RegExp, answer: (sent: Sent) => Answer | Promise<Answer>]

export function serve(routes: Route[]) {
  const sent: Sent[] = []
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    const url = new URL(input, 'http://localhost')
    const body = init?.body instanceof FormData ? init.body : typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    const request = { method, url, body }
    sent.push(request)
    const route = routes.find(([m, p]) => m === method && (typeof p === 'string' ? p === url.pathname : p.test(url.pathname)))
    const [status, answer] = route ? await route[2](request) : [404, { error: { code: 'not-found', message: 'Não encontrado.' } }]
    return new Response(answer === undefined ? null : JSON.stringify(answer), { status })
  })
  vi.stubGlobal('fetch', fetch)
  return sent
}

export function testParticipant(over: Partial<Participant> = {}): Participant {
  return {
    id: 'p1',
    nome: 'João Gonçalves',
    email: 'joao@exemplo.com.br',
    documento: { tipo: 'cpf', numero: '52998224725' },
    nascimento: '1990-05-01',
    sexo: 'M',
    percurso: '10 km',
    camiseta: 'M',
    equipe: 'Assessoria Serra',
    numeroPeito: 101,
    inscricao: '1001',
    telefone: '',
    pago: true,
    valor: 120,
    kitRetirado: null,
    ...over,
  }
}
