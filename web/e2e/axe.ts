// What axe (WCAG rules) finds wrong on a page, for the journeys that check accessibility as they go.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** Each rule axe finds broken on the page, one line per rule with the elements that break it. */
export async function violations(page: Page) {
  return (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
}
