import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { sampleCertificate } from '../../machines/exam-certificate/exam-certificate.fixtures';
import { renderWithI18n } from '../testing/render';
import { ExamCertificateView, type ExamCertificateViewModel } from './exam-certificate-view';

function show(view: ExamCertificateViewModel, lang: 'en' | 'zh' | 'cn' = 'en') {
  const handlers = { onPrint: vi.fn(), onRetry: vi.fn() };
  renderWithI18n(
    <MemoryRouter>
      <ExamCertificateView view={view} backTo="/course/2/quiz/7" {...handlers} />
    </MemoryRouter>,
    lang,
  );
  return handlers;
}

describe('exam certificate view', () => {
  it('shows the certificate under a heading, with Print as a button and a Back link', async () => {
    const h = show({ status: 'shown', certificate: sampleCertificate });
    const sheet = screen.getByRole('article', { name: 'Certificate of Completion' });
    expect(within(sheet).getByRole('heading', { level: 1, name: 'Certificate of Completion' })).toBeInTheDocument();
    expect(within(sheet).getByRole('heading', { level: 2, name: 'Anti-money laundering examination' })).toBeInTheDocument();
    expect(screen.getByTestId('exam-certificate-learner')).toHaveTextContent('Chan Tai Man (agent01)');
    expect(screen.getByTestId('exam-certificate-score')).toHaveTextContent('6 / 7');
    expect(screen.getByTestId('exam-certificate-cpd')).toHaveTextContent('2.5 hours');
    expect(screen.getByTestId('exam-certificate-number')).toHaveTextContent('AA-2026-000042');
    expect(within(sheet).getByText('18 October 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the examination' })).toHaveAttribute('href', '/course/2/quiz/7');
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(h.onPrint).toHaveBeenCalledTimes(1);
  });

  it('no CPD hours: no CPD line; texts in Traditional Chinese', () => {
    show({ status: 'shown', certificate: { ...sampleCertificate, cpd_hours: null } }, 'zh');
    expect(screen.getByRole('heading', { level: 1, name: '完成證書' })).toBeInTheDocument();
    expect(screen.queryByTestId('exam-certificate-cpd')).toBeNull();
    expect(screen.getByRole('button', { name: '列印' })).toBeInTheDocument();
  });

  it('a refusal shows the server message, no Print and no Try again', () => {
    show({ status: 'refused', message: '此作答未合格：只有合格的考试才会发出证书。' }, 'cn');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('没有证书');
    expect(alert).toHaveTextContent('此作答未合格');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: '返回考试' })).toBeInTheDocument();
  });

  it('a failed load says so in its own words and Try again retries', async () => {
    const h = show({ status: 'failed', message: null });
    expect(screen.getByRole('alert')).toHaveTextContent('The certificate could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(h.onRetry).toHaveBeenCalledTimes(1);
  });

  it('loading: the loading text, nothing else', () => {
    show({ status: 'loading' });
    expect(screen.getByText('Loading the certificate…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });
});
