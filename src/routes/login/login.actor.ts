import { fromPromise } from 'xstate';
import { login } from '../../api/auth.api';
import { setToken } from '../../api/token-storage';
import type { LoginPayload } from '../../api/schemas/auth.schema';
import { signInMachine } from '../../machines/sign-in/sign-in.machine';
import { toSubmissionError } from '../submission';

/** The real sign-in: POST auth/login, then the token is stored (SPEC §4). */
export const submitLogin = fromPromise<void, LoginPayload>(async ({ input }) => {
  try {
    setToken(await login(input));
  } catch (error) {
    throw toSubmissionError(error);
  }
});

export const loginMachine = signInMachine.provide({ actors: { submitLogin } });
