import { useEffect } from 'react'
// The page registry: the server renders the same titles into the first HTML (internal/site/pages.go).
import meta from '../../../../internal/site/pages.json'

export type PageKey = keyof typeof meta.pages

export const siteName = meta.siteName

/** Sets the document title and description for the page on client-side navigation. */
export function usePageMeta(key: PageKey, override?: { title?: string; description?: string }) {
  const page = meta.pages[key]
  const title = override?.title ?? page.title
  const description = override?.description ?? page.description
  useEffect(() => {
    document.title = title
    document.querySelector('meta[name="description"]')?.setAttribute('content', description)
  }, [title, description])
}

/** The title of an event's page ('event' or 'results') once the event is known; the server renders the same. */
export function eventPageTitle(key: 'event' | 'results' | 'organizerEvent' | 'registration', titulo: string) {
  return meta.pages[key].eventTitle.replace('{titulo}', titulo)
}
