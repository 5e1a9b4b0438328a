import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CATALOGUE, EMPTY_LIST, LICENSING_DETAIL, learningMapViewAt, LIST, WELCOME_DETAIL } from '../../machines/learning-map/learning-map.fixtures';
import { machineDiagramStory } from '../testing/machine-diagram';
import { LearningMapView } from './learning-map-view';

// DESIGN §4: every visible state of the learning-map pages, their props built from the machine's state through the selectors.
const meta = {
  title: 'Pages/Learning map',
  component: LearningMapView,
  args: { view: learningMapViewAt(), onRetry: fn(), onAssign: fn(), onAssignEdit: fn() },
} satisfies Meta<typeof LearningMapView>;
export default meta;
type Story = StoryObj<typeof meta>;

const managerList = { manager: true, page: { kind: 'list' as const, list: LIST, catalogue: CATALOGUE } };
const onePage = (map: typeof LICENSING_DETAIL) => ({ mapId: map.id, page: { kind: 'map' as const, map } });

/** A map in progress and the history (one finished, one expired). */
export const MapsAndHistory: Story = {};
export const NothingAssigned: Story = { args: { view: learningMapViewAt({ ready: 'idle' }, { page: { kind: 'list', list: EMPTY_LIST, catalogue: null } }) } };
export const Loading: Story = { args: { view: learningMapViewAt('loading', { page: null }) } };
export const Failed: Story = { args: { view: learningMapViewAt('failed', { page: null }) } };
export const FailedWithServerText: Story = { args: { view: learningMapViewAt('failed', { page: null, mapId: '9', error: 'This learning map is not one of yours.' }) } };
/** Every item state: completed late, expired, in progress, locked, not started, with their dates. */
export const OneMapEveryItemState: Story = { args: { view: learningMapViewAt({ ready: 'idle' }, onePage(LICENSING_DETAIL)) } };
export const OneMapFinished: Story = { args: { view: learningMapViewAt({ ready: 'idle' }, onePage(WELCOME_DETAIL)) } };
export const LoadingOneMap: Story = { args: { view: learningMapViewAt('loading', { mapId: '1', page: null }) } };
export const ManagerAssignForm: Story = { args: { view: learningMapViewAt({ ready: 'idle' }, managerList) } };
export const ManagerAssigning: Story = { args: { view: learningMapViewAt({ ready: 'assigning' }, { ...managerList, choice: { mapId: '3', userIds: ['3'] } }) } };
export const ManagerAssigned: Story = { args: { view: learningMapViewAt({ ready: 'assigned' }, { ...managerList, assigned: { assigned: ['3'], already: ['2'] } }) } };
export const ManagerAssignRefused: Story = { args: { view: learningMapViewAt({ ready: 'assignFailed' }, { ...managerList, assignError: 'You may assign maps to your own downlines only.' }) } };
export const TraditionalChinese: Story = { ...OneMapEveryItemState, globals: { locale: 'zh' } };
export const SimplifiedChinese: Story = { ...OneMapEveryItemState, globals: { locale: 'cn' } };
export const Phone: Story = { ...OneMapEveryItemState, globals: { viewport: { value: 'phone', isRotated: false } } };
export const LearningMapDiagram = machineDiagramStory('learning-map');
