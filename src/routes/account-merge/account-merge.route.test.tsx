import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { fakeApi } from '../testing/network';
import { renderApp } from '../testing/render-app';

const recruit01 = { ...agent01, id: '5', external_id: 'recruit01', name: 'Ho Mei Ling' };
const account = (external_id: string, name: string) => ({ external_id, name });
const preview = {
  recruit: account('recruit01', 'Ho Mei Ling'),
  agent: account('agent10', 'Kwok Ming Fai'),
  moves: [
    { table: 'course_likes', count: 1 },
    { table: 'identity_checks', count: 2 },
  ],
  conflicts: [{ table: 'course_enrolments', count: 1 }],
  expires_at: '2026-01-15T10:00:00.000Z',
};

beforeEach(() => clearToken());
afterEach(() => vi.unstubAllGlobals());

describe('the merge flow', () => {
  it('/merge: sends the agent code and company email, then says to check the email; a refusal shows the server’s words', async () => {
    setToken(tokenFor('5'));
    let first = true;
    const net = fakeApi({
      'GET /api/users/current': () => json(recruit01),
      'POST /api/account_merge/request': () => {
        if (first) {
          first = false;
          return json({ status_code: 400, message: 'We cannot identify your agent code or company email. Please contact the learning and development team at learning@agent-academy.test.' }, 400);
        }
        return json({ email: 'agent10@agent-academy.test', expires_at: '2026-01-15T10:00:00.000Z' }, 202);
      },
    });
    renderApp('/merge');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Agent code'), 'agent10');
    await user.type(screen.getByLabelText('Company email'), 'agent10@agent-academy.test');
    await user.click(screen.getByRole('button', { name: 'Send verification email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('learning@agent-academy.test');
    expect(JSON.parse(net.lastBody() ?? '{}')).toEqual({ agent_code: 'agent10', company_email: 'agent10@agent-academy.test' });
    await user.click(screen.getByRole('button', { name: 'Send verification email' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your email: a verification link was sent to agent10@agent-academy.test.');
  });

  it('/merge/verify: shows what moves and what stays, then the agent signs in and the merge runs', async () => {
    const net = fakeApi({
      'POST /api/account_merge/preview': () => json(preview),
      'POST /api/account_merge/complete': () => json({ merge_id: '1', recruit: preview.recruit, agent: preview.agent, moves: preview.moves, conflicts: preview.conflicts }),
    });
    renderApp('/merge/verify?token=tok123');
    expect(await screen.findByText('The records of Ho Mei Ling (recruit01) move to the agent account Kwok Ming Fai (agent10). Nothing is deleted.')).toBeInTheDocument();
    expect(screen.getByText('Course likes: 1')).toBeInTheDocument();
    expect(screen.getByText('Identity checks: 2')).toBeInTheDocument();
    expect(screen.getByText('Course enrolments and completions: 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Agent code')).toHaveValue('agent10');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'Learner2026');
    await user.click(screen.getByRole('button', { name: 'Sign in and merge' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Done: the records of Ho Mei Ling are now in the agent account Kwok Ming Fai (agent10).');
    expect(JSON.parse(net.lastBody() ?? '{}')).toEqual({ token: 'tok123', agent_code: 'agent10', password: 'Learner2026' });
  });

  it('/merge/verify: a used link says so', async () => {
    fakeApi({ 'POST /api/account_merge/preview': () => json({ status_code: 410, message: 'This verification link has already been used.' }, 410) });
    renderApp('/merge/verify?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link has already been used.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/merge');
  });
});
