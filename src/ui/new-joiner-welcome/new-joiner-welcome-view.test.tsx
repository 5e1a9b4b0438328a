import { composeStories } from '@storybook/react-vite';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NewJoinerWelcomeViewModel } from '../../machines/new-joiner-welcome/new-joiner-welcome.selectors';
import { renderWithI18n } from '../testing/render-with-i18n';
import { NewJoinerWelcomeView } from './new-joiner-welcome-view';
import * as stories from './new-joiner-welcome-view.stories';

const showing: NewJoinerWelcomeViewModel = { status: 'showing', showLearningMap: true, link: null, busy: false };

function setup(view: NewJoinerWelcomeViewModel) {
  const onLeave = vi.fn();
  const onRetry = vi.fn();
  renderWithI18n(<NewJoinerWelcomeView view={view} onLeave={onLeave} onRetry={onRetry} />);
  return { onLeave, onRetry };
}

describe('the new joiner’s welcome (issue 47)', () => {
  it.each(['en', 'zh', 'cn'] as const)('renders every state of its stories in %s with every text translated', (lang) => {
    for (const [name, Story] of Object.entries(composeStories(stories))) {
      if (name === 'NewJoinerWelcomeDiagram') continue;
      const { container, unmount } = renderWithI18n(<Story />, lang);
      expect(container.textContent, name).not.toMatch(/new-joiner-welcome:|_title|\bretry\b/);
      if (lang !== 'en') expect(container.textContent, name).toMatch(/[\u4e00-\u9fff]/);
      expect(container.querySelector('h1'), name).not.toBeNull();
      unmount();
    }
  });

  it('introduces the product and leads to the compulsory courses, the learning map, the CPD ledger and the home page', async () => {
    const { onLeave } = setup(showing);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Agent Academy' })).toBeInTheDocument();
    for (const topic of ['Courses and materials', 'Quizzes and exams', 'CPD hours', 'Identity checks']) expect(screen.getByRole('heading', { name: topic })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My compulsory courses' })).toHaveAttribute('href', '/courses/all?kind=compulsory');
    expect(screen.getByRole('link', { name: 'My learning map' })).toHaveAttribute('href', '/learning-map');
    expect(screen.getByRole('link', { name: 'Open my CPD ledger' })).toHaveAttribute('href', '/cpd');
    await userEvent.click(screen.getByRole('link', { name: 'My learning map' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start learning' }));
    expect(onLeave.mock.calls).toEqual([['learning_map'], ['start']]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has no learning-map link with its feature off', () => {
    setup({ ...showing, showLearningMap: false });
    expect(screen.queryByRole('link', { name: 'My learning map' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My compulsory courses' })).toBeInTheDocument();
  });

  it('waits while the dismissal is recorded', async () => {
    const { onLeave } = setup({ ...showing, status: 'leaving', link: 'compulsory', busy: true });
    expect(screen.getByRole('button', { name: 'Just a moment...' })).toBeDisabled();
    await userEvent.click(screen.getByRole('link', { name: 'My compulsory courses' }));
    expect(onLeave).not.toHaveBeenCalled();
  });

  it('says a failed record with a retry, says the welcome comes back, and still lets the learner go on', async () => {
    const { onLeave, onRetry } = setup({ ...showing, status: 'failed', link: 'start' });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not record that you have seen the welcome.');
    expect(screen.getByRole('alert')).toHaveTextContent('the welcome will show again next time you sign in');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Start learning' }));
    expect(onLeave).toHaveBeenCalledWith('start');
  });
});
