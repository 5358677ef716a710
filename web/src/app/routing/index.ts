// The app's router: the part of React Router's declarative API the site uses, in a few KB.
// history.ts keeps the address, Router.tsx moves it, Routes.tsx picks the page, Link.tsx links.
export { BrowserRouter, MemoryRouter, StaticRouter, useLocation, useNavigate, useSearchParams } from './Router'
export type { NavigateOptions, SetSearchParams } from './Router'
export { matchPath, Outlet, Route, Routes, useParams } from './Routes'
export type { Params, RouteProps } from './Routes'
export { Link, Navigate, NavLink } from './Link'
export type { LinkProps, NavLinkProps } from './Link'
export type { Location } from './history'
