import { act, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  BrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './routing'

/** Where the router is: path, query, fragment, the state carried, and whether it is the first entry. */
function Where() {
  const l = useLocation()
  const from = (l.state as { from?: string } | null)?.from
  return (
    <output aria-label="endereço">
      {l.pathname + l.search + l.hash + (from ? ` de ${from}` : '') + (l.key === 'default' ? ' (primeira)' : '')}
    </output>
  )
}
const where = () => screen.getByLabelText('endereço').textContent

function Back() {
  const navigate = useNavigate()
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Voltar
    </button>
  )
}

function Layout() {
  return (
    <div>
      <h1>Pelotão</h1>
      <Outlet />
      <Where />
      <Back />
    </div>
  )
}

function Event() {
  return <p>evento {useParams().eventId}</p>
}

function Guard() {
  return (
    <section aria-label="restrito">
      <Outlet />
    </section>
  )
}

// The site's shape (src/app/router.tsx): a layout, an index, params, a pathless guard and '*'.
function Site() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="*" element={<Navigate to="/" replace />} />
        <Route index element={<p>início</p>} />
        <Route path="about" element={<p>sobre</p>} />
        <Route path="event/:eventId" element={<Event />} />
        <Route element={<Guard />}>
          <Route path="cadastro" element={<p>novo evento</p>} />
          <Route path="cadastro/:eventId" element={<p>editar evento</p>} />
        </Route>
      </Route>
    </Routes>
  )
}

const renderAt = (...entries: string[]) =>
  render(
    <MemoryRouter initialEntries={entries}>
      <Site />
    </MemoryRouter>,
  )

describe('matchPath', () => {
  it('matches the whole path, ignoring case and a trailing slash, with decoded params', () => {
    expect(matchPath('/event/:eventId', '/event/corrida%20noturna')).toEqual({ eventId: 'corrida noturna' })
    expect(matchPath('/about', '/About/')).toEqual({})
    expect(matchPath('/about', '/about/equipe')).toBeNull()
    expect(matchPath('/event/:eventId', '/event')).toBeNull()
    expect(matchPath('/event/:eventId', '/event/a/b')).toBeNull()
    expect(matchPath('/', '/')).toEqual({})
    expect(matchPath('/', '/about')).toBeNull()
  })

  it("'*' takes the rest of the path", () => {
    expect(matchPath('/*', '/qualquer/coisa')).toEqual({ '*': 'qualquer/coisa' })
    expect(matchPath('/docs/*', '/docs')).toEqual({ '*': '' })
    expect(matchPath('/docs/*', '/docs/a/b')).toEqual({ '*': 'a/b' })
    expect(matchPath('/docs/*', '/documentos')).toBeNull()
  })
})

describe('Routes', () => {
  it('shows the index route inside its layout', () => {
    renderAt('/')
    expect(screen.getByRole('heading', { name: 'Pelotão' })).toBeInTheDocument()
    expect(screen.getByText('início')).toBeInTheDocument()
  })

  it('shows a route with params, which useParams reads', () => {
    renderAt('/event/ev%201')
    expect(screen.getByText('evento ev 1')).toBeInTheDocument()
  })

  it('passes through a pathless guard, and prefers the more specific path', () => {
    renderAt('/cadastro/ev1')
    expect(screen.getByRole('region', { name: 'restrito' })).toHaveTextContent('editar evento')
  })

  it("sends an unknown address home through '*' and <Navigate replace>, though '*' is declared first", async () => {
    renderAt('/about', '/nao-existe')
    expect(await screen.findByText('início')).toBeInTheDocument()
    expect(where()).toBe('/')
    // replace: the unknown address left no entry behind.
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }))
    expect(await screen.findByText('sobre')).toBeInTheDocument()
  })

  it('shows nothing when no route matches', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/x']}>
        <Routes>
          <Route path="about" element={<p>sobre</p>} />
        </Routes>
      </MemoryRouter>,
    )
    expect(container).toBeEmptyDOMElement()
  })
})

