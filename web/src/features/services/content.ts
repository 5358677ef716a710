// Everything /services says, in one place: an organizer edits the words here, not in the markup.
import type { ServiceIconName } from './ServiceIcon'

export type Service = { icone: ServiceIconName; titulo: string; descricao: string }

export const services = {
  intro: {
    eyebrow: 'Para organizadores',
    titulo: 'Nossos Serviços',
    texto:
      'Da ideia à entrega da última medalha: cuidamos de cada etapa da sua corrida ou pedal, juntos ou separadamente, com a experiência de quem vive o esporte.',
  },
  lista: [
    {
      icone: 'organizacao',
      titulo: 'Organização Completa',
      descricao:
        'Planejamento, licenças, equipe, estrutura de largada e chegada, segurança e atendimento ao atleta: o evento inteiro nas mãos de um só time.',
    },
    {
      icone: 'cronometragem',
      titulo: 'Cronometragem com Chip',
      descricao:
        'Chips descartáveis no número de peito, tapetes de leitura em pontos de controle e resultados oficiais publicados no mesmo dia, com tempo bruto e líquido.',
    },
    {
      icone: 'percursos',
      titulo: 'Criação de Percursos',
      descricao:
        'Traçados medidos e sinalizados, com altimetria, pontos de hidratação e rotas alternativas, pensados para a segurança e a experiência de quem corre ou pedala.',
    },
    {
      icone: 'marketing',
      titulo: 'Marketing',
      descricao:
        'Identidade visual, página do evento, redes sociais e campanhas de inscrição para encher a largada e fazer a sua prova ser lembrada.',
    },
    {
      icone: 'fotografia',
      titulo: 'Fotografia Esportiva',
      descricao:
        'Fotógrafos espalhados pelo percurso e na chegada, com galeria on-line para cada atleta reencontrar os próprios momentos da prova.',
    },
    {
      icone: 'kits',
      titulo: 'Produção de Kits',
      descricao:
        'Camisetas, medalhas, sacolas e números de peito com a cara do seu evento, além da logística de montagem e da retirada de kits.',
    },
  ] satisfies Service[],
}
