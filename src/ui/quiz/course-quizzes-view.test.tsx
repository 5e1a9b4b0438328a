import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../testing/render-with-i18n';
import * as stories from './course-quizzes-view.stories';

// Every state of the course page's quizzes section renders in each language, fully translated, and
// says what its state is about (issue 13).

const all = Object.entries(composeStories(stories));
afterEach(cleanup);

describe('the course quizzes section', () => {
  it.each(['en', 'zh', 'cn'] as const)('renders every state in %s with every text translated', (lang) => {
    for (const [name, Story] of all) {
      const { container, unmount } = renderWithI18n(<Story />, lang);
      expect(container.textContent, name).not.toMatch(/quiz:|common:/);
      expect(container.textContent, name).not.toBe('');
      unmount();
    }
  });

  it('names each state and offers the right action', async () => {
    const { LoadFailed, Closed, NoAttemptsLeft, InProgress, Submitted } = composeStories(stories);
    const failed = renderWithI18n(<LoadFailed />);
    expect(screen.getByRole('alert')).toHaveTextContent(/could not|couldn’t|failed/i);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(LoadFailed.args.onRetry).toHaveBeenCalled();
    failed.unmount();
    const expectations: [typeof Closed, string, string][] = [
      [Closed, 'This quiz is closed.', 'Open'],
      [NoAttemptsLeft, 'You have no attempts left.', 'Open'],
      [InProgress, '', 'Resume'],
      [Submitted, 'You have already submitted this quiz.', 'Open'],
    ];
    for (const [Story, notice, action] of expectations) {
      const { unmount } = renderWithI18n(<Story />);
      if (notice) expect(screen.getByTestId('course-quiz')).toHaveTextContent(notice);
      expect(screen.getByRole('link')).toHaveTextContent(action);
      unmount();
    }
  });
});