describe('MemoryRouter and StaticRouter', () => {
  it('MemoryRouter starts at the last entry; only the first is the visit’s first', async () => {
    renderAt('/about', '/event/ev1?a=1')
    expect(where()).toBe('/event/ev1?a=1')
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }))
    expect(await screen.findByText('sobre')).toBeInTheDocument()
    expect(where()).toBe('/about (primeira)')
  })

  it('StaticRouter draws the page of its location on the server, links included', () => {
    const html = renderToString(
      <StaticRouter location="/event/ev1?aba=anteriores">
        <Site />
        <Link to="/about">Sobre</Link>
      </StaticRouter>,
    )
    expect(html).toContain('evento <!-- -->ev1')
    expect(html).toContain('/event/ev1?aba=anteriores (primeira)')
    expect(html).toContain('<a href="/about">Sobre</a>')
  })
})

describe('Link', () => {
  function renderWithLinks(onClick?: (e: React.MouseEvent) => void) {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Site />
        <Link to="/about" className="link" aria-label="Sobre nós" onClick={onClick}>
          Sobre
        </Link>
        <Link to="/event/ev1" state={{ from: '/' }}>
          Evento
        </Link>
        <Link to="/about" target="_blank">
          Sobre em nova aba
        </Link>
      </MemoryRouter>,
    )
  }

  // Whether a click was left to the browser; the listener then stops it, as jsdom cannot navigate.
  let leftToBrowser: boolean[]
  const record = (e: Event) => {
    leftToBrowser.push(!e.defaultPrevented)
    e.preventDefault()
  }
  beforeEach(() => {
    leftToBrowser = []
    document.addEventListener('click', record)
  })
  afterEach(() => document.removeEventListener('click', record))

  it('is a real link, with its own attributes', () => {
    renderWithLinks()
    const link = screen.getByRole('link', { name: 'Sobre nós' })
    expect(link).toHaveAttribute('href', '/about')
    expect(link).toHaveClass('link')
    expect(link).not.toHaveAttribute('data-discover')
  })

  it('a plain click moves within the app, adding an entry', async () => {
    renderWithLinks()
    fireEvent.click(screen.getByRole('link', { name: 'Sobre nós' }))
    expect(await screen.findByText('sobre')).toBeInTheDocument()
    expect(leftToBrowser).toEqual([false])
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }))
    expect(await screen.findByText('início')).toBeInTheDocument()
  })

  it('carries its state', async () => {
    renderWithLinks()
    fireEvent.click(screen.getByRole('link', { name: 'Evento' }))
    expect(await screen.findByText('evento ev1')).toBeInTheDocument()
    expect(where()).toBe('/event/ev1 de /')
  })

  it('leaves modifier clicks, other buttons and target=_blank to the browser', () => {
    renderWithLinks()
    const link = screen.getByRole('link', { name: 'Sobre nós' })
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      fireEvent.click(link, init)
    }
    fireEvent.click(screen.getByRole('link', { name: 'Sobre em nova aba' }))
    expect(leftToBrowser).toEqual([true, true, true, true, true, true])
    expect(screen.getByText('início')).toBeInTheDocument()
  })

  it('runs its onClick first, which can keep it from moving', () => {
    let clicks = 0
    renderWithLinks((e) => {
      clicks += 1
      e.preventDefault()
    })
    fireEvent.click(screen.getByRole('link', { name: 'Sobre nós' }))
    expect(clicks).toBe(1)
    expect(screen.getByText('início')).toBeInTheDocument()
  })

  it('to the page already shown, replaces its entry', async () => {
    render(
      <MemoryRouter initialEntries={['/', '/about']}>
        <Site />
        <Link to="/about">De novo</Link>
      </MemoryRouter>,
    )
    fireEvent.click(screen.getByRole('link', { name: 'De novo' }))
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }))
    expect(await screen.findByText('início')).toBeInTheDocument()
  })
})

