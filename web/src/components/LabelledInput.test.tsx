import { createRef } from 'react'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LabelledInput } from './LabelledInput'

describe('LabelledInput', () => {
  it('is named by its label and described by its hint; not invalid without an error', () => {
    render(<LabelledInput label="WhatsApp (opcional)" hint="Com DDD." type="tel" />)
    const input = screen.getByRole('textbox', { name: 'WhatsApp (opcional)' })
    expect(input).toHaveAttribute('type', 'tel')
    expect(input).toHaveAccessibleDescription('Com DDD.')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(screen.getByText('Com DDD.')).toHaveAttribute('id', `${input.id}-dica`)
  })

  it('with an error: invalid, described by the hint, the error and what the caller passes', () => {
    render(
      <>
        <p id="nota">Todos os campos são obrigatórios.</p>
        <LabelledInput
          id="campo-nome"
          label="Nome"
          hint="Como no documento."
          error="Informe seu nome."
          aria-describedby="nota"
        />
      </>,
    )
    const input = screen.getByLabelText('Nome')
    expect(input).toHaveAttribute('id', 'campo-nome')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAttribute('aria-describedby', 'nota campo-nome-dica campo-nome-erro')
    expect(input).toHaveAccessibleDescription('Todos os campos são obrigatórios. Como no documento. Informe seu nome.')
    expect(screen.getByText('Informe seu nome.')).toHaveAttribute('id', 'campo-nome-erro')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('an empty error is no error', () => {
    render(<LabelledInput label="Nome do balcão" error="" />)
    const input = screen.getByLabelText('Nome do balcão')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(input).not.toHaveAttribute('aria-describedby')
  })

  it('announces the error when asked', () => {
    render(<LabelledInput label="Nome do balcão" error="Use no máximo 40 caracteres." announceError />)
    expect(screen.getByRole('alert')).toHaveTextContent('Use no máximo 40 caracteres.')
  })

  it('passes its ref and classes to the input, the others to their elements', () => {
    const ref = createRef<HTMLInputElement>()
    render(
      <LabelledInput
        ref={ref}
        label="Planilha"
        type="file"
        className="entrada"
        fieldClassName="campo"
        labelClassName="rotulo"
        error="Escolha o arquivo."
        errorClassName="erro"
      >
        <p>Arquivo escolhido: inscritos.csv</p>
      </LabelledInput>,
    )
    const input = screen.getByLabelText('Planilha')
    expect(ref.current).toBe(input)
    expect(input).toHaveClass('entrada', { exact: true })
    expect(screen.getByText('Planilha')).toHaveClass('rotulo', { exact: true })
    expect(screen.getByText('Escolha o arquivo.')).toHaveClass('erro', { exact: true })
    expect(input.parentElement).toHaveClass('campo', { exact: true })
    // The caller's children stand between the input and the error.
    expect(screen.getByText('Arquivo escolhido: inscritos.csv').nextElementSibling).toBe(
      screen.getByText('Escolha o arquivo.'),
    )
  })
})
