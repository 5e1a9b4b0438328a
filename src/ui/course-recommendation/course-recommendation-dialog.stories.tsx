import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { PublicUser } from '../../api/schemas/users.schema';
import { courseRecommendationMachine, type CourseRecommendationContext } from '../../machines/course-recommendation/course-recommendation.machine';
import { selectCourseRecommendationView } from '../../machines/course-recommendation/course-recommendation.selectors';
import { CourseRecommendationDialog } from './course-recommendation-dialog';
import { machineDiagramStory } from '../testing/machine-diagram';

const user = (id: string, code: string, name: string): PublicUser => ({ id, external_id: code, name, icon_url: '/images/default-icon.svg' });
const self = user('1', 'agent01', 'Chan Tai Man');
const found = [user('2', 'agent02', 'Wong Siu Ming'), self, user('5', 'agent10', 'Wong Ka Fai')];
const ten = Array.from({ length: 10 }, (_, i) => user(String(20 + i), `agent${30 + i}`, `Colleague ${i + 1}`));

type Value = 'closed' | 'sending' | 'done' | { composing: 'idle' | 'debouncing' | 'searching' | 'ready' | 'loadingMore' | 'failed' | 'moreFailed' };
const state = (value: Value, context: Partial<CourseRecommendationContext> = {}) =>
  selectCourseRecommendationView(
    courseRecommendationMachine.resolveState({
      value,
      context: { courseId: '7', selfId: self.id, max: 10, query: '', results: [], page: 0, total: 0, picked: [], searchError: null, sendError: null, sendFailed: false, result: null, ...context },
    }),
  );
const searched = { query: 'wong', results: found, page: 1, total: 5 };

const meta = {
  title: 'Dialogs/CourseRecommendation',
  component: CourseRecommendationDialog,
  args: {
    view: state({ composing: 'idle' }),
    courseTitle: 'Financial Needs Analysis',
    onQuery: fn(),
    onMore: fn(),
    onRetrySearch: fn(),
    onPick: fn(),
    onUnpick: fn(),
    onSend: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof CourseRecommendationDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Opened: Story = {};
export const Searching: Story = { args: { view: state({ composing: 'searching' }, { query: 'wong' }) } };
export const Found: Story = { args: { view: state({ composing: 'ready' }, searched) } };
export const FoundNobody: Story = { args: { view: state({ composing: 'ready' }, { query: 'zzz', results: [], page: 1, total: 0 }) } };
export const Picked: Story = { args: { view: state({ composing: 'ready' }, { ...searched, picked: [found[0]] }) } };
export const LoadingMore: Story = { args: { view: state({ composing: 'loadingMore' }, { ...searched, picked: [found[0]] }) } };
export const MoreFailed: Story = { args: { view: state({ composing: 'moreFailed' }, { ...searched, picked: [found[0]] }) } };
export const SearchFailed: Story = { args: { view: state({ composing: 'failed' }, { query: 'wong' }) } };
export const SearchRefused: Story = { args: { view: state({ composing: 'failed' }, { query: 'wong', searchError: 'A name holds at most 100 characters.' }) } };
export const TenPicked: Story = { args: { view: state({ composing: 'ready' }, { query: 'colleague', results: ten, page: 1, total: 10, picked: ten }) } };
export const Sending: Story = { args: { view: state('sending', { ...searched, picked: [found[0], found[2]] }) } };
export const Refused: Story = {
  args: { view: state({ composing: 'ready' }, { ...searched, picked: [found[0]], sendFailed: true, sendError: 'Yip Sze Wan cannot receive course recommendations.' }) },
};
export const SendFailed: Story = { args: { view: state({ composing: 'ready' }, { ...searched, picked: [found[0]], sendFailed: true }) } };
export const Sent: Story = { args: { view: state('done', { picked: [found[0], found[2]], result: { recommended: 2, already_recommended: 0 } }) } };
export const SentSomeAgain: Story = { args: { view: state('done', { picked: [found[0], found[2]], result: { recommended: 1, already_recommended: 1 } }) } };
export const AllHadItAlready: Story = { args: { view: state('done', { picked: [found[0]], result: { recommended: 0, already_recommended: 1 } }) } };

export const CourseRecommendationDiagram = machineDiagramStory('course-recommendation');
