import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sampleData, sampleRuntime } from '../../machines/scorm/scorm.fixtures';
import { scormMachine, type ScormContext } from '../../machines/scorm/scorm.machine';
import { selectScormView } from '../../machines/scorm/scorm.selectors';
import { renderWithI18n } from '../testing/render';
import { ScormLauncherView } from './scorm-launcher-view';

const base: ScormContext = { itemId: '5', runtime: null, seq: 0, pending: null, inFlight: 0, confirmed: 0, last: null, counted: false, error: null };
const view = (value: string | Record<string, string>, context: Partial<ScormContext> = {}) => selectScormView(scormMachine.resolveState({ value, context: { ...base, ...context } }));

function show(v: ReturnType<typeof view>, lang: 'en' | 'zh' | 'cn' = 'en') {
  const handlers = { onOpen: vi.fn(), onRetry: vi.fn() };
  renderWithI18n(<ScormLauncherView {...v} title="Demo package" {...handlers} />, lang);
  return handlers;
}

describe('SCORM launcher view', () => {
  it('offers Open, and the click asks to open', async () => {
    const h = show(view('idle'));
    await userEvent.click(screen.getByRole('button', { name: 'Open Demo package' }));
    expect(h.onOpen).toHaveBeenCalledTimes(1);
  });

  it("shows SPEC §8's popup-blocked message with a retry, in each language", async () => {
    const h = show(view('blocked'));
    expect(screen.getByRole('alert')).toHaveTextContent('Your browser blocked the window');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(h.onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /Open/ })).toBeNull();
  });

  it.each([
    ['zh', '你的瀏覽器封鎖了此課程項目的視窗'],
    ['cn', '你的浏览器拦截了此课程项目的窗口'],
  ] as const)('says popup blocked in %s', (lang, text) => {
    show(view('blocked'), lang);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it('says saved only when the server confirmed the newest commit', () => {
    const runtime = sampleRuntime();
    show(view({ running: 'idle' }, { runtime, seq: 2, confirmed: 2, last: sampleData(2) }));
    expect(screen.getByRole('status')).toHaveTextContent('Progress saved.');
  });

  it('says not saved while offline, and Continue once a place is stored', () => {
    const runtime = sampleRuntime();
    const pending = { ...sampleData(2), launch: 2, seq: 2, finished: false };
    show(view({ running: 'offline' }, { runtime, seq: 2, inFlight: 2, confirmed: 1, pending, last: sampleData(2) }));
    expect(screen.getByRole('status')).toHaveTextContent('no connection');
  });

  it('offers Continue after closing, and says completed when the server counts it', () => {
    show(view('closed', { runtime: sampleRuntime(), seq: 3, confirmed: 3, last: sampleData(3), counted: true }));
    expect(screen.getByRole('button', { name: 'Continue Demo package' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Completed.');
  });
});
