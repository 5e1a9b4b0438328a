import { useTranslation } from 'react-i18next';
import type { CpdClaimDecisionRow, CpdClaimDecisionViewModel } from '../../machines/cpd-claim-decision/cpd-claim-decision.selectors';
import { hoursText } from '../cpd-ledger/cpd-format';
import { formatCalendarDay } from '../format/date-format';
import { Button } from '../primitives/button';
import { Modal } from '../primitives/dialog';
import '../cpd-team/cpd-team.css';

export const CPD_CLAIM_DECISION_NS = 'cpd-claim-decision';

export interface CpdClaimDecisionViewProps {
  view: CpdClaimDecisionViewModel;
  /** The last evidence file could not be opened (the route reads it through the evidence endpoint). */
  evidenceFailed?: boolean;
  onRetry: () => void;
  onOpenEvidence: (id: string) => void;
  onApprove: (id: string) => void;
  onOpenReject: (id: string) => void;
  onReasonChange: (reason: string) => void;
  onCancelReject: () => void;
  onConfirmReject: () => void;
}

/** /cpd/team's "Claims to decide" (issue 45): the team's pending claims, each approved or rejected with a reason. Props in, callbacks out. */
export function CpdClaimDecisionView(p: CpdClaimDecisionViewProps) {
  const { t } = useTranslation(CPD_CLAIM_DECISION_NS);
  const { view } = p;
  return (
    <section aria-labelledby="cpd-claim-decision-title" className="cpd-team cpd-claim-decision" data-testid="cpd-claim-decision">
      <h2 id="cpd-claim-decision-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      <div aria-live="polite">
        {view.decided ? <p role="status" data-testid="cpd-claim-decided">{t(view.decided.decision === 'approve' ? 'approved' : 'rejected', { name: view.decided.name })}</p> : null}
        {view.refused ? <p role="alert" data-testid="cpd-claim-refused">{t('refused')}</p> : null}
        {view.decisionError !== null && view.rejecting === null ? <p role="alert">{view.decisionError || t('decision_failed')}</p> : null}
        {p.evidenceFailed ? <p role="alert">{t('evidence_failed')}</p> : null}
      </div>
      {view.status === 'loading' ? <p role="status">{t('loading')}</p> : null}
      {view.status === 'failed' ? (
        <div role="alert">
          <p>{view.failure?.kind === 'server' ? view.failure.message : t('failed')}</p>
          {view.canRetry ? <Button onClick={p.onRetry}>{t('retry')}</Button> : null}
        </div>
      ) : null}
      {view.status === 'ready' && view.rows.length === 0 ? <p data-testid="cpd-claim-decision-empty">{t('empty')}</p> : null}
      {view.status === 'ready' && view.rows.length > 0 ? (
        <>
          <p>{t('count', { count: view.rows.length })}</p>
          <div className="cpd-team__table-wrap">
            <table className="cpd-team__table">
              <thead>
                <tr>
                  <th scope="col">{t('col.who')}</th>
                  <th scope="col">{t('col.activity')}</th>
                  <th scope="col">{t('col.dates')}</th>
                  <th scope="col">{t('col.hours')}</th>
                  <th scope="col">{t('col.ethics')}</th>
                  <th scope="col">{t('col.evidence')}</th>
                  <th scope="col">{t('col.decision')}</th>
                </tr>
              </thead>
              <tbody>
                {view.rows.map((row) => (
                  <ClaimRow key={row.claim.id} row={row} {...p} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <RejectDialog {...p} />
    </section>
  );
}

function ClaimRow({ row, onOpenEvidence, onApprove, onOpenReject }: { row: CpdClaimDecisionRow } & CpdClaimDecisionViewProps) {
  const { t, i18n } = useTranslation(CPD_CLAIM_DECISION_NS);
  const { claim } = row;
  const lang = i18n.language;
  const who = { name: claim.claimant.name, title: claim.title };
  return (
    <tr data-testid={`cpd-claim-decision-row-${claim.id}`} aria-busy={row.busy}>
      <th scope="row">
        {claim.claimant.name}
        <br />
        <small>{claim.claimant.external_id}</small>
      </th>
      <td>
        {claim.title}
        <br />
        <small>
          {t(`kinds.${claim.kind}`)} · {claim.provider}
        </small>
      </td>
      <td>{t('dates', { start: formatCalendarDay(claim.started_on, lang), end: formatCalendarDay(claim.ended_on, lang) })}</td>
      <td>{hoursText(t, 'hours', claim.minutes)}</td>
      <td>{claim.ethics_or_regulations ? t('ethics_yes') : t('ethics_no')}</td>
      <td>
        <Button variant="ghost" onClick={() => onOpenEvidence(claim.id)} data-testid={`cpd-claim-evidence-${claim.id}`}>
          {t('evidence_open', { name: claim.evidence.name })}
        </Button>
      </td>
      <td>
        {row.busy ? <span role="status">{t('sending')}</span> : null}
        <Button variant="primary" disabled={!row.canDecide} onClick={() => onApprove(claim.id)} aria-label={t('approve_label', who)} data-testid={`cpd-claim-approve-${claim.id}`}>
          {t('approve')}
        </Button>{' '}
        <Button disabled={!row.canDecide} onClick={() => onOpenReject(claim.id)} aria-label={t('reject_label', who)} data-testid={`cpd-claim-reject-${claim.id}`}>
          {t('reject')}
        </Button>
      </td>
    </tr>
  );
}

function RejectDialog({ view, onReasonChange, onCancelReject, onConfirmReject }: CpdClaimDecisionViewProps) {
  const { t } = useTranslation(CPD_CLAIM_DECISION_NS);
  const r = view.rejecting;
  return (
    <Modal
      open={r !== null}
      onOpenChange={(open) => (open || !r || r.sending ? undefined : onCancelReject())}
      title={r ? t('reject_title', { name: r.name }) : undefined}
      fallbackTitle={t('reject_fallback')}
      testId="cpd-claim-reject-dialog"
      footer={
        <>
          <Button onClick={onCancelReject} disabled={!r || r.sending}>
            {t('reject_cancel')}
          </Button>
          <Button variant="primary" onClick={onConfirmReject} disabled={!r?.canConfirm} aria-busy={r?.sending ?? false} data-testid="cpd-claim-reject-confirm">
            {r?.sending ? t('sending') : t('reject_confirm')}
          </Button>
        </>
      }
    >
      {r ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (r.canConfirm) onConfirmReject();
          }}
        >
          <p>{t('reject_intro', { title: r.title, name: r.name })}</p>
          <label>
            {t('reason')}
            <br />
            <textarea value={r.reason} required disabled={r.sending} rows={4} onChange={(e) => onReasonChange(e.target.value)} data-testid="cpd-claim-reject-reason" />
          </label>
          {view.decisionError !== null ? <p role="alert">{view.decisionError || t('decision_failed')}</p> : null}
        </form>
      ) : null}
    </Modal>
  );
}
