// CPFs for the participants' spreadsheets of the journeys and of scripts/kit-desk-speed.ts.

/** A valid CPF, 11 digits: the nine given and the Receita Federal's two check digits. */
export function cpfDigits(nine: string): string {
  const check = (digits: string) => {
    let sum = 0
    for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i)
    const d = (sum * 10) % 11
    return String(d === 10 ? 0 : d)
  }
  const ten = nine + check(nine)
  return ten + check(ten)
}
