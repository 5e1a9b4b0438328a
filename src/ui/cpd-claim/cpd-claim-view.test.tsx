import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { cpdClaimViewAt, DRAFT_WITH_FILE, REJECTED_CLAIM } from '../../machines/cpd-claim/cpd-claim.fixtures';
import type { CpdClaimView as ViewModel } from '../../machines/cpd-claim/cpd-claim.selectors';
import { renderWithI18n } from '../testing/render-with-i18n';
import { CpdClaimView } from './cpd-claim-view';

const LIMITS = { file: 209_715_200, image: 2_097_152 };
const callbacks = () => ({ onSubmit: vi.fn(), onEdit: vi.fn(), onCorrect: vi.fn(), onRetry: vi.fn(), onOpenEvidence: vi.fn() });
const show = (view: ViewModel, lang?: 'en' | 'zh' | 'cn', cb = callbacks()) => ({
  cb,
  ...renderWithI18n(
    <MemoryRouter>
      <CpdClaimView view={view} limits={LIMITS} {...cb} />
    </MemoryRouter>,
    lang,
  ),
});
const pdf = () => new File(['%PDF-1.4'], 'certificate.pdf', { type: 'application/pdf' });

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Provider'), 'Hong Kong Insurance Forum');
  await user.type(screen.getByLabelText('Title of the activity'), 'Seminar: Claims Handling');
  await user.type(screen.getByLabelText('First day'), '2026-11-30');
  await user.type(screen.getByLabelText('Last day'), '2026-11-30');
  await user.type(screen.getByLabelText('CPD hours'), '1.5');
}

describe('cpd-claim view', () => {
  it('shows the impersonation warning, refuses without the terms or the file with translated errors, then sends the contract’s fields and the file', async () => {
    const user = userEvent.setup();
    const { cb } = show(cpdClaimViewAt('editing'));
    expect(screen.getByRole('note')).toHaveTextContent('Impersonation warning');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send the claim' }));
    expect(await screen.findByText('Please accept the terms and conditions.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('I accept the terms and conditions.'));
    await user.click(screen.getByRole('button', { name: 'Send the claim' }));
    expect(await screen.findByText('Attach the evidence file.')).toBeInTheDocument();
    expect(cb.onSubmit).not.toHaveBeenCalled();
    const file = pdf();
    await user.upload(screen.getByLabelText('Evidence file'), file);
    await user.click(screen.getByRole('button', { name: 'Send the claim' }));
    expect(cb.onSubmit).toHaveBeenCalledWith({
      fields: { kind: 'seminar', provider: 'Hong Kong Insurance Forum', title: 'Seminar: Claims Handling', started_on: '2026-11-30', ended_on: '2026-11-30', hours: '1.5', ethics_or_regulations: 'false', terms_accepted: 'true' },
      file,
    });
  });

  it('checks a chosen file’s type and size before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    show(cpdClaimViewAt('editing'));
    await user.upload(screen.getByLabelText('Evidence file'), new File(['<html>'], 'x.html', { type: 'text/html' }));
    expect(screen.getByText('The evidence must be a PDF or a PNG, JPEG or WebP picture.')).toBeInTheDocument();
    const big = new File([new Uint8Array(LIMITS.image + 1)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Evidence file'), big);
    expect(screen.getByText('The file is too large: at most 2 MB for this kind of file.')).toBeInTheDocument();
  });

  it('keeps what was typed on a refusal and shows the server’s words', () => {
    show(cpdClaimViewAt('refused', { draft: DRAFT_WITH_FILE, error: 'The activity cannot end after today.' }));
    expect(screen.getByText('The activity cannot end after today.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title of the activity')).toHaveValue(DRAFT_WITH_FILE.fields.title);
    expect(screen.getByLabelText('CPD hours')).toHaveValue('1.5');
    expect(screen.getByRole('button', { name: 'Send again' })).toBeInTheDocument();
  });

  it('shows a rejected claim with its reason and offers “Correct and send again”; the form then keeps the file sent', async () => {
    const user = userEvent.setup();
    const { cb, unmount } = show(cpdClaimViewAt('shown', { claimId: REJECTED_CLAIM.id, claim: REJECTED_CLAIM }));
    expect(screen.getByText('Rejected')).toBeInTheDocument();
    expect(screen.getByText('The certificate does not show your name.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Correct and send again' }));
    expect(cb.onCorrect).toHaveBeenCalled();
    unmount();
    show(cpdClaimViewAt('editing', { claimId: REJECTED_CLAIM.id, claim: REJECTED_CLAIM }));
    expect(screen.getByLabelText('Title of the activity')).toHaveValue(REJECTED_CLAIM.title);
    expect(screen.getByText(/Leave it empty to keep the file you sent: Attendance certificate.pdf/)).toBeInTheDocument();
  });

  it('speaks Traditional Chinese', () => {
    show(cpdClaimViewAt('editing'), 'zh');
    expect(screen.getByRole('heading')).toHaveTextContent('申報外部活動');
    expect(screen.getByRole('note')).toHaveTextContent('冒名警告');
  });
});
