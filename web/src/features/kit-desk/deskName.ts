import { useCallback, useState } from 'react'

// The desk's name ("Balcão 2") belongs to the device, not to an event or a person: asked once,
// kept across events and sign-outs.
const key = 'pelotao-retirada-balcao'

export function useDeskName(): [string, (name: string) => void] {
  const [name, setName] = useState(() => localStorage.getItem(key) ?? '')
  const save = useCallback((next: string) => {
    localStorage.setItem(key, next)
    setName(next)
  }, [])
  return [name, save]
}
