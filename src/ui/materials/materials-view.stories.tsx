import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Material } from '../../api/schemas/materials.schema';
import type { PagedListView } from '../../machines/paged-list/paged-list.selectors';
import { MaterialsView } from './materials-view';
import { sampleMaterials } from '../courses/samples';

const phone = { viewport: { value: 'phone', isRotated: false } };
const all: Material[] = [
  ...sampleMaterials,
  { ...sampleMaterials[0], id: '503', name: 'briefing.mp3', type: 'mp3', media_duration: 300 },
  { ...sampleMaterials[2], id: '504', name: 'poster.png', type: 'png', size: 512_000 },
  { ...sampleMaterials[2], id: '505', name: 'photo.jpeg', type: 'jpeg' },
  { ...sampleMaterials[2], id: '506', name: 'script.docx', type: 'docx' },
  { ...sampleMaterials[2], id: '507', name: 'deck.pptx', type: 'pptx' },
];
const loaded: PagedListView<Material> = { status: 'loaded', result: { data: all, page: 1, per_page: 12, total: 30 }, failure: null, pages: 3 };

/** The material library: one row per attachment, every type icon, filters and states. */
const meta = {
  title: 'Courses/MaterialLibrary',
  component: MaterialsView,
  args: {
    title: 'Material Library',
    filters: { q: '', type: '', language: '' },
    view: loaded,
    page: 1,
    onFilter: fn(),
    onClear: fn(),
    onPage: fn(),
    onRetry: fn(),
    onNavigate: fn(),
  },
} satisfies Meta<typeof MaterialsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Filtered: Story = { args: { filters: { q: 'guide', type: 'pdf', language: 'zh-Hant' }, view: { ...loaded, result: { data: [sampleMaterials[1]], page: 1, per_page: 12, total: 1 }, pages: 1 } } };
export const Loading: Story = { args: { view: { status: 'loading', result: null, failure: null, pages: 1 } } };
export const Empty: Story = { args: { view: { status: 'empty', result: { data: [], page: 1, per_page: 12, total: 0 }, failure: null, pages: 1 } } };
export const Failed: Story = { args: { view: { status: 'failed', result: null, failure: { kind: 'generic' }, pages: 1 } } };
export const Phone: Story = { globals: phone };
