// A participant as this feature's API answers it, for the tests to vary.
import type { Participant } from './api'

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
