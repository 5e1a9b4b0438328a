import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { demoAppConfig } from '../../config/app-config.defaults';
import { checkedIn, checkedOut, sampleCourse, sampleEnrolment } from '../../machines/offline-enrolment/offline-enrolment.fixtures';
import { clearToken, getRedirectUrl, setToken } from '../../platform/storage/token-storage';
import { fakeApi, type Handler } from '../testing/network';
import { renderApp } from '../testing/render-app';

// Issue 14: the /offline pages wired to the API: the list, the course page (prerequisites named,
// terms, cancel after a confirmation), check-in by code, and the classroom's link that survives the sign-in.

const listOf = (...cards: ReturnType<typeof sampleCourse>[]) => json({ data: cards, page: 1, per_page: 10, total: cards.length });

function api(routes: Record<string, Handler>) {
  return fakeApi({ 'GET /api/users/current': () => json(agent01), ...routes });
}

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('/offline pages', () => {
  it('lists the courses with the filters of the address, and opens one', async () => {
    setToken(tokenFor('1'));
    const asked: string[] = [];
    api({
      'GET /api/offline_courses': (r) => {
        asked.push(new URL(r.url).search);
        return listOf(sampleCourse());
      },
      'GET /api/offline_courses/5': () => json(sampleCourse()),
    });
    const { router } = renderApp('/offline?q=MPF&status=open&from=2026-11-01&status_bad=1');
    const card = await screen.findByTestId('offline-course-card');
    expect(within(card).getByText(/12 of 30 places left/)).toBeInTheDocument();
    expect(asked[0]).toContain('q=MPF');
    expect(asked[0]).toContain('status=open');
    expect(asked[0]).toContain('from=2026-11-01');
    await userEvent.click(within(card).getByRole('link', { name: 'MPF Product Briefing' }));
    await screen.findByRole('heading', { level: 1, name: 'MPF Product Briefing' });
    expect(router.state.location.pathname).toBe('/offline/5');
    expect(screen.getByText('training@agent-academy.test')).toBeInTheDocument();
  });

  it('offers no Enrol with a prerequisite unmet: it names and links each missing course instead', async () => {
    setToken(tokenFor('1'));
    api({ 'GET /api/offline_courses/5': () => json(sampleCourse({ prerequisitesMet: false })) });
    renderApp('/offline/5');
    const unmet = await screen.findByTestId('offline-unmet');
    expect(screen.queryByTestId('offline-enrol')).toBeNull();
    expect(within(unmet).getByRole('link', { name: 'Anti-Money Laundering' })).toHaveAttribute('href', expect.stringMatching(/^\/course\/\d+$/));
    expect(within(unmet).getByRole('link', { name: 'Financial Needs Analysis' })).toBeInTheDocument();
    expect(within(unmet).getByRole('link', { name: 'Consultative Selling' })).toBeInTheDocument();
    expect(screen.queryByTestId('offline-terms')).toBeNull();
  });

  it('enrols only after the terms are accepted, then cancels after the confirmation', async () => {
    setToken(tokenFor('1'));
    let course = sampleCourse();
    const posted: string[] = [];
    api({
      'GET /api/offline_courses/5': () => json(course),
      'POST /api/offline_courses/5/enrolments': (_r, body) => {
        posted.push(body);
        course = sampleCourse({ enrolment: sampleEnrolment('pending') });
        return json({ ...sampleEnrolment('pending'), course_id: '5', course_title: 'MPF', venue: 'Room', starts_at: null, cancel_deadline: course.cancel_deadline });
      },
      'POST /api/offline_enrolments/7/cancel': () => {
        course = sampleCourse({ enrolment: sampleEnrolment('cancelled', { can_cancel: false }) });
        return json({ ...sampleEnrolment('cancelled', { can_cancel: false }), course_id: '5', course_title: 'MPF', venue: 'Room', starts_at: null, cancel_deadline: course.cancel_deadline });
      },
    });
    renderApp('/offline/5');
    await userEvent.click(await screen.findByTestId('offline-enrol'));
    expect(screen.getByText(/Impersonation warning/)).toBeInTheDocument();
    expect(screen.getByTestId('offline-submit')).toBeDisabled();
    await userEvent.click(screen.getByTestId('offline-accept'));
    await userEvent.click(screen.getByTestId('offline-submit'));
    expect(await screen.findByText('Pending: your manager has not decided yet.')).toBeInTheDocument();
    expect(JSON.parse(posted[0])).toEqual({ terms_accepted: true });
    await userEvent.click(screen.getByTestId('offline-cancel'));
    const dialog = await screen.findByTestId('offline-cancel-dialog');
    await userEvent.click(within(dialog).getByTestId('offline-cancel-confirm'));
    expect(await screen.findByText('Cancelled.')).toBeInTheDocument();
  });

  it("the classroom's link survives the sign-in and checks in without the code typed again; check-out shows attendance and CPD time", async () => {
    api({});
    const link = '/offline/5/check-in/41/MPF482';
    const first = renderApp(link);
    await screen.findByRole('button', { name: 'Sign in' });
    expect(first.router.state.location.pathname).toBe('/login');
    expect(getRedirectUrl()).toBe(link);
    first.unmount();

    setToken(tokenFor('1'));
    const codes: string[] = [];
    api({
      'GET /api/offline_courses/5': () => json(sampleCourse({ enrolment: sampleEnrolment('confirmed') })),
      'POST /api/offline_sessions/41/check_in': (_r, body) => {
        codes.push(body);
        return json(checkedIn());
      },
      'POST /api/offline_sessions/41/check_out': (_r, body) => (JSON.parse(body).code === 'OUT913' ? json(checkedOut()) : json({ status_code: 400, message: 'The check-out code is wrong.' }, 400)),
    });
    const { router } = renderApp(link);
    expect(await screen.findByText(/^Checked in at/)).toBeInTheDocument();
    expect(JSON.parse(codes[0])).toEqual({ code: 'MPF482' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/offline/5'));

    await userEvent.type(screen.getByTestId('check-code'), 'WRONG1');
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByTestId('check-problem')).toHaveTextContent('The check-out code is wrong.');
    await userEvent.clear(screen.getByTestId('check-code'));
    await userEvent.type(screen.getByTestId('check-code'), 'OUT913');
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByTestId('offline-attended')).toHaveTextContent('Attendance: 90 minutes');
    expect(screen.getByTestId('offline-cpd')).toHaveTextContent('CPD time credited: 90 minutes');
  });

  it('with the offlineCourse flag off, /offline goes to /main', async () => {
    setToken(tokenFor('1'));
    api({});
    const config = { ...demoAppConfig, appEnabledFunction: { ...demoAppConfig.appEnabledFunction, offlineCourse: false } };
    const { router } = renderApp('/offline/5', { config });
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
  });
});
