import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const password = {
  agent01: 'Learner2026',
  agent02: 'Learner2026',
  agent03: 'Learner2026',
  manager01: 'Manager2026',
  recruit01: 'Recruit2026',
  newjoiner01: 'Joiner2026',
  newjoiner02: 'Joiner2026',
  newjoiner03: 'Joiner2026',
  newjoiner04: 'Joiner2026',
  newjoiner05: 'Joiner2026',
  trainer01: 'Trainer2026',
} as const;
export type DemoUser = keyof typeof password;

export async function fillLogin(page: Page, externalId: string, pass: string) {
  await page.getByLabel(/agent code|代理人/i).fill(externalId);
  await page.getByLabel(/^password$|密碼|密码/i).fill(pass);
}

/** Signs in through the real login page and waits for the landing page. */
export async function signIn(page: Page, user: DemoUser, landing: RegExp = /\/main$/) {
  await page.goto('/login');
  await fillLogin(page, user, password[user]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A wait, not a measure: password hashing on a loaded 2-core machine has taken more than 7 s.
  await expect(page).toHaveURL(landing, { timeout: 20_000 });
}

export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('student-token'));
  expect(token, 'a token is stored in session storage under student-token').toBeTruthy();
  return token as string;
}

/** Calls the API the way the app does, with the XSRF cookie echoed (for non-GET calls). */
export async function apiCall(request: APIRequestContext, method: 'GET' | 'POST', path: string, opts: { token?: string; data?: unknown; headers?: Record<string, string> } = {}) {
  const cfg = await request.get('/api/app-config');
  const cookie = (await cfg.headersArray()).find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('XSRF-TOKEN='));
  const storage = await request.storageState();
  const xsrf = storage.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? cookie?.value.split(';')[0].split('=')[1] ?? '';
  const send = (token: string) => {
    const headers: Record<string, string> = { 'X-XSRF-TOKEN': decodeURIComponent(token), ...(opts.headers ?? {}) };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    return method === 'GET' ? request.get(path, { headers }) : request.post(path, { headers, data: opts.data });
  };
  const answer = await send(xsrf);
  // The page, loading at the same time, may have been given another XSRF cookie after it was read
  // (seen once under load): only then, send again with the cookie the browser now holds.
  if (answer.status() !== 403) return answer;
  const now = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  return now && now !== xsrf ? send(now) : answer;
}
