import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { preloadModal } from '../src/ui/primitives/dialog';
import { preloadSideDrawer } from '../src/ui/layout/side-drawer';
import { preloadLessonAttachment } from '../src/routes/lesson/lesson-attachment-part';

// ADR 071, 072: the app fetches the modal's and the drawer's code once a page has loaded, and a
// lesson's attachment views when it shows one; here they are in before any test draws, so a test
// sees an open modal or an attachment in the render that shows it, as before.
await Promise.all([preloadModal(), preloadSideDrawer(), preloadLessonAttachment()]);

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
