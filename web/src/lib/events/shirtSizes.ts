// Brazilian shirt sizes, children's first, then smallest to largest; sizes not listed follow in
// alphabetical order. The organizer's totals and the kit desk's list of shirts both order by it.
const sizeOrder = ['INFANTIL', 'BL', 'PP', 'P', 'M', 'G', 'GG', 'XG', 'XGG', 'EG', 'EGG']

export function sortSizes(sizes: Iterable<string>): string[] {
  const rank = (s: string) => {
    const i = sizeOrder.indexOf(s.toUpperCase())
    return i < 0 ? sizeOrder.length : i
  }
  return [...sizes].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'pt-BR'))
}
