import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noAchievements, someAchievements } from '../../machines/profile/profile.fixtures';
import { renderWithI18n } from '../testing/render-with-i18n';
import { AchievementsView } from './achievements-view';

describe('achievements view', () => {
  it('shows each earned achievement with its date, and how to earn the others', () => {
    renderWithI18n(<AchievementsView achievements={someAchievements} />);
    expect(screen.getByRole('heading', { name: 'Achievements' })).toBeInTheDocument();
    expect(screen.getByText('2 of 4 earned')).toBeInTheDocument();
    const first = screen.getByTestId('achievement-first_course');
    expect(first).toHaveAttribute('data-earned', 'true');
    const date = first.querySelector('time');
    expect(date).toHaveAttribute('datetime', '2026-09-14');
    expect(date).toHaveTextContent(/^Earned on 14 Sept? 2026$/);
    expect(first).toHaveTextContent('First course completed');
    const streak = screen.getByTestId('achievement-learning_streak');
    expect(streak).toHaveAttribute('data-earned', 'false');
    expect(streak).toHaveTextContent('5-day learning streak');
    expect(streak).toHaveTextContent('Not earned yet. Learn on screen on 5 days in a row (Hong Kong days).');
    expect(screen.getByTestId('achievement-cpd_target')).toHaveTextContent('this period’s CPD target (1 Aug 2026 – 31 Jul 2027)');
  });

  it('says nothing is earned yet, in Traditional and Simplified Chinese', () => {
    const { unmount } = renderWithI18n(<AchievementsView achievements={noAchievements} />, 'zh');
    expect(screen.getByText('已獲得 0 / 4 項')).toBeInTheDocument();
    expect(screen.getByTestId('achievement-learning_streak')).toHaveTextContent('連續學習 5 天');
    unmount();
    renderWithI18n(<AchievementsView achievements={someAchievements} />, 'cn');
    expect(screen.getByTestId('achievement-exam_first_try')).toHaveTextContent('首次应考即通过考试');
  });
});
