import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import { sampleQuiz, sampleResult } from '../../machines/quiz-attempt/quiz-attempt.fixtures';
import { CourseQuizzesView } from './course-quizzes-view';

/** The course page's quizzes section: every visible state (the list is a paged-list's result). */
const meta = {
  title: 'Pages/Quiz/Course section',
  component: CourseQuizzesView,
  // The views link back to the course and to the quiz pages.
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: {
    courseId: '2',
    onRetry: fn(),
    quizzes: [
      sampleQuiz,
      { ...sampleQuiz, id: '8', kind: 'exam', title: 'Final examination', open_attempt_id: '44' },
      { ...sampleQuiz, id: '9', title: 'Retake me', failed_attempts: 2, retake_alert: true, best_result: sampleResult(false) },
      { ...sampleQuiz, id: '10', title: 'Locked', availability: 'course_incomplete' },
      { ...sampleQuiz, id: '11', title: 'Done', availability: 'submitted', best_result: sampleResult(true) },
    ],
  },
} satisfies Meta<typeof CourseQuizzesView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Quizzes: Story = {};
/** The list could not be loaded: a message and a retry (the course page itself still works). */
export const LoadFailed: Story = { args: { quizzes: [], failed: true } };
export const Available: Story = { args: { quizzes: [sampleQuiz] } };
export const InProgress: Story = { args: { quizzes: [{ ...sampleQuiz, open_attempt_id: '44', attempts_used: 1 }] } };
export const FailedRetake: Story = { args: { quizzes: [{ ...sampleQuiz, failed_attempts: 1, attempts_used: 1, best_result: sampleResult(false) }] } };
export const RetakeAlert: Story = { args: { quizzes: [{ ...sampleQuiz, failed_attempts: 2, attempts_used: 2, retake_alert: true, best_result: sampleResult(false) }] } };
export const CourseIncomplete: Story = { args: { quizzes: [{ ...sampleQuiz, availability: 'course_incomplete' }] } };
export const Closed: Story = { args: { quizzes: [{ ...sampleQuiz, availability: 'closed', closes_at: '2026-03-01T10:00:00.000Z' }] } };
export const NoAttemptsLeft: Story = {
  args: { quizzes: [{ ...sampleQuiz, availability: 'no_attempts_left', attempts_allowed: 3, attempts_used: 3, failed_attempts: 3, retake_alert: true, best_result: sampleResult(false) }] },
};
export const Submitted: Story = { args: { quizzes: [{ ...sampleQuiz, availability: 'submitted', attempts_used: 1, best_result: sampleResult(true) }] } };