describe('NavLink', () => {
  function renderNav(path: string) {
    render(
      <MemoryRouter initialEntries={[path]}>
        <nav>
          <NavLink to="/" end className={({ isActive }) => (isActive ? 'ativo' : 'inativo')}>
            Eventos
          </NavLink>
          <NavLink to="/about" className={({ isActive }) => (isActive ? 'ativo' : 'inativo')}>
            Sobre
          </NavLink>
        </nav>
      </MemoryRouter>,
    )
    return (name: string) => screen.getByRole('link', { name })
  }

  it('marks the link of the page shown with aria-current="page" and its class', () => {
    const link = renderNav('/')
    expect(link('Eventos')).toHaveAttribute('aria-current', 'page')
    expect(link('Eventos')).toHaveClass('ativo')
    expect(link('Sobre')).not.toHaveAttribute('aria-current')
    expect(link('Sobre')).toHaveClass('inativo')
  })

  it('without end, also below its page; the home link only on the home page', () => {
    const link = renderNav('/about/equipe')
    expect(link('Sobre')).toHaveAttribute('aria-current', 'page')
    expect(link('Eventos')).not.toHaveAttribute('aria-current')
  })
})

describe('useSearchParams', () => {
  function Tabs() {
    const [params, setParams] = useSearchParams()
    return (
      <>
        <p>aba {params.get('aba') ?? 'próximos'}</p>
        <button
          type="button"
          onClick={() => setParams((prev) => new URLSearchParams([...prev, ['aba', 'anteriores']]), { replace: true })}
        >
          Anteriores
        </button>
        <button type="button" onClick={() => setParams({})}>
          Limpar
        </button>
      </>
    )
  }

  function renderTabs(...entries: string[]) {
    render(
      <MemoryRouter initialEntries={entries}>
        <Routes>
          <Route
            path="/"
            element={
              <>
                <Tabs />
                <Where />
                <Back />
              </>
            }
          />
          <Route
            path="/about"
            element={
              <>
                <p>sobre</p>
                <Back />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    )
  }

  it('reads the query, and changes it from the current params, keeping the path and replacing the entry', async () => {
    renderTabs('/about', '/?q=noite#topo')
    expect(screen.getByText('aba próximos')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Anteriores' }))
    expect(await screen.findByText('aba anteriores')).toBeInTheDocument()
    expect(where()).toBe('/?q=noite&aba=anteriores')
    // replace: Back leaves the list instead of undoing the change.
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }))
    expect(await screen.findByText('sobre')).toBeInTheDocument()
  })

  it('an empty query leaves the bare path, in a new entry by default', async () => {
    renderTabs('/?aba=anteriores')
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }))
    expect(await screen.findByText('aba próximos')).toBeInTheDocument()
    expect(where()).toBe('/')
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }))
    expect(await screen.findByText('aba anteriores')).toBeInTheDocument()
  })
})

describe('BrowserRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'))

  it('follows the browser’s history: links push entries, Back (navigate(-1)) and popstate come back', async () => {
    render(
      <BrowserRouter>
        <Site />
        <Link to="/about">Sobre</Link>
      </BrowserRouter>,
    )
    expect(where()).toBe('/ (primeira)')
    fireEvent.click(screen.getByRole('link', { name: 'Sobre' }))
    expect(await screen.findByText('sobre')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/about')

    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }))
    expect(await screen.findByText('início')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/')

    // The browser's own Forward button.
    await act(async () => {
      window.history.forward()
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))
    })
    expect(await screen.findByText('sobre')).toBeInTheDocument()
  })

  it('keeps the state of an entry in the browser’s history', async () => {
    render(
      <BrowserRouter>
        <Site />
        <Link to="/event/ev1" state={{ from: '/' }}>
          Evento
        </Link>
      </BrowserRouter>,
    )
    fireEvent.click(screen.getByRole('link', { name: 'Evento' }))
    expect(await screen.findByText('evento ev1')).toBeInTheDocument()
    expect(where()).toBe('/event/ev1 de /')
    expect(window.history.state).toMatchObject({ usr: { from: '/' } })
  })
})
