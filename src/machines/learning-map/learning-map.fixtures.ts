import type { LearningMapCatalogue, LearningMapDetail, LearningMapList, LearningMapSummary } from '../../api/schemas/learning-map.schema';
import { learningMapMachine, type LearningMapContext } from './learning-map.machine';
import { selectLearningMapView, type LearningMapViewModel } from './learning-map.selectors';

// Sample answers of the learning-map endpoints for the machine's tests and the stories (issue 47):
// agent01 as the demo shows them, and manager01's catalogue.

export const LICENSING: LearningMapSummary = {
  id: '1',
  title: 'Licensing essentials 2026',
  description: 'The compliance courses every licensed agent completes this year, in order.',
  due_on: '2027-01-02',
  status: 'active',
  progress: 20,
  items_total: 5,
  items_done: 1,
  assigned_at: '2026-10-14T02:00:00.000Z',
  finished_at: null,
};

export const WELCOME: LearningMapSummary = {
  id: '2',
  title: 'Welcome to Agent Academy',
  description: 'Your first courses: how investment-linked plans and anti-money-laundering work.',
  due_on: null,
  status: 'finished',
  progress: 100,
  items_total: 2,
  items_done: 2,
  assigned_at: '2026-11-13T02:00:00.000Z',
  finished_at: '2026-10-25T08:00:00.000Z',
};

export const EXPIRED_MAP: LearningMapSummary = { ...LICENSING, id: '4', title: 'Compliance refresher 2025', status: 'expired', progress: 50, items_total: 2, items_done: 1, due_on: '2025-12-31' };

export const LIST: LearningMapList = { maps: [LICENSING], history: [WELCOME, EXPIRED_MAP] };
export const EMPTY_LIST: LearningMapList = { maps: [], history: [] };

/** Every state an item can be in, each once. */
export const LICENSING_DETAIL: LearningMapDetail = {
  ...LICENSING,
  items: [
    { id: '11', position: 1, kind: 'course', course_id: '2', title: 'Anti-Money Laundering Essentials', requires_previous: false, due_on: '2026-10-22', completed_at: '2026-10-25T08:00:00.000Z', state: 'completed_late' },
    { id: '12', position: 2, kind: 'course', course_id: '3', title: 'Personal Data (Privacy) Ordinance for Agents', requires_previous: false, due_on: '2026-12-01', completed_at: null, state: 'expired' },
    { id: '13', position: 3, kind: 'course', course_id: '5', title: 'Regulatory Update 2026', requires_previous: false, due_on: '2026-12-13', completed_at: null, state: 'in_progress' },
    { id: '14', position: 4, kind: 'course', course_id: '4', title: 'Ethics and Professional Conduct', requires_previous: true, due_on: '2027-01-02', completed_at: null, state: 'locked' },
    { id: '15', position: 5, kind: 'offline_course', course_id: '1', title: 'Ethics Case Workshop', requires_previous: false, due_on: '2026-12-23', completed_at: null, state: 'not_started' },
  ],
};

export const WELCOME_DETAIL: LearningMapDetail = {
  ...WELCOME,
  items: [
    { id: '21', position: 1, kind: 'course', course_id: '9', title: 'Investment-Linked Assurance Schemes: The Basics', requires_previous: false, due_on: null, completed_at: '2026-10-20T08:00:00.000Z', state: 'completed' },
    { id: '22', position: 2, kind: 'course', course_id: '2', title: 'Anti-Money Laundering Essentials', requires_previous: true, due_on: null, completed_at: '2026-10-25T08:00:00.000Z', state: 'completed' },
  ],
};

export const CATALOGUE: LearningMapCatalogue = {
  maps: [
    { id: '1', title: 'Licensing essentials 2026', items_total: 5, due_on: '2027-01-02', holders: ['2'] },
    { id: '3', title: 'Product knowledge', items_total: 3, due_on: '2027-01-17', holders: [] },
  ],
  downlines: [
    { id: '2', name: 'Chan Tai Man', agent_code: 'agent01' },
    { id: '3', name: 'Wong Siu Ming', agent_code: 'agent02' },
  ],
};

type Value = Parameters<typeof learningMapMachine.resolveState>[0]['value'];

/** The view model at a state of the machine, built through the selectors (DESIGN §4): agent01's list unless told otherwise. */
export function learningMapViewAt(value: Value = { ready: 'idle' }, context: Partial<LearningMapContext> = {}): LearningMapViewModel {
  const base: LearningMapContext = { mapId: null, manager: false, page: { kind: 'list', list: LIST, catalogue: null }, error: null, assigned: null, assignError: null, choice: null };
  return selectLearningMapView(learningMapMachine.resolveState({ value, context: { ...base, ...context } }));
}
