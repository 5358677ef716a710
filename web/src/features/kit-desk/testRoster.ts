import type { RosterParticipant } from './types'

/** A roster participant for tests: CPF masked as the retirada role sees it. */
export function participant(id: string, nome: string, extra: Partial<RosterParticipant> = {}): RosterParticipant {
  return {
    id,
    nome,
    documento: { tipo: 'cpf', numero: '***.456.789-**' },
    percurso: '10 km',
    camiseta: 'M',
    numeroPeito: Number(id),
    pago: true,
    kitRetirado: null,
    ...extra,
  }
}

const first = [
  'João',
  'Maria',
  'José',
  'Ana',
  'Antônio',
  'Francisca',
  'Carlos',
  'Adriana',
  'Paulo',
  'Juliana',
  'Lucas',
  'Márcia',
  'Luís',
  'Fernanda',
  'Pedro',
  'Patrícia',
  'Gabriel',
  'Aline',
  'Rafael',
  'Sandra',
]
const last = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Araújo',
  'Melo',
  'Barbosa',
  'Cardoso',
  'Conceição',
  'Peçanha',
]

/** n participants with Brazilian names, bibs 1..n and distinct masked CPFs (a deterministic mix). */
export function bigRoster(n: number): RosterParticipant[] {
  const out: RosterParticipant[] = []
  for (let i = 1; i <= n; i++) {
    const nome = `${first[i % 20]} ${last[(i * 7) % 20]} da ${last[(i * 13) % 20]} ${last[(i * 3) % 19]}`
    const middle = String((i * 7919) % 1_000_000).padStart(6, '0')
    out.push(
      participant(String(i), nome, {
        documento: { tipo: 'cpf', numero: `***.${middle.slice(0, 3)}.${middle.slice(3)}-**` },
      }),
    )
  }
  return out
}
