// Renders a page as the app's router would at a given address, for the tests of pages that read
// their route's parameters or send the user to another route.
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes } from '../../app/routing'

/** Renders at `path` the first of `routes` (a path pattern each, and what it shows) that matches. */
export function renderAt(path: string, routes: Record<string, ReactNode>) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {Object.entries(routes).map(([pattern, element]) => (
          <Route key={pattern} path={pattern} element={element} />
        ))}
      </Routes>
    </MemoryRouter>,
  )
}
