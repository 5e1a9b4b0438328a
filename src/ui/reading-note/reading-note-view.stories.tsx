import type { Meta, StoryObj } from '@storybook/react-vite';
import { ReadingNotePanel } from './reading-note-panel';
import { ReadingNoteView } from './reading-note-view';
import { machineDiagramStory } from '../testing/machine-diagram';

const note = {
  id: '1', course_id: '7', course_title: 'Ethics', item_id: '11', item_title: 'The guide', attachment_id: '5', attachment_name: 'guide.pdf',
  pdf_page: 2, text: 'Ask the client first.', quote: 'cooling-off period', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
};
const noop = () => undefined;

const meta = { title: 'Reading notes/List', component: ReadingNoteView } satisfies Meta<typeof ReadingNoteView>;
export default meta;

export const List: StoryObj<typeof meta> = { args: { status: 'ready', notes: [note], onRetry: noop } };
export const Empty: StoryObj<typeof meta> = { args: { status: 'ready', notes: [], onRetry: noop } };
export const Panel: StoryObj<typeof meta> = {
  args: { status: 'ready', notes: [note], onRetry: noop },
  render: () => (
    <ReadingNotePanel
      status="ready" notes={[note]} draft="A new thought" quote="the passage" editingId={null} page={2} busy={false} canSave error={null}
      onDraft={noop} onTakeQuote={noop} onClearQuote={noop} onSave={noop} onEdit={noop} onCancelEdit={noop} onDelete={noop} onRetry={noop}
    />
  ),
};

export const ReadingNoteDiagram = machineDiagramStory('reading-note');
