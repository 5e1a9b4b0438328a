import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { certificates, firstCertificatePage, learner, noCertificates, profileViewAt, shown, springHistory, someAchievements } from '../../machines/profile/profile.fixtures';
import { renderWithI18n } from '../testing/render-with-i18n';
import { ProfileView, type ProfileViewProps } from './profile-view';

function props(overrides: Partial<ProfileViewProps> = {}): ProfileViewProps {
  return { view: profileViewAt(shown), user: learner, onPeriod: vi.fn(), onRetry: vi.fn(), onPicture: vi.fn(), onMoreCertificates: vi.fn(), ...overrides };
}
const render = (p: ProfileViewProps, lang?: 'en' | 'zh' | 'cn') =>
  renderWithI18n(
    <MemoryRouter>
      <ProfileView {...p} />
    </MemoryRouter>,
    lang,
  );
const figure = (id: string) => screen.getByTestId(`figure-${id}`);

describe('profile view', () => {
  it('shows who the learner is, the period and each figure of the summary', () => {
    render(props());
    expect(screen.getByRole('heading', { level: 1, name: 'Chan Tai Man' })).toBeInTheDocument();
    expect(screen.getByText('Agent code agent01')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture of Chan Tai Man' })).toHaveAttribute('src', learner.icon_url);
    expect(screen.getByTestId('history-period')).toHaveTextContent('1 Aug 2026 to 31 Jul 2027');
    expect(figure('completed')).toHaveTextContent('Courses completed3');
    expect(figure('compulsory')).toHaveTextContent('2');
    expect(figure('non-compulsory')).toHaveTextContent('1');
    expect(figure('on-screen')).toHaveTextContent('4.25 h');
    expect(figure('cpd-ethics')).toHaveTextContent('2 h');
    expect(figure('cpd-other')).toHaveTextContent('3.5 h');
    expect(figure('cpd-total')).toHaveTextContent('5.5 h');
    expect(figure('mock-average')).toHaveTextContent('72.5%');
    expect(figure('mock-passed')).toHaveTextContent('1 of 2');
  });

  it('lists the certificates, each leading to its printable page', () => {
    render(props());
    const items = screen.getAllByTestId('certificate');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('AML examination');
    expect(items[0]).toHaveTextContent('Passed on 20 Oct 2026 with 9 of 10 · 2 CPD hours');
    expect(items[0]).toHaveTextContent('Certificate no. AA-2026-000012');
    expect(within(items[0]).getByRole('link', { name: 'View and print the certificate of “AML examination”' })).toHaveAttribute('href', '/course/2/quiz/3/attempts/12/certificate');
  });

  it('says when there is no certificate yet, and when only the newest are shown', () => {
    const { unmount } = render(props({ view: profileViewAt(shown, { data: { history: springHistory, stats: null, certificates: noCertificates, achievements: someAchievements } }) }));
    expect(screen.getByText("No certificates yet. Pass a course's examination to earn one.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more certificates' })).toBeNull();
    unmount();
    render(props({ view: profileViewAt(shown, { data: { history: springHistory, stats: null, certificates: { ...certificates, per_page: 1, total: 25 }, achievements: someAchievements } }) }));
    expect(screen.getByRole('status')).toHaveTextContent('Showing the 1 newest of 25 certificates.');
  });

  it('shows more certificates when asked, says while they load, and why they did not come', async () => {
    const more = { data: { history: springHistory, stats: null, certificates: firstCertificatePage, achievements: someAchievements } };
    const p = props({ view: profileViewAt(shown, more) });
    const { unmount } = render(p);
    await userEvent.click(screen.getByRole('button', { name: 'Show more certificates' }));
    expect(p.onMoreCertificates).toHaveBeenCalledTimes(1);
    unmount();
    const loading = render(props({ view: profileViewAt({ ready: { history: 'idle', picture: 'idle', certificates: 'loading' } }, more) }));
    expect(screen.getByRole('button', { name: 'Loading more certificates…' })).toHaveAttribute('aria-busy', 'true');
    loading.unmount();
    render(props({ view: profileViewAt(shown, { ...more, certificatesFailed: true, certificatesError: null }) }), 'zh');
    expect(screen.getByRole('alert')).toHaveTextContent('未能載入更多證書，請再試一次。');
    expect(screen.getByRole('button', { name: '顯示更多證書' })).toBeInTheDocument();
    expect(screen.getAllByTestId('certificate')).toHaveLength(1);
  });

  it('asks for a period from the form, and refuses one that ends before it starts', async () => {
    const p = props();
    render(p);
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-09-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-08-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The start of the period must not be after its end.');
    expect(p.onPeriod).not.toHaveBeenCalled();
    await userEvent.clear(to);
    await userEvent.type(to, '2026-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(p.onPeriod).toHaveBeenCalledWith('2026-09-01', '2026-12-31');
  });

  it('picks a month, a quarter or a year, sent as the days it covers (issue 45)', async () => {
    const p = props();
    render(p);
    const pick = screen.getByRole('form', { name: 'Pick a month, quarter or year' });
    await userEvent.selectOptions(within(pick).getByLabelText('Pick a'), 'quarter');
    await userEvent.selectOptions(within(pick).getByLabelText('Year'), '2026');
    await userEvent.selectOptions(within(pick).getByLabelText('Quarter'), '3');
    await userEvent.click(within(pick).getByRole('button', { name: 'Show this period' }));
    expect(p.onPeriod).toHaveBeenLastCalledWith('2026-07-01', '2026-09-30');
    await userEvent.selectOptions(within(pick).getByLabelText('Pick a'), 'year');
    expect(within(pick).queryByLabelText('Quarter')).toBeNull();
    await userEvent.click(within(pick).getByRole('button', { name: 'Show this period' }));
    expect(p.onPeriod).toHaveBeenLastCalledWith('2026-01-01', '2026-12-31');
    await userEvent.selectOptions(within(pick).getByLabelText('Pick a'), 'month');
    await userEvent.selectOptions(within(pick).getByLabelText('Month'), 'Feb');
    await userEvent.click(within(pick).getByRole('button', { name: 'Show this period' }));
    expect(p.onPeriod).toHaveBeenLastCalledWith('2026-02-01', '2026-02-28');
  });

  it('draws the hours on screen per month as bars, with the same figures in a table for screen readers', () => {
    render(props());
    expect(screen.getByRole('img', { name: 'Bar chart of hours on screen per month, Aug 2026 to Jul 2027; the table below has the same figures' })).toBeInTheDocument();
    const bars = screen.getAllByTestId('chart-bar');
    expect(bars).toHaveLength(12);
    expect(bars[2]).toHaveAttribute('data-hours', '2.5');
    const table = screen.getByRole('table', { name: 'Hours on screen per month' });
    expect(within(table).getByRole('row', { name: 'Oct 2026 2.5 h' })).toBeInTheDocument();
  });

  it('names the chart’s months in Chinese', () => {
    render(props(), 'zh');
    expect(within(screen.getByRole('table', { name: '每月螢幕學習時數' })).getByRole('row', { name: '2026年10月 2.5 小時' })).toBeInTheDocument();
  });

  it('keeps the last figures while a period loads, and offers the IA year back', async () => {
    const p = props({ view: profileViewAt({ ready: { history: 'reloading', picture: 'idle' } }, { period: { from: '2026-01-01', to: '2026-06-30' } }) });
    render(p);
    expect(screen.getByRole('button', { name: 'Loading…' })).toBeDisabled();
    expect(figure('completed')).toHaveTextContent('3');
    await userEvent.click(screen.getByRole('button', { name: 'This IA year' }));
    expect(p.onPeriod).toHaveBeenCalledWith('', '');
  });

  it('sends a chosen picture, and offers no other while one is sent', async () => {
    const p = props();
    const { unmount } = render(p);
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await userEvent.upload(within(screen.getByTestId('choose-icon')).getByLabelText('Change profile picture'), file);
    expect(p.onPicture).toHaveBeenCalledWith('icon', file);
    unmount();
    render(props({ view: profileViewAt({ ready: { history: 'idle', picture: 'uploading' } }, { uploading: 'cover' }) }));
    expect(screen.getByText('Sending your picture…')).toBeInTheDocument();
    for (const input of document.querySelectorAll('input[type=file]')) expect(input).toBeDisabled();
  });

  it('says why a picture or a period failed, in the server’s words or its own', () => {
    render(
      props({
        view: profileViewAt(shown, { uploadFailed: 'icon', uploadError: 'Choose a PNG, JPEG or WebP picture.', periodFailed: true, periodError: null, data: { history: springHistory, stats: null, certificates: noCertificates, achievements: someAchievements } }),
      }),
    );
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toContain('Choose a PNG, JPEG or WebP picture.');
    expect(alerts).toContain('We could not load that period. The figures shown are for the period before.');
    expect(screen.queryByTestId('mock-figures')).toBeNull();
  });

  it('offers Try again when the first load failed', async () => {
    const p = props({ view: profileViewAt('failed', { data: null, error: null }) });
    render(p);
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your learning history.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(p.onRetry).toHaveBeenCalledOnce();
  });

  it('reads in Traditional Chinese', () => {
    render(props(), 'zh');
    expect(figure('completed')).toHaveTextContent('已完成課程3');
    expect(screen.getByTestId('history-period')).toHaveTextContent('2026年8月1日至2027年7月31日');
  });
});
