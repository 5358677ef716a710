import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())

// findBy… and waitFor give up after this long (the library's default is 1 s): what a test waits for
// is drawn by effects and promises, which a loaded machine can delay well past a second.
configure({ asyncUtilTimeout: 5_000 })
