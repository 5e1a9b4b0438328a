import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { renderWithI18n } from '../testing/render-with-i18n';
import { TEAM, teamView } from '../../machines/cpd-team/cpd-team.fixtures';
import type { CpdTeamViewModel } from '../../machines/cpd-team/cpd-team.selectors';
import { CpdTeamView } from './cpd-team-view';

const callbacks = () => ({ memberHref: (id: string) => `/cpd/team/${id}`, onRetry: vi.fn(), onFilterAtRisk: vi.fn(), onSort: vi.fn(), onExport: vi.fn() });
const show = (view: CpdTeamViewModel, lang?: 'en' | 'zh' | 'cn', cb = callbacks()) => ({
  cb,
  ...renderWithI18n(
    <MemoryRouter>
      <CpdTeamView view={view} {...cb} />
    </MemoryRouter>,
    lang,
  ),
});

describe('cpd-team view', () => {
  it('lists each downline with hours, target, what is still needed and the forecast; a row opens their ledger', () => {
    show(teamView({ ready: 'idle' }, { team: TEAM }));
    const agent01 = screen.getByTestId('cpd-team-row-agent01');
    expect(agent01).toHaveTextContent('11 h (5 h)');
    expect(agent01).toHaveTextContent('15 h (3 h)');
    expect(agent01).toHaveTextContent('4 h (0 h)');
    expect(agent01).toHaveTextContent('On track');
    expect(screen.getByTestId('cpd-team-row-agent03')).toHaveTextContent('At risk');
    expect(within(agent01).getByRole('link', { name: 'Open Chan Tai Man’s ledger' })).toHaveAttribute('href', '/cpd/team/2');
    expect(screen.getByText(/241 days left/)).toBeInTheDocument();
  });

  it('sends the filter, the sort and the export through its callbacks, offered as the machine takes them', async () => {
    const { cb } = show(teamView({ ready: 'idle' }, { team: TEAM }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'At risk only' }));
    expect(cb.onFilterAtRisk).toHaveBeenCalledWith(true);
    await userEvent.selectOptions(screen.getByRole('combobox'), 'needed');
    expect(cb.onSort).toHaveBeenCalledWith('needed');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(cb.onExport).toHaveBeenCalled();
  });

  it('says a failure in the server’s words or its own, offers retry; a failed export is said', async () => {
    const { cb } = show(teamView('failed'));
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your team’s CPD.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(cb.onRetry).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('reads in Traditional Chinese', () => {
    show(teamView({ ready: 'idle' }, { team: TEAM, exportFailed: true }), 'zh');
    expect(screen.getByRole('heading', { name: '團隊 CPD 合規' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('未能下載 CSV，請重試。');
    expect(screen.getByTestId('cpd-team-row-agent03')).toHaveTextContent('有風險');
  });
});
