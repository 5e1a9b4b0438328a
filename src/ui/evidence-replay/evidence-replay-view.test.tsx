import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { renderWithI18n } from '../testing/render-with-i18n';
import { COURSE_ASK, COURSE_REPLAY, DAY_REPLAY, EMPTY_REPLAY, replayView } from '../../machines/evidence-replay/evidence-replay.fixtures';
import type { EvidenceReplayViewModel } from '../../machines/evidence-replay/evidence-replay.selectors';
import { EvidenceReplayView } from './evidence-replay-view';

const callbacks = () => ({ onRetry: vi.fn(), onPrevious: vi.fn(), onNext: vi.fn(), onFirst: vi.fn(), onLast: vi.fn() });
const show = (view: EvidenceReplayViewModel, lang?: 'en' | 'zh' | 'cn', cb = callbacks()) => ({
  cb,
  ...renderWithI18n(
    <MemoryRouter>
      <EvidenceReplayView view={view} ledgerHref="/cpd/report/ledger/2" {...cb} />
    </MemoryRouter>,
    lang,
  ),
});

describe('evidence-replay view', () => {
  it('tells the step in words and lights its state on the machine’s diagram, marked in text too', () => {
    show(replayView('stepping', { replay: DAY_REPLAY, index: 1 }));
    expect(screen.getByTestId('evidence-replay-position')).toHaveTextContent('Step 2 of 3');
    const step = screen.getByTestId('evidence-replay-step');
    expect(step).toHaveAttribute('aria-live', 'polite');
    expect(step).toHaveTextContent('Identity check passed (password)');
    expect(screen.getByTestId('evidence-replay-state')).toHaveTextContent('Identity check is now in state prompting.done');
    const current = screen.getByTestId('evidence-replay-diagram').querySelector('[aria-current="true"]');
    expect(current).toHaveAttribute('data-state', 'prompting.done');
    expect(current).toHaveTextContent('current state');
    expect(screen.getByTestId('evidence-replay-diagram').querySelector('[data-mark="from"]')).toHaveAttribute('data-state', 'prompting.checking');
    expect(screen.getByText('3 recorded steps')).toBeInTheDocument();
  });

  it('steps with the buttons and the arrow keys, offering only what exists', async () => {
    const { cb } = show(replayView('stepping', { replay: DAY_REPLAY }));
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(cb.onNext).toHaveBeenCalledTimes(1);
    screen.getByRole('button', { name: 'Next' }).focus();
    await userEvent.keyboard('{ArrowRight}{End}{ArrowLeft}');
    expect(cb.onNext).toHaveBeenCalledTimes(2);
    expect(cb.onLast).toHaveBeenCalledTimes(1);
    expect(cb.onPrevious).not.toHaveBeenCalled();
  });

  it('shows trimmed time with its figures, the course, and Chinese', () => {
    show(replayView('stepping', { ask: COURSE_ASK, replay: COURSE_REPLAY, index: 1 }), 'zh');
    expect(screen.getByText('課程：Anti-Money Laundering Essentials')).toBeInTheDocument();
    expect(screen.getByTestId('evidence-replay-step')).toHaveTextContent('已報 600 秒，只計入 420 秒');
  });

  it('says when nothing was recorded, and a failure with a retry', async () => {
    show(replayView('empty', { replay: EMPTY_REPLAY }));
    expect(screen.getByTestId('evidence-replay-empty')).toHaveTextContent('Nothing was recorded');
    expect(screen.queryByTestId('evidence-replay-diagram')).toBeNull();
  });

  it('a refused read shows the server’s words and can be retried', async () => {
    const { cb } = show(replayView('failed', { error: 'Only a compliance officer (auditor) may replay a learner’s evidence.' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Only a compliance officer');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(cb.onRetry).toHaveBeenCalled();
  });
});
