import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listIdentityChecks } from '../../api/identity-checks.api';
import type { IdentityChecksResponse } from '../../api/schemas/identity-checks.schema';
import { selectAnswered, selectCanVerifyManually, selectPromptsRunning } from '../../machines/continual-auth/continual-auth.selectors';
import { IdentityChecksView, type IdentityChecksStatus } from '../../ui/identity-checks/identity-checks-view';
import { useContinualAuth, useContinualAuthState } from '../continual-auth/continual-auth-provider';
import { identityChecksTitle } from './identity-checks.handle';

/** Route data (title), given with the lazy module. */
export const handle = identityChecksTitle;

export const PER_PAGE = 10;

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /profile/identity-checks: the learner's own evidence, paged by ?page=, with a manual check. */
export default function IdentityChecksRoute() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const ca = useContinualAuth();
  const canVerify = useContinualAuthState(selectCanVerifyManually, false);
  const promptsRunning = useContinualAuthState(selectPromptsRunning, false);
  // Every answer checked by the server is new evidence: the list reloads.
  const answered = useContinualAuthState(selectAnswered, 0);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<IdentityChecksStatus>('loading');
  const [result, setResult] = useState<IdentityChecksResponse | null>(null);

  useEffect(() => {
    let current = true;
    setStatus('loading');
    listIdentityChecks({ page, per_page: PER_PAGE }).then(
      (next) => {
        if (!current) return;
        setResult(next);
        setStatus('ready');
      },
      () => {
        if (current) setStatus('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [page, answered, attempt]);

  return (
    <IdentityChecksView
      status={status}
      result={result}
      showVerify={ca !== null}
      canVerify={canVerify}
      promptsRunning={promptsRunning}
      onVerify={() => ca?.verifyNow()}
      onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}
