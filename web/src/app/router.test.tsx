// The app's routes against the page registry (internal/site/pages.json), which the server's
// route table is checked against too (internal/httpapi pages_test.go): a route on one side only
// fails one of the two.
import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import registry from '../../../internal/site/pages.json'
import { GuestOnly, RequireAuth } from './guards'
import { Layout } from './Layout'
import { ErrorBoundary } from '../components/ErrorBoundary'
import { AppRoutes, routedPages, SiteRoutes } from './router'
import type { RouteProps } from './routing'

type Leaf = { path: string; guard: string; layout: string }

/** The routes AppRoutes declares, each with the guard and layout around it. */
function leaves(node: ReactNode, guard = 'public', layout = 'bare', found: Leaf[] = []): Leaf[] {
  Children.forEach(node, (child) => {
    if (!isValidElement(child)) return
    const props = (child as ReactElement<RouteProps>).props
    if (child.type === Fragment) return void leaves(props.children, guard, layout, found)
    const element = props.element
    const type = isValidElement(element) ? element.type : undefined
    if (props.path !== undefined) found.push({ path: props.path, guard, layout })
    leaves(
      props.children,
      type === RequireAuth ? 'signedIn' : type === GuestOnly ? 'guestOnly' : guard,
      type === Layout ? 'site' : layout,
      found,
    )
  })
  return found
}

describe('the routes are those of the page registry', () => {
  const declared = leaves((SiteRoutes() as ReactElement<{ children: ReactNode }>).props.children)

  it('keeps every route inside the error boundary', () => {
    const app = AppRoutes() as ReactElement<{ children: ReactNode }>
    expect(app.type).toBe(ErrorBoundary)
    expect(isValidElement(app.props.children) && app.props.children.type).toBe(SiteRoutes)
  })

  it('declares every path of every page, behind its guard and in its layout, and nothing else', () => {
    const want: Leaf[] = Object.values(registry.pages).flatMap((p) =>
      p.paths.map((path) => ({
        path: path.replace(/\{(\w+)\}/g, ':$1'),
        guard: p.access,
        layout: 'layout' in p && p.layout === 'bare' ? 'bare' : 'site',
      })),
    )
    want.push({ path: '*', guard: 'public', layout: 'site' }) // any other address goes home
    const key = (l: Leaf) => `${l.path} ${l.guard} ${l.layout}`
    expect(declared.map(key).sort()).toEqual(want.map(key).sort())
  })

  it.each(routedPages.map((p) => [p.name, p] as const))("%s's module exports its component", async (_, p) => {
    const mod = (await import(/* @vite-ignore */ p.module)) as Record<string, unknown>
    expect(typeof mod[p.component]).toBe('function')
  })
})
