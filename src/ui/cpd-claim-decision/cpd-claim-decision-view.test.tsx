import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../testing/render-with-i18n';
import { TEAM_CLAIMS, TEAM_CLAIMS_AFTER_ELSEWHERE, decisionView } from '../../machines/cpd-claim-decision/cpd-claim-decision.fixtures';
import type { CpdClaimDecisionViewModel } from '../../machines/cpd-claim-decision/cpd-claim-decision.selectors';
import { CpdClaimDecisionView } from './cpd-claim-decision-view';

const callbacks = () => ({ onRetry: vi.fn(), onOpenEvidence: vi.fn(), onApprove: vi.fn(), onOpenReject: vi.fn(), onReasonChange: vi.fn(), onCancelReject: vi.fn(), onConfirmReject: vi.fn() });
const show = (view: CpdClaimDecisionViewModel, lang?: 'en' | 'zh' | 'cn', cb = callbacks()) => ({ cb, ...renderWithI18n(<CpdClaimDecisionView view={view} {...cb} />, lang) });

describe('cpd-claim-decision view', () => {
  it('lists who, kind, provider, title, dates, hours, E/R and the evidence; approve and reject call back with the claim', async () => {
    const { cb } = show(decisionView({ ready: 'idle' }, { claims: TEAM_CLAIMS }));
    const row = screen.getByTestId('cpd-claim-decision-row-44');
    for (const text of ['Lee Ka Yan', 'agent03', 'Ethics in Advice: Case Studies', 'Professional-body event', 'Hong Kong Federation of Insurers', '1.5 hours', 'Yes']) expect(row).toHaveTextContent(text);
    expect(screen.getByTestId('cpd-claim-decision-row-41')).toHaveTextContent('2 hours');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Open certificate.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Approve Chan Tai Man’s claim “Seminar: Retirement Income Products”' }));
    await user.click(within(row).getByRole('button', { name: /^Reject Lee Ka Yan/ }));
    expect([cb.onOpenEvidence.mock.calls, cb.onApprove.mock.calls, cb.onOpenReject.mock.calls]).toEqual([[['44']], [['41']], [['44']]]);
  });

  it('offers no decision while one is under way, and says the row is being sent', () => {
    show(decisionView('deciding', { claims: TEAM_CLAIMS, deciding: { id: '41', decision: { decision: 'approve' } } }));
    expect(screen.getByTestId('cpd-claim-approve-41')).toBeDisabled();
    expect(screen.getByTestId('cpd-claim-approve-44')).toBeDisabled();
    expect(within(screen.getByTestId('cpd-claim-decision-row-41')).getByRole('status')).toHaveTextContent('Sending…');
  });

  it('the reject dialog needs a reason before it may be sent', async () => {
    const { cb } = show(decisionView({ ready: 'rejecting' }, { claims: TEAM_CLAIMS, rejecting: { id: '44', reason: '' } }));
    expect(await screen.findByRole('dialog', { name: 'Reject Lee Ka Yan’s claim' })).toBeInTheDocument();
    expect(screen.getByTestId('cpd-claim-reject-confirm')).toBeDisabled();
    await userEvent.setup().type(screen.getByTestId('cpd-claim-reject-reason'), 'x');
    expect(cb.onReasonChange).toHaveBeenCalledWith('x');
  });

  it('says a decision, a claim decided elsewhere, an empty list and a failed load (with retry), in Chinese too', async () => {
    const { unmount } = show(decisionView({ ready: 'idle' }, { claims: TEAM_CLAIMS_AFTER_ELSEWHERE, decided: { name: 'Chan Tai Man', decision: 'approve' } }));
    expect(screen.getByTestId('cpd-claim-decided')).toHaveTextContent('Approved Chan Tai Man’s claim.');
    unmount();
    const refused = show(decisionView({ ready: 'idle' }, { claims: [], refusal: '' }), 'zh');
    expect(screen.getByTestId('cpd-claim-refused')).toHaveTextContent('此申報已被審批');
    expect(screen.getByTestId('cpd-claim-decision-empty')).toHaveTextContent('沒有等待您審批的申報。');
    refused.unmount();
    const { cb } = show(decisionView('failed'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(cb.onRetry).toHaveBeenCalled();
  });
});
