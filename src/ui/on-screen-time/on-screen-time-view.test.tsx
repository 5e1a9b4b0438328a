import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../testing/render-with-i18n';
import { formatDuration, OnScreenTimeView } from './on-screen-time-view';

describe('OnScreenTimeView', () => {
  it('formats HH:MM:SS', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(59.9)).toBe('00:00:59');
    expect(formatDuration(3661)).toBe('01:01:01');
    expect(formatDuration(360_000)).toBe('100:00:00');
    expect(formatDuration(-5)).toBe('00:00:00');
    expect(formatDuration(Number.NaN)).toBe('00:00:00');
  });

  it('is a timer labelled "Time on screen"', () => {
    renderWithI18n(<OnScreenTimeView status="counting" seconds={75} />);
    expect(screen.getByRole('timer')).toHaveAccessibleName('Time on screen: 00:01:15, Counting');
    expect(screen.getByText('00:01:15')).toBeInTheDocument();
  });

  it('says when it is paused or the course is completed', () => {
    renderWithI18n(<OnScreenTimeView status="paused" seconds={5} />, 'zh');
    expect(screen.getByRole('timer')).toHaveAccessibleName('在屏時間: 00:00:05, 已暫停');
    renderWithI18n(<OnScreenTimeView status="completed" seconds={7200} />);
    expect(screen.getByText('Course completed')).toBeInTheDocument();
  });

  it('loading and error replace the clock', () => {
    renderWithI18n(<OnScreenTimeView status="error" seconds={0} />, 'cn');
    expect(screen.getByRole('alert')).toHaveTextContent('无法获取在屏时间');
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('says what the server did not count, and why, in the learner\'s language (ADR 012)', () => {
    renderWithI18n(<OnScreenTimeView status="counting" seconds={75} notice={{ uncredited: 12, reasons: ['identity'], refusals: ['Course done.'] }} />);
    const notice = screen.getByTestId('on-screen-timer-notice');
    expect(notice).toHaveTextContent('12 seconds of your time were not counted: an identity check was due; time counts again once you pass one.');
    expect(notice).toHaveTextContent('Time not counted: Course done.');
    renderWithI18n(<OnScreenTimeView status="loading" seconds={0} viewingFailed />, 'zh');
    expect(screen.getByText('無法通知伺服器您已開啟此項目，因此暫時無法計時。正在重試…')).toBeInTheDocument();
  });
});
