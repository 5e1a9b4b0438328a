import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { preloadModal } from '../src/ui/primitives/dialog';
import { preloadSideDrawer } from '../src/ui/layout/side-drawer';

// ADR 071: the app fetches the modal's and the drawer's code once a page has loaded; here they are
// in before any test draws, so a test sees an open modal in the render that opens it, as before.
await Promise.all([preloadModal(), preloadSideDrawer()]);

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
