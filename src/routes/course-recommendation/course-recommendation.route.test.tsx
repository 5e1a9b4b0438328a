import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { demoAppConfig, specDefaultAppConfig } from '../../config/app-config.defaults';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { sampleCourse } from '../../ui/courses/samples';
import { fakeApi, type Handler } from '../testing/network';
import { renderApp } from '../testing/render-app';

// Issue 48: the course page's "Recommend" button and its dialog, on a fake server: shown only with
// the recommend flag; the search asks users/find after typing pauses, the learner is never offered,
// a refusal is shown in the server's words and the pick stays, then the send goes through.

const person = (id: string, name: string) => ({ id, external_id: `agent0${id}`, name, icon_url: '/icon.png' });
function api(routes: Record<string, Handler>) {
  return fakeApi({ 'GET /api/users/current': () => json(agent01), 'GET /api/courses/2/quizzes': () => json([]), 'GET /api/courses/2': () => json(sampleCourse), ...routes });
}
const withoutFlag = { ...demoAppConfig, appEnabledFunction: { ...demoAppConfig.appEnabledFunction, recommend: false } };

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
  setToken(tokenFor('1'));
});
afterEach(() => vi.unstubAllGlobals());

describe('Recommend on the course page (issue 48)', () => {
  it('is not there with the recommend flag off (the spec’s configuration, and the demo with it turned off)', async () => {
    expect(specDefaultAppConfig.appEnabledFunction.recommend).toBe(false);
    api({});
    renderApp('/course/2', { config: withoutFlag });
    expect(await screen.findByRole('heading', { level: 1, name: sampleCourse.title })).toBeInTheDocument();
    expect(screen.queryByTestId('recommend-button')).toBeNull();
  });

  it('finds colleagues, never the learner, keeps the pick through a refusal shown in the server’s words, then sends', async () => {
    let refuse = true;
    const bodies: unknown[] = [];
    const net = api({
      'GET /api/users/find': () => json({ data: [person('2', 'Wong Siu Ming'), { ...agent01 }, person('3', 'Wong Ka Fai')].map(({ id, external_id, name, icon_url }) => ({ id, external_id, name, icon_url })), page: 1, per_page: 10, total: 3 }),
      'POST /api/courses/2/recommendations': async (req) => {
        bodies.push(await req.json());
        return refuse ? json({ status_code: 400, message: 'Wong Siu Ming cannot receive course recommendations.' }, 400) : json({ recommended: 1, already_recommended: 0 });
      },
    });
    const user = userEvent.setup();
    renderApp('/course/2');
    await user.click(await screen.findByRole('button', { name: 'Recommend this course to colleagues' }));
    const dialog = await screen.findByRole('dialog', { name: `Recommend “${sampleCourse.title}”` });
    await user.type(within(dialog).getByLabelText('Colleague’s name or agent code'), 'wong');
    const add = await within(dialog).findByRole('button', { name: 'Add Wong Siu Ming' });
    const finds = net.requests.filter((r) => new URL(r.url).pathname === '/api/users/find');
    // One search, after typing paused, with the whole text.
    expect(finds.map((r) => new URL(r.url).searchParams.get('name'))).toEqual(['wong']);
    expect(within(dialog).queryByText('Chan Tai Man')).toBeNull();
    await user.click(add);
    await user.click(within(dialog).getByRole('button', { name: 'Recommend to 1 colleague' }));
    expect(await within(dialog).findByTestId('recommend-error')).toHaveTextContent('Wong Siu Ming cannot receive course recommendations.');
    expect(within(dialog).queryByText(/connection/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Remove Wong Siu Ming' })).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Recommend to 1 colleague' }));
    expect(await within(dialog).findByTestId('recommend-done')).toHaveTextContent('Recommended to 1 colleague.');
    expect(bodies).toEqual([{ user_ids: ['2'] }, { user_ids: ['2'] }]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('recommend-button')).toBeInTheDocument();
  });
});
