import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formOf, sampleQuestions } from '../../machines/feedback-forms/feedback-forms.fixtures';
import type { FeedbackFormsViewModel } from '../../machines/feedback-forms/feedback-forms.selectors';
import { renderWithI18n } from '../testing/render-with-i18n';
import { FeedbackFormsView } from './feedback-forms-view';

const base: FeedbackFormsViewModel = {
  status: 'filling',
  questions: sampleQuestions,
  submittedAt: null,
  busy: false,
  failure: null,
  refusal: null,
  canRetry: false,
  canSubmit: true,
};
const callbacks = () => ({ onSubmit: vi.fn(), onEdit: vi.fn(), onRetry: vi.fn() });

async function rate(legend: string | RegExp, stars: number) {
  const group = screen.getByRole('group', { name: legend });
  await userEvent.click(within(group).getByRole('radio', { name: `${stars} of 5 stars` }));
}

describe('feedback-forms view', () => {
  it('fills the evaluation and the questions with the keyboard-friendly controls, and sends the payload', async () => {
    const cb = callbacks();
    renderWithI18n(<FeedbackFormsView {...base} {...cb} />);
    await rate(/Course content/, 5);
    await rate(/Presenter and materials/, 4);
    await rate(/Usefulness for your work/, 3);
    await userEvent.type(screen.getByLabelText('Comment (optional)'), ' Clear. ');
    await rate(/How well did the course meet/, 4);
    await userEvent.click(screen.getByRole('radio', { name: 'About as expected' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit evaluation and feedback' }));
    expect(cb.onSubmit).toHaveBeenCalledOnce();
    expect(cb.onSubmit).toHaveBeenCalledWith({
      evaluation: { content: 5, presenter: 4, usefulness: 3, comment: 'Clear.' },
      answers: [
        { question_id: '11', rating: 4 },
        { question_id: '12', option_id: '2' },
      ],
    });
    expect(cb.onEdit).toHaveBeenCalled();
  });

  it('refuses to send with a rating or a required answer missing, and says which', async () => {
    const cb = callbacks();
    renderWithI18n(<FeedbackFormsView {...base} {...cb} />);
    await rate(/Course content/, 5);
    await userEvent.click(screen.getByRole('button', { name: 'Submit evaluation and feedback' }));
    expect(cb.onSubmit).not.toHaveBeenCalled();
    expect(within(screen.getByRole('group', { name: /Presenter and materials/ })).getByRole('alert')).toHaveTextContent('Please choose 1 to 5 stars.');
    expect(within(screen.getByRole('group', { name: /How long did the course take you/ })).getByRole('alert')).toHaveTextContent('Please answer this question.');
    expect(within(screen.getByRole('group', { name: /Course content/ })).queryByRole('alert')).toBeNull();
  });

  it('while submitting the button says so and cannot be pressed; a failure shows the server’s words', () => {
    const { rerender } = renderWithI18n(<FeedbackFormsView {...base} status="submitting" busy canSubmit={false} {...callbacks()} />);
    expect(screen.getByRole('button', { name: 'Submitting…' })).toBeDisabled();
    rerender(<FeedbackFormsView {...base} status="failed" failure={{ kind: 'server', message: 'Please answer every required question.' }} {...callbacks()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Please answer every required question.');
  });

  it('shows the end states: submitted, already submitted (with its date), not available', () => {
    const { rerender } = renderWithI18n(<FeedbackFormsView {...base} status="submitted" canSubmit={false} {...callbacks()} />);
    expect(screen.getByTestId('feedback-submitted')).toHaveTextContent('Thank you!');
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<FeedbackFormsView {...base} status="alreadySubmitted" questions={formOf('submitted').questions} submittedAt="2026-10-01T08:00:00.000Z" canSubmit={false} {...callbacks()} />);
    expect(screen.getByTestId('feedback-already-submitted')).toHaveTextContent('You have already submitted your evaluation and feedback for this course.');
    expect(screen.getByTestId('feedback-already-submitted')).toHaveTextContent('Submitted on 1 Oct 2026.');
    rerender(<FeedbackFormsView {...base} status="notAvailable" questions={[]} canSubmit={false} {...callbacks()} />);
    expect(screen.getByTestId('feedback-not-available')).toHaveTextContent('once you have completed the course');
  });

  it('offers Try again after a failed load, and calls back', async () => {
    const cb = callbacks();
    renderWithI18n(<FeedbackFormsView {...base} status="loadFailed" failure={{ kind: 'generic' }} canRetry canSubmit={false} {...cb} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(cb.onRetry).toHaveBeenCalledOnce();
  });

  it('speaks Chinese in zh and cn', () => {
    const { unmount } = renderWithI18n(<FeedbackFormsView {...base} status="alreadySubmitted" canSubmit={false} {...callbacks()} />, 'zh');
    expect(screen.getByTestId('feedback-already-submitted')).toHaveTextContent('你已提交此課程的評價及意見。');
    unmount();
    renderWithI18n(<FeedbackFormsView {...base} {...callbacks()} />, 'cn');
    expect(screen.getByRole('heading', { name: '评价及意见' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '提交评价及意见' })).toBeInTheDocument();
  });
});
