import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectFeedbackFormsView } from '../../machines/feedback-forms/feedback-forms.selectors';
import { FeedbackFormsView } from '../../ui/feedback-forms/feedback-forms-view';
import { feedbackFormsRouteMachine } from './feedback-forms.actor';

/**
 * Evaluation and the feedback form, as a section of the course page (src/routes/course-detail)
 * for a completed course. The idempotency key is made once per page: a double click or a retried
 * request sends the same key, so the server stores one response (ADR 026).
 */
export function FeedbackFormsSection({ courseId }: { courseId: string }) {
  const [key] = useState(() => crypto.randomUUID());
  const actor = useActorRef(feedbackFormsRouteMachine, { input: { courseId, key } });
  const view = useSelector(actor, selectFeedbackFormsView);
  return (
    <FeedbackFormsView
      {...view}
      onSubmit={(payload) => actor.send({ type: 'form.submit', payload })}
      onEdit={() => actor.send({ type: 'form.edit' })}
      onRetry={() => actor.send({ type: 'retry' })}
    />
  );
}
