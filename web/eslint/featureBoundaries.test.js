import path from 'node:path'
import { RuleTester } from 'eslint'
import { describe, it } from 'vitest'
import rule from './featureBoundaries.js'

RuleTester.describe = describe
RuleTester.it = it

const src = path.resolve(import.meta.dirname, '../src')
const file = (rel) => path.join(src, rel)

new RuleTester().run('feature-boundaries', rule, {
  valid: [
    { filename: file('features/events/EventPage.tsx'), code: "import { x } from './components/EventBanner'" },
    { filename: file('features/dashboard/athlete/AthletePanel.tsx'), code: "import { x } from '../eventText'" },
    {
      filename: file('features/events/EventPage.tsx'),
      code: "import { api } from '../../lib/platform/api'; import { Link } from '../../app/routing'",
    },
    { filename: file('features/events/EventPage.tsx'), code: "import { useState } from 'react'" },
    // Outside the feature folders (the router loads every page) the rule does not apply.
    { filename: file('app/router.tsx'), code: "const p = import('../features/events/EventsPage')" },
  ],
  invalid: [
    {
      filename: file('features/dashboard/DashboardPage.tsx'),
      code: "import { x } from '../events/eventList'",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: file('features/dashboard/athlete/AthletePanel.tsx'),
      code: "export { y } from '../../retirada/desk'; export * from '../../events/components/EventCard'",
      errors: [{ messageId: 'crossFeature' }, { messageId: 'crossFeature' }],
    },
    {
      filename: file('features/results/ResultsPage.tsx'),
      code: "const m = import('../events/eventDocument')",
      errors: [{ messageId: 'crossFeature' }],
    },
  ],
})
