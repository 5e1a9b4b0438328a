import { fromPromise } from 'xstate';
import { getHomeSummary } from '../../api/home-summary.api';
import type { HomeSummary } from '../../api/schemas/home-summary.schema';
import { homeSummaryMachine } from '../../machines/home-summary/home-summary.machine';

/** The one place the home-summary machine meets the API (DESIGN §2). */
export const homeSummaryRouteMachine = homeSummaryMachine.provide({
  actors: {
    load: fromPromise<HomeSummary>(() => getHomeSummary()),
  },
});
