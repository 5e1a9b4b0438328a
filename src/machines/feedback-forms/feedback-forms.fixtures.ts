import type { FeedbackForm } from '../../api/schemas/feedback-forms.schema';
import type { FeedbackFormPayload } from './feedback-forms.machine';

// Samples for the machine's tests and the view's stories (never imported by app code).

export const sampleQuestions: FeedbackForm['questions'] = [
  { id: '11', kind: 'rating', text: 'How well did the course meet its stated objectives?', required: true, options: [] },
  {
    id: '12',
    kind: 'single_choice',
    text: 'How long did the course take you?',
    required: true,
    options: [
      { id: '1', text: 'Less than expected' },
      { id: '2', text: 'About as expected' },
      { id: '3', text: 'More than expected' },
    ],
  },
  { id: '13', kind: 'text', text: 'What could we improve?', required: false, options: [] },
];

export const formOf = (availability: FeedbackForm['availability']): FeedbackForm => ({
  course_id: '2',
  availability,
  questions: availability === 'available' ? sampleQuestions : [],
  submitted_at: availability === 'submitted' ? '2026-10-01T08:00:00.000Z' : null,
});

export const samplePayload: FeedbackFormPayload = {
  evaluation: { content: 5, presenter: 4, usefulness: 4, comment: 'Clear.' },
  answers: [
    { question_id: '11', rating: 4 },
    { question_id: '12', option_id: '2' },
  ],
};
