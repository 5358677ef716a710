// The site's links, in one place for the header, the mobile menu and the footer.
export type NavItem = { to: string; label: string }

export const headerLinks: NavItem[] = [
  { to: '/', label: 'Eventos' },
  { to: '/about', label: 'Sobre' },
]

export const footerLinks: NavItem[] = [
  { to: '/about', label: 'Sobre' },
  { to: '/services', label: 'Serviços' },
  { to: '/impact', label: 'Impacto' },
  { to: '/training', label: 'Planos de Treino' },
]
