// Everything /about says, in one place: an organizer edits the words here, not in the markup.
import type { ModalImage } from '../../components/ImageModal'
import type { PortraitLook } from './AmbassadorPortrait'
// Hashed, cacheable files, never inlined: each photo loads (or fails) on its own, like a real picture.
import largada from './galeria/largada.svg?no-inline'
import percurso from './galeria/percurso.svg?no-inline'
import hidratacao from './galeria/hidratacao.svg?no-inline'
import torcida from './galeria/torcida.svg?no-inline'
import chegada from './galeria/chegada.svg?no-inline'
import podio from './galeria/podio.svg?no-inline'
import medalhas from './galeria/medalhas.svg?no-inline'
import confraternizacao from './galeria/confraternizacao.svg?no-inline'

export type Highlight = { valor: string; legenda: string }
export type Ambassador = { nome: string; papel: string; frase: string; retrato: PortraitLook }
export type PodiumPlace = { posicao: 1 | 2 | 3; nome: string; cidade: string; tempo: string }
export type Podium = { titulo: string; lugares: PodiumPlace[] }

export const about = {
  intro: {
    eyebrow: 'Nossa história',
    titulo: 'Sobre o Pelotão',
    texto:
      'O Pelotão nasceu de um grupo de amigos que corria junto toda semana e queria uma prova com cara de festa de bairro e cuidado de evento profissional.',
  },

  primeiraEdicao: {
    titulo: 'A primeira edição: 4 km que viraram tradição',
    paragrafos: [
      'Num domingo de março, às 7h da manhã, 312 pessoas se alinharam no Parque da Cidade para a primeira Corrida Pelotão. O percurso de 4 km, plano e arborizado, foi pensado para quem nunca tinha colocado um número de peito e também para quem queria baixar o próprio recorde.',
      'Teve aquecimento coletivo, posto de hidratação com copos reutilizáveis no meio do caminho, torcida com cartaz em cada curva e cronometragem com chip até a linha de chegada. Na volta, medalha no peito, frutas, música e pódio para as três mulheres e os três homens mais rápidos.',
      'Aquela manhã mostrou o que queríamos ser: provas bem organizadas, acolhedoras para todos os ritmos e com respeito à cidade que nos recebe. Desde então, cada evento do Pelotão carrega um pouco daqueles primeiros 4 km.',
    ],
    destaques: [
      { valor: '4 km', legenda: 'de percurso plano e arborizado' },
      { valor: '312', legenda: 'atletas na linha de largada' },
      { valor: '48', legenda: 'voluntários do início ao fim' },
    ] satisfies Highlight[],
  },

  embaixadores: {
    titulo: 'Nossos embaixadores',
    texto: 'Gente que corre, pedala e abre caminho para que mais pessoas façam o mesmo.',
    pessoas: [
      {
        nome: 'Marina Albuquerque',
        papel: 'Maratonista e professora de educação física',
        frase: 'Toda linha de chegada começa com a coragem de aparecer na largada.',
        retrato: { pele: '#8d5524', cabelo: 'longo', corCabelo: '#1f1300', camisa: '#0f766e' },
      },
      {
        nome: 'Rafael Nogueira',
        papel: 'Triatleta e ciclista de estrada',
        frase: 'Treino bom é aquele que cabe na sua rotina e te faz voltar amanhã.',
        retrato: { pele: '#e0ac69', cabelo: 'curto', corCabelo: '#3b2314', camisa: '#f97316' },
      },
      {
        nome: 'Célia Ramos',
        papel: 'Começou a correr aos 55 anos; hoje coleciona medalhas',
        frase: 'Nunca é tarde para descobrir do que as suas pernas são capazes.',
        retrato: { pele: '#c68642', cabelo: 'coque', corCabelo: '#d4d4d8', camisa: '#a855f7' },
      },
      {
        nome: 'Thiago Batista',
        papel: 'Treinador e atleta-guia de corredores com deficiência visual',
        frase: 'No Pelotão, ninguém corre sozinho: a gente chega junto.',
        retrato: { pele: '#5c3a21', cabelo: 'cacheado', corCabelo: '#0b0b0b', camisa: '#0ea5e9' },
      },
    ] satisfies Ambassador[],
  },

  podios: {
    titulo: 'Pódio da primeira edição',
    texto: 'Os mais rápidos dos 4 km, com o tempo líquido registrado pelo chip.',
    grupos: [
      {
        titulo: 'Feminino',
        lugares: [
          { posicao: 1, nome: 'Juliana Prado', cidade: 'Campinas (SP)', tempo: '14:38' },
          { posicao: 2, nome: 'Beatriz Moura', cidade: 'Jundiaí (SP)', tempo: '15:02' },
          { posicao: 3, nome: 'Larissa Teixeira', cidade: 'Valinhos (SP)', tempo: '15:27' },
        ],
      },
      {
        titulo: 'Masculino',
        lugares: [
          { posicao: 1, nome: 'Diego Fernandes', cidade: 'Campinas (SP)', tempo: '13:12' },
          { posicao: 2, nome: 'Lucas Ribeiro', cidade: 'Sumaré (SP)', tempo: '13:29' },
          { posicao: 3, nome: 'Anderson Lima', cidade: 'Indaiatuba (SP)', tempo: '13:51' },
        ],
      },
    ] satisfies Podium[],
  },

  galeria: {
    titulo: 'Galeria da primeira edição',
    texto: 'Toque em uma foto para ampliar. Use as setas do teclado, os botões ou deslize para ver as outras.',
    fotos: [
      { src: largada, alt: 'Atletas alinhados sob o pórtico de largada, com o cronômetro zerado' },
      { src: percurso, alt: 'Corredores passando pela placa do quilômetro 2, numa avenida arborizada' },
      { src: hidratacao, alt: 'Voluntária entrega água em copo reutilizável no posto de hidratação' },
      { src: torcida, alt: 'Torcida com cartazes de incentivo e bandeira do Brasil na beira do percurso' },
      { src: chegada, alt: 'Vencedor rompe a fita sob o pórtico de chegada, com o cronômetro em 13:12' },
      { src: podio, alt: 'As três primeiras colocadas no pódio feminino, com a campeã erguendo o troféu' },
      { src: medalhas, alt: 'Medalhas de participação da primeira edição, com fitas nas cores do Pelotão' },
      { src: confraternizacao, alt: 'Participantes reunidos depois da prova, todos com medalha no peito' },
    ] satisfies ModalImage[],
  },
}
