import { api } from '../../lib/platform/api'
import type { PlanName } from './content'

export type PlanInterestInput = { nome: string; email: string; whatsapp: string; plano: PlanName }
export type PlanInterest = PlanInterestInput & { id: number; criadoEm: string }

/** POST /api/plan-interest: 201 with the stored interest; 422 with field messages; 429 when sent too often. */
export function sendPlanInterest(input: PlanInterestInput) {
  return api<PlanInterest>('/api/plan-interest', { method: 'POST', body: input })
}
