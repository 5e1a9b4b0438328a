import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../api/schemas/users.schema';
import { agent01 as currentUser } from '../../api/test-helpers';

// Issue 45: the report's page opens for the auditor only; the flag is the server's (GET /api/users/current).
const load = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock('../../api/current-user', () => ({ loadCurrentUser: async () => (load.user ? load.user : Promise.reject(new Error('401'))) }));
vi.mock('../guards', () => ({ authGuard: () => undefined }));
const { auditorGuard } = await import('./cpd-report.guard');

const args = { request: new Request('http://localhost/cpd/report'), params: {}, context: undefined } as never;
async function outcome(): Promise<string | null> {
  try {
    await auditorGuard(args);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

afterEach(() => {
  load.user = null;
});

describe('auditorGuard', () => {
  it('lets the auditor through', async () => {
    load.user = { ...currentUser, is_auditor: true };
    expect(await outcome()).toBeNull();
  });

  it('sends a manager, an agent and an unknown user to /main', async () => {
    load.user = { ...currentUser, is_manager: true, is_auditor: false };
    expect(await outcome()).toBe('/main');
    load.user = { ...currentUser };
    expect(await outcome()).toBe('/main');
    load.user = null;
    expect(await outcome()).toBe('/main');
  });
});
