import type { Meta, StoryObj } from '@storybook/react-vite';
import { sampleQuiz, sampleResult } from '../../machines/quiz-attempt/quiz-attempt.fixtures';
import { CourseQuizzesView } from './course-quizzes-view';

/** The course page's quizzes section. */
const meta = {
  title: 'Pages/Quiz/Course section',
  component: CourseQuizzesView,
  args: {
    courseId: '2',
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
