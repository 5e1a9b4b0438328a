import { fromPromise } from 'xstate';
import { NotAuthenticatedError } from '../../api/auth-errors';
import { setToken } from '../../platform/storage/token-storage';
import {
  activateTwoFactor,
  completeTwoFactor,
  deactivateTwoFactor,
  getTwoFactorInfo,
  verifyTwoFactor,
} from '../../api/two-factor.api';
import type {
  TwoFactorActivatePayload,
  TwoFactorActivation,
  TwoFactorDeactivatePayload,
  TwoFactorInfo,
  TwoFactorVerifyPayload,
} from '../../api/schemas/two-factor.schema';
import { SecondFactorMissingError } from '../../machines/two-factor/two-factor.errors';
import { twoFactorMachine } from '../../machines/two-factor/two-factor.machine';
import { toSubmissionError } from '../submission';

// The real two-factor calls (DESIGN §2). Every token answered is stored at once: the session hears
// of it through the token listener (token.refreshed) and the current user follows the new token.

function toTwoFactorFailure(error: unknown): Error {
  if (error instanceof NotAuthenticatedError) return new SecondFactorMissingError(error.message);
  return toSubmissionError(error);
}

async function run<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toTwoFactorFailure(error);
  }
}

export const twoFactorActors = {
  verifyCode: fromPromise<void, TwoFactorVerifyPayload>(({ input }) => run(async () => setToken(await verifyTwoFactor(input)))),
  loadInfo: fromPromise<TwoFactorInfo>(() => run(getTwoFactorInfo)),
  activate: fromPromise<TwoFactorActivation, TwoFactorActivatePayload>(({ input }) => run(() => activateTwoFactor(input))),
  complete: fromPromise<void, string>(({ input }) => run(async () => setToken(await completeTwoFactor({ one_time_password: input })))),
  deactivate: fromPromise<void, TwoFactorDeactivatePayload>(({ input }) => run(async () => setToken(await deactivateTwoFactor(input)))),
};

export const twoFactorRouteMachine = twoFactorMachine.provide({ actors: twoFactorActors });
