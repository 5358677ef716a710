import { constants } from '../formModel'
import { SelectField, Section, TextField, type Option } from '../fields'
import { FileField } from '../FileField'

const plain = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }))
const ufOptions: Option[] = constants.ufs.map((uf) => ({ value: uf.sigla, label: `${uf.sigla} — ${uf.nome}` }))
const fusoOptions: Option[] = constants.fusosHorarios.map((f) => ({ value: f.zona, label: f.nome }))

export function BasicsSection() {
  return (
    <Section id="secao-basico" title="Informações Básicas">
      <TextField name="titulo" label="Título do evento" required autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="categoria" label="Categoria" options={plain(constants.categorias)} />
        <SelectField name="status" label="Status" options={plain(constants.statuses)} />
      </div>
      <TextField name="dataEvento" label="Data do evento" type="date" required className="sm:max-w-xs" />
    </Section>
  )
}

export function LocalSection() {
  return (
    <Section id="secao-local" title="Local">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="local.local" label="Nome do local" hint="Ex.: Parque Ibirapuera" />
        <TextField name="local.endereco" label="Endereço" autoComplete="street-address" />
        <TextField name="local.cidade" label="Cidade" required autoComplete="address-level2" />
        <SelectField
          name="local.estado"
          label="Estado (UF)"
          required
          options={ufOptions}
          placeholder="Selecione o estado"
        />
        <SelectField
          name="fusoHorario"
          label="Fuso horário do evento"
          options={fusoOptions}
          hint="Os prazos dos lotes, da edição e do cancelamento e os horários de largada e de retirada de kits seguem este fuso."
          className="sm:col-span-2"
        />
      </div>
    </Section>
  )
}

export function MediaSection() {
  return (
    <Section id="secao-midia" title="Imagens, Regulamento e Inscrição">
      <div className="grid gap-6 sm:grid-cols-2">
        <FileField name="banners.desktop" label="Banner para computador" kind="image" />
        <FileField name="banners.mobile" label="Banner para celular" kind="image" />
      </div>
      <FileField name="regulamentoUrl" label="Regulamento (PDF)" kind="pdf" />
      <TextField
        name="regulamento"
        label="Link externo do regulamento"
        type="url"
        inputMode="url"
        hint="Opcional: use se o regulamento estiver publicado em outro site."
      />
      <TextField
        name="linkCompra"
        label="Link de compra da inscrição"
        type="url"
        inputMode="url"
        hint="Ex.: https://www.ticketsports.com.br/…"
      />
    </Section>
  )
}

/** Who sells the registrations, as the receipt of an order names them (REG-270). */
export function OrganizerSection() {
  return (
    <Section id="secao-organizador" title="Organizador">
      <p className="text-sm text-slate-600">
        Opcional: a razão social e o CNPJ aparecem no recibo das inscrições vendidas pelo Pelotão.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="organizador.razaoSocial" label="Razão social" autoComplete="organization" />
        <TextField name="organizador.cnpj" label="CNPJ" inputMode="text" hint="Ex.: 12.345.678/0001-95" />
      </div>
    </Section>
  )
}
