import type { AnyMachineSnapshot } from 'xstate';
import type { Oracle } from '../testing/model-coverage';
import { selectAccountMergeView, type AccountMergeSnapshot } from './account-merge.selectors';

// Written from SPEC §4 "Account linking" and issue 14 (ADR 022), not read off the machine: the
// recruit enters an agent code and company email, a verification email is sent; the emailed link
// shows what would move, then the agent signs in with the agent code and password and the merge runs.
export const accountMergeOracle: Oracle = {
  table: {
    // The merge page's form; the link's page opens the flow with the emailed token instead.
    editing: { 'form.submit': 'requesting', 'link.open': 'loadingPreview', 'undo.open': 'undoOffered' },
    // The emailed undo link (issue 43): the undo is offered at once.
    undoOffered: { 'merge.undo': 'undoing' },
    // One request at a time.
    requesting: { 'xstate.done.actor.requestMerge': 'sent', 'xstate.error.actor.requestMerge': 'requestFailed' },
    // 'cannot identify …' or 'already merged' stays until the recruit edits or sends again.
    requestFailed: { 'form.edit': 'editing', 'form.submit': 'requesting' },
    // "Check your email": the rest happens from the link.
    sent: {},
    loadingPreview: { 'xstate.done.actor.loadPreview': 'preview', 'xstate.error.actor.loadPreview': 'linkFailed' },
    // A link that cannot be used offers nothing (ask for a new one on the merge page).
    linkFailed: {},
    // The agent signs in to confirm.
    preview: { 'merge.confirm': 'completing' },
    completing: { 'xstate.done.actor.completeMerge': 'done', 'xstate.error.actor.completeMerge': 'completeFailed' },
    // A wrong password or agent code: correct it and sign in again.
    completeFailed: { 'form.edit': 'preview', 'merge.confirm': 'completing' },
    // Issue 43 (the promise: lossless, with preview and undo): the merge can be undone from here.
    done: { 'merge.undo': 'undoing' },
    undoing: { 'xstate.done.actor.undoMerge': 'undone', 'xstate.error.actor.undoMerge': 'undoFailed' },
    // Refused (the window has passed, or undone already): the message shows; trying again is offered.
    undoFailed: { 'merge.undo': 'undoing' },
    // Both accounts as they were; nothing more to do here.
    undone: {},
  },
  offers: (s: AnyMachineSnapshot) => {
    const view = selectAccountMergeView(s as AccountMergeSnapshot);
    return {
      'form.submit': view.step === 'form' && !view.busy,
      'merge.confirm': view.step === 'preview' && !view.busy,
      'merge.undo': (view.step === 'done' || view.step === 'undoOffer') && view.canUndo && !view.busy,
    };
  },
};
