import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import { sampleCertificate } from '../../machines/exam-certificate/exam-certificate.fixtures';
import { ExamCertificateView } from './exam-certificate-view';
import { machineDiagramStory } from '../testing/machine-diagram';

// SPEC §3 certificate: every visible state of the printable certificate page.

const meta = {
  title: 'Pages/Exam certificate',
  component: ExamCertificateView,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: { view: { status: 'shown', certificate: sampleCertificate }, backTo: '/course/2/quiz/7', onPrint: fn(), onRetry: fn() },
} satisfies Meta<typeof ExamCertificateView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { view: { status: 'loading' } } };
export const Certificate: Story = {};
export const CertificateWithoutCpd: Story = { args: { view: { status: 'shown', certificate: { ...sampleCertificate, cpd_hours: null } } } };
export const NotPassed: Story = { args: { view: { status: 'refused', message: 'This attempt was not passed: a certificate is given only for a passed examination.' } } };
export const LoadFailed: Story = { args: { view: { status: 'failed', message: null } } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const ExamCertificateDiagram = machineDiagramStory('exam-certificate');
