import type { SnapshotFrom } from 'xstate';
import type { FormSubmissionMachine } from './form-submission.machine';
import { failureView, type FailureView } from '../shared/submission-error';

export type FormSubmissionSnapshot<Payload, Result = void> = SnapshotFrom<FormSubmissionMachine<Payload, Result>>;

export interface FormSubmissionViewModel<Result> {
  busy: boolean;
  failure: FailureView;
  /** The submit actor's answer once succeeded; null before. */
  result: { value: Result } | null;
}

/** The part of every submit form's view model that the generic flow decides. */
export function selectFormSubmission<Payload, Result>(snapshot: FormSubmissionSnapshot<Payload, Result>): FormSubmissionViewModel<Result> {
  return {
    busy: snapshot.hasTag('busy'),
    failure: failureView(snapshot.matches('failed'), snapshot.context.error),
    result: snapshot.matches('succeeded') ? { value: snapshot.context.result as Result } : null,
  };
}
