import { callRoute } from './call-route';
import { getNewJoinerWelcomeRoute, postNewJoinerWelcomeRoute } from './schemas/new-joiner-welcome.routes';

/** Whether the caller's welcome is due (the server decides, ADR 102). */
export async function getWelcomeDue(): Promise<boolean> {
  return (await callRoute(getNewJoinerWelcomeRoute)).due;
}

/** Records that the caller dismissed the welcome. */
export async function dismissWelcome(): Promise<void> {
  await callRoute(postNewJoinerWelcomeRoute);
}
