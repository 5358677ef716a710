import { Link } from '../../../app/routing'
import type { MyResult } from '../../../lib/registration/orders'
import { formatPlace, sexLabel, statusLabel, timeNames } from '../../../lib/results/resultFormat'

/**
 * The athlete's result in "Minhas inscrições" (REG-120): the time, the places overall, by sex and by
 * category, and links to the athlete's result page and, for a finisher, the certificate.
 */
export function RegistrationResult({ result: a, titulo }: { result: MyResult; titulo: string }) {
  const finished = a.status === 'ok'
  const liquido = a.tempoLiquido !== ''
  const places = [
    { label: 'Geral', place: formatPlace(a.posicao, a.concluintes) },
    { label: a.sexo ? sexLabel(a.sexo) : 'Sexo', place: formatPlace(a.posicaoSexo, a.totalSexo) },
    {
      label: a.categoria ? `Categoria ${a.categoria}` : 'Categoria',
      place: formatPlace(a.posicaoCategoria, a.totalCategoria),
    },
  ].filter((p) => p.place !== '')
  return (
    <section
      aria-label={`Resultado em ${titulo}`}
      className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-3"
    >
      <h4 className="font-bold text-slate-900">
        Seu resultado
        {a.resultSet.status === 'preliminar' && <span className="font-normal text-slate-600"> (preliminar)</span>}
      </h4>
      {finished ? (
        <>
          <p>
            {liquido ? timeNames.liquido : timeNames.bruto}:{' '}
            <strong className="font-mono text-base">{liquido ? a.tempoLiquido : a.tempoBruto}</strong>
          </p>
          {places.length > 0 && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3">
              {places.map((p) => (
                <div key={p.label} className="contents">
                  <dt className="text-slate-600">{p.label}</dt>
                  <dd className="font-semibold text-slate-900">{p.place}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      ) : (
        <p className="font-semibold">{statusLabel(a.status)}</p>
      )}
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <Link to={a.url} className="font-semibold text-brand-800 hover:underline">
          Ver meu resultado
        </Link>
        {a.certificado && (
          <a href={a.certificado} className="font-semibold text-brand-800 hover:underline">
            Baixar certificado (PDF)
          </a>
        )}
      </p>
    </section>
  )
}
