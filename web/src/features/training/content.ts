// Everything /training says, in one place: an organizer edits the words here, not in the markup.
// The plan names are also the values POST /api/plan-interest accepts (internal/coaching.Plans).

export type PlanName = 'Iniciante' | 'Intermédio' | 'Avançado'

export type Plan = {
  nome: PlanName
  descricao: string
  /** Whole reais per month (CONST-2), shown as 'R$49' + '/mês' (FMT-2). */
  precoMensal: number
  selo?: string
  cta: string
  recursos: string[]
}

export const training = {
  intro: {
    eyebrow: 'Assessoria de corrida',
    titulo: 'Escolha o Plano Ideal para Você',
    texto:
      'Treinos montados por treinadores do Pelotão para o seu ritmo, a sua agenda e a sua próxima prova. Escolha um plano e deixe seu contato: conversamos com você antes de qualquer cobrança.',
  },
  planos: [
    {
      nome: 'Iniciante',
      descricao: 'Para quem está começando a jornada',
      precoMensal: 49,
      cta: 'Começar Agora',
      recursos: ['Planejamento semanal', 'Biblioteca de exercícios', 'Suporte por e-mail'],
    },
    {
      nome: 'Intermédio',
      descricao: 'Para quem já corre e quer evoluir com acompanhamento',
      precoMensal: 99,
      selo: 'Mais Popular',
      cta: 'Tornar-se Pro',
      recursos: [
        'Tudo do plano Iniciante',
        'Feedback mensal com treinador',
        'Análise de métricas',
        'Ajustes personalizados',
      ],
    },
    {
      nome: 'Avançado',
      descricao: 'Para quem busca o melhor desempenho em cada prova',
      precoMensal: 149,
      cta: 'Performance Máxima',
      recursos: ['Tudo do plano Intermédio', 'Acompanhamento via WhatsApp', 'Análise de vídeo'],
    },
  ] satisfies Plan[],
  observacao: 'Valores mensais. Você conversa com um treinador antes de começar e só então decide.',
}

/** 'R$49', as the spec writes plan prices (FMT-2), unlike the full BRL format of other money. */
export function formatPlanPrice(reais: number) {
  return `R$${reais}`
}
