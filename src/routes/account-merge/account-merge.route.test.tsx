import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
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
  combined: [{ table: 'course_enrolments', count: 1 }],
  conflicts: [],
  courses: ['Time Management for New Agents', 'Personal Data Privacy in Insurance'],
  classroom: ['Compliance Refresher'],
  undo_days: 7,
  expires_at: '2026-01-15T10:00:00.000Z',
};
const result = { merge_id: '1', recruit: preview.recruit, agent: preview.agent, moves: preview.moves, combined: preview.combined, conflicts: [], undo_token: 'undo123', undo_until: '2026-01-22T10:00:00.000Z' };

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

  it('/merge/verify: names the courses and classroom enrolments that move, the agent merges, then undoes the merge', async () => {
    let undos = 0;
    const net = fakeApi({
      'POST /api/account_merge/preview': () => json(preview),
      'POST /api/account_merge/complete': () => json(result),
      'POST /api/account_merge/undo': () => {
        undos += 1;
        return undos === 1
          ? new Response('bad gateway', { status: 502 })
          : json({ recruit: preview.recruit, agent: preview.agent });
      },
    });
    renderApp('/merge/verify?token=tok123');
    expect(await screen.findByText(/The records of Ho Mei Ling \(recruit01\) move to the agent account Kwok Ming Fai \(agent10\)\. Nothing is lost/)).toHaveTextContent('The merge can be undone for 7 days.');
    const courses = screen.getByRole('list', { name: 'Courses that move' });
    expect(within(courses).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Time Management for New Agents', 'Personal Data Privacy in Insurance']);
    expect(within(screen.getByRole('list', { name: 'Classroom enrolments that move' })).getByText('Compliance Refresher')).toBeInTheDocument();
    expect(screen.getByText('Course likes: 1')).toBeInTheDocument();
    expect(screen.getByText('Identity checks: 2')).toBeInTheDocument();
    expect(screen.getByText('Course enrolments and completions: 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo the merge' })).toBeNull();
    expect(screen.getByLabelText('Agent code')).toHaveValue('agent10');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'Learner2026');
    await user.click(screen.getByRole('button', { name: 'Sign in and merge' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Done: the records of Ho Mei Ling are now in the agent account Kwok Ming Fai (agent10).');
    expect(JSON.parse(net.lastBody() ?? '{}')).toEqual({ token: 'tok123', agent_code: 'agent10', password: 'Learner2026' });
    expect(screen.getByText(/You can undo this merge until/)).toBeInTheDocument();
    // A failed undo says so and is offered again; the second undoes it.
    await user.click(screen.getByRole('button', { name: 'Undo the merge' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The request failed (error 502). Please try again.');
    await user.click(screen.getByRole('button', { name: 'Undo the merge' }));
    expect(await screen.findByText(/The merge was undone: Ho Mei Ling \(recruit01\) and Kwok Ming Fai \(agent10\) have their own records again/)).toBeInTheDocument();
    expect(JSON.parse(net.lastBody() ?? '{}')).toEqual({ undo_token: 'undo123' });
    expect(screen.queryByRole('button', { name: 'Undo the merge' })).toBeNull();
  });

  it('/merge/verify: an undo too late shows the server’s words', async () => {
    fakeApi({
      'POST /api/account_merge/preview': () => json(preview),
      'POST /api/account_merge/complete': () => json(result),
      'POST /api/account_merge/undo': () => json({ status_code: 410, message: 'A merge can be undone within 7 days; that time has passed. Please contact the learning and development team.' }, 410),
    });
    renderApp('/merge/verify?token=tok123');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'Learner2026');
    await user.click(screen.getByRole('button', { name: 'Sign in and merge' }));
    await user.click(await screen.findByRole('button', { name: 'Undo the merge' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A merge can be undone within 7 days; that time has passed.');
  });

  it('/merge/undo: the emailed undo link offers the undo and sends its token', async () => {
    const net = fakeApi({ 'POST /api/account_merge/undo': () => json({ recruit: preview.recruit, agent: preview.agent }) });
    renderApp('/merge/undo?token=mailed123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Undo the merge' })).toBeInTheDocument();
    expect(screen.getByText(/Undoing the merge gives the recruit account its records back/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Undo the merge' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The merge was undone: Ho Mei Ling (recruit01) and Kwok Ming Fai (agent10) have their own records again');
    expect(JSON.parse(net.lastBody() ?? '{}')).toEqual({ undo_token: 'mailed123' });
  });

  it('/merge/verify: a used link says so', async () => {
    fakeApi({ 'POST /api/account_merge/preview': () => json({ status_code: 410, message: 'This verification link has already been used.' }, 410) });
    renderApp('/merge/verify?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link has already been used.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/merge');
  });
});
