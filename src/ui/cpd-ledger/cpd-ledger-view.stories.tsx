import { machineDiagramStory } from '../testing/machine-diagram';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import {
  CLAIM_EVIDENCE,
  CLASSROOM_EVIDENCE,
  COMPLIANT_LEDGER,
  COURSE_EVIDENCE,
  cpdLedgerViewAt,
  EMPTY_LEDGER,
  LEDGER,
  NO_TARGET_LEDGER,
  PREVIOUS_LEDGER,
} from '../../machines/cpd-ledger/cpd-ledger.fixtures';
import type { CpdLedger } from '../../api/schemas/cpd-ledger.schema';
import { CpdLedgerView } from './cpd-ledger-view';

// DESIGN §4: every visible state of the CPD ledger page, its props built from the machine's state through the selectors.
const callbacks = { onRetry: fn(), onSelectPeriod: fn(), onOpenRow: fn(), onRetryEvidence: fn(), onCloseEvidence: fn() };
const meta = {
  title: 'Pages/CPD ledger',
  component: CpdLedgerView,
  args: { view: cpdLedgerViewAt(), ...callbacks },
} satisfies Meta<typeof CpdLedgerView>;
export default meta;
type Story = StoryObj<typeof meta>;

const prorated: CpdLedger = { ...LEDGER, target: { minutes: 540, ethics_minutes: 120, licence_kind: 'insurance_intermediary', prorated: true }, totals: { minutes: 300, ethics_minutes: 120, needed_minutes: 240, needed_ethics_minutes: 0, compliant: false } };
const travel: CpdLedger = { ...LEDGER, target: { minutes: 180, ethics_minutes: 0, licence_kind: 'travel_agent', prorated: false }, totals: { minutes: 180, ethics_minutes: 0, needed_minutes: 0, needed_ethics_minutes: 0, compliant: true } };
const atRisk: CpdLedger = { ...EMPTY_LEDGER, totals: { minutes: 120, ethics_minutes: 120, needed_minutes: 780, needed_ethics_minutes: 60, compliant: false }, rows: [LEDGER.rows[0]] };

export const ShortOfTheTarget: Story = {};
export const Loading: Story = { args: { view: cpdLedgerViewAt('loading', { ledger: null, periods: [] }) } };
export const Failed: Story = { args: { view: cpdLedgerViewAt('failed', { ledger: null, periods: [] }) } };
export const FailedWithServerText: Story = { args: { view: cpdLedgerViewAt('failed', { ledger: null, periods: [], error: 'There is no CPD ledger for that period: choose one from 2019 to 2026.' }) } };
export const LoadingAnEarlierPeriod: Story = { args: { view: cpdLedgerViewAt('loading', { period: 2025 }) } };
export const Compliant: Story = { args: { view: cpdLedgerViewAt({ ready: 'idle' }, { ledger: COMPLIANT_LEDGER }) } };
export const AtRisk: Story = { args: { view: cpdLedgerViewAt({ ready: 'idle' }, { ledger: atRisk, periods: [2026] }) } };
export const NothingYet: Story = { args: { view: cpdLedgerViewAt({ ready: 'idle' }, { ledger: EMPTY_LEDGER, periods: [2026] }) } };
export const EarlierPeriod: Story = { args: { view: cpdLedgerViewAt({ ready: 'idle' }, { ledger: PREVIOUS_LEDGER, period: 2025 }) } };
export const ProratedTarget: Story = { args: { view: cpdLedgerViewAt({ ready: 'idle' }, { ledger: prorated }) } };
export const TravelAgent: Story = { args: { view: cpdLedgerViewAt({ ready: 'idle' }, { ledger: travel }) } };
export const NoTarget: Story = { args: { view: cpdLedgerViewAt({ ready: 'idle' }, { ledger: NO_TARGET_LEDGER, periods: [2026] }) } };
export const EvidenceOpening: Story = { args: { view: cpdLedgerViewAt({ ready: { evidence: 'opening' } }, { openRow: 'course:2' }) } };
export const CourseEvidence: Story = { args: { view: cpdLedgerViewAt({ ready: { evidence: 'shown' } }, { openRow: 'course:2', evidence: COURSE_EVIDENCE }) } };
export const ClassroomEvidence: Story = { args: { view: cpdLedgerViewAt({ ready: { evidence: 'shown' } }, { openRow: 'offline:5', evidence: CLASSROOM_EVIDENCE }) } };
export const ClaimEvidence: Story = { args: { view: cpdLedgerViewAt({ ready: { evidence: 'shown' } }, { openRow: 'claim:1', evidence: CLAIM_EVIDENCE }) } };
export const EvidenceFailed: Story = { args: { view: cpdLedgerViewAt({ ready: { evidence: 'failed' } }, { openRow: 'course:2', evidenceError: 'This activity is not in the CPD ledger.' }) } };
export const TraditionalChinese: Story = { globals: { locale: 'zh' } };
export const SimplifiedChinese: Story = { globals: { locale: 'cn' } };
export const Phone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const PhoneEvidence: Story = { ...CourseEvidence, globals: { viewport: { value: 'phone', isRotated: false } } };
export const WithDownloads: Story = { args: { papers: { busy: false, error: null, code: 'ABCDEFGHJKLM' }, onDownloadStatement: fn(), onCertificate: fn() } };
export const CpdLedgerDiagram = machineDiagramStory('cpd-ledger');
