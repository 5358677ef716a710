// React's DOM renderer, the app's largest module. src/boot.ts imports it before the app, so that a
// phone evaluates it in a task of its own rather than in one long task with the whole app (web/vite.config.ts
// keeps it, with React, in a chunk that the app's own modules import).
export { createRoot, hydrateRoot } from 'react-dom/client'
