// The page registry (internal/site/pages.json), which the server reads too: the routes of
// the app, their guards and layouts, and which pages the server draws all come from it.
import registry from '../../../internal/site/pages.json'

export type Access = 'public' | 'guestOnly' | 'signedIn'

export type PageEntry = {
  name: keyof typeof registry.pages
  /** The app router's patterns: '/event/:eventId' for the registry's '/event/{eventId}'. */
  paths: string[]
  /** The module's key in import.meta.glob of router.tsx: '../features/events/EventsPage.tsx'. */
  module: string
  component: string
  access: Access
  prerender: boolean
  layout: 'site' | 'bare'
}

export const pages: PageEntry[] = Object.entries(registry.pages).map(([name, p]) => ({
  name: name as PageEntry['name'],
  paths: p.paths.map((path) => path.replace(/\{(\w+)\}/g, ':$1')),
  module: p.module.replace(/^src\//, '../'),
  component: p.component,
  access: p.access as Access,
  prerender: p.prerender,
  layout: 'layout' in p && p.layout === 'bare' ? 'bare' : 'site',
}))
