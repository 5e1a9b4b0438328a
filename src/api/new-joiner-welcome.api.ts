import { callRoute } from './call-route';
import type { NewJoinerWelcomeList } from './schemas/new-joiner-welcome.schema';
import { getNewJoinerWelcomeRoute } from './schemas/new-joiner-welcome.routes';

export function getNewJoinerWelcome(): Promise<NewJoinerWelcomeList> {
  return callRoute(getNewJoinerWelcomeRoute, {});
}
