// Everything /impact says, in one place: an organizer edits the words here, not in the markup.
import type { ImpactIconName } from './ImpactIcon'

export type Initiative = { icone: ImpactIconName; titulo: string; destaque: string; legenda: string; descricao: string }

export const impact = {
  intro: {
    eyebrow: 'Compromisso socioambiental',
    titulo: 'Nosso Impacto',
    texto:
      'Uma prova movimenta milhares de pessoas, e queremos que a cidade fique melhor depois que a última atleta cruza a chegada. Estas são as nossas iniciativas em cada evento.',
  },
  iniciativas: [
    {
      icone: 'arvore',
      titulo: 'Uma Árvore por Inscrição',
      destaque: '1 árvore',
      legenda: 'nativa plantada para cada inscrição',
      descricao:
        'Para cada inscrição confirmada, plantamos uma muda de espécie nativa em áreas de recuperação, em parceria com viveiros e projetos de reflorestamento da região.',
    },
    {
      icone: 'reciclagem',
      titulo: 'Mais de 95% de Reciclagem',
      destaque: '95%',
      legenda: 'dos resíduos reciclados: a nossa meta',
      descricao:
        'Separamos todo o lixo na arena e no percurso com a ajuda de cooperativas de catadores. A meta é reciclar mais de 95% dos resíduos de cada evento.',
    },
    {
      icone: 'copos',
      titulo: 'Copos Reutilizáveis',
      destaque: 'Zero',
      legenda: 'copos descartáveis nos postos de hidratação',
      descricao:
        'Nos postos de hidratação, a água é servida em copos reutilizáveis, higienizados e usados de novo, em vez de milhares de copos plásticos jogados na rua.',
    },
  ] satisfies Initiative[],
}
