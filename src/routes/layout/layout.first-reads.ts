import { currentUserPath } from '../../api/schemas/users.paths.ts';
import type { PageFirstReads } from '../first-reads';

// ADR 088: every page of the signed-in layout waits for the signed-in user (the layout's overlay,
// SPEC §4). The addresses outside the layout are the router's (router.tsx; first-reads.test.ts
// holds this list to the table).

export const layoutFirstReads: PageFirstReads = {
  page: '*',
  outside: ['/login', '/forgot-password', '/reset-password', '/merge/verify', '/merge/undo', '/logout', '/disclaimer', '/not-found', '/verify/:code?'],
  reads: [{ path: currentUserPath }],
};
