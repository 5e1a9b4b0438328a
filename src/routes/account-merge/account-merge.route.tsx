import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { selectAccountMergeView } from '../../machines/account-merge/account-merge.selectors';
import { AccountMergeView } from '../../ui/account-merge/account-merge-view';
import { PublicPage } from '../../ui/public-page/public-page';
import { useAppConfig } from '../app-context';
import { RecruitsNamespace } from '../recruit-accounts/recruit-accounts-namespace';
import { accountMergeRouteMachine } from './account-merge.actor';

const LOCALES = { en: 'en-HK', cn: 'zh-CN', zh: 'zh-HK' } as const;

function MergeFlow({ token, undoToken = null }: { token: string | null; undoToken?: string | null }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const actor = useActorRef(accountMergeRouteMachine);
  const view = useSelector(actor, selectAccountMergeView);
  useEffect(() => {
    if (token !== null) actor.send({ type: 'link.open', token });
    else if (undoToken !== null) actor.send({ type: 'undo.open', undoToken });
  }, [actor, token, undoToken]);
  const locale = LOCALES[i18n.language as keyof typeof LOCALES] ?? 'en-HK';
  return (
    <AccountMergeView
      view={view}
      formatTime={(iso) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}
      onRequest={(payload) => actor.send({ type: 'form.submit', payload })}
      onConfirm={(payload) => actor.send({ type: 'merge.confirm', payload })}
      onEdit={() => actor.send({ type: 'form.edit' })}
      onUndo={() => actor.send({ type: 'merge.undo' })}
      onNavigate={(to) => navigate(to)}
    />
  );
}

/** /merge (a signed-in recruit): the merge form, then "check your email". */
export default function AccountMergeRoute() {
  return (
    <RecruitsNamespace>
      <MergeFlow token={null} />
    </RecruitsNamespace>
  );
}

/** /merge/verify?token=… (the emailed link, no sign-in needed): the preview, the agent's sign-in, the merge. */
export function AccountMergeVerifyRoute() {
  const config = useAppConfig();
  const [params] = useSearchParams();
  return (
    <PublicPage productTitle={config.productTitle}>
      <RecruitsNamespace>
        <MergeFlow token={params.get('token') ?? ''} />
      </RecruitsNamespace>
    </PublicPage>
  );
}

/** /merge/undo?token=… (the merge-done email's link, no sign-in needed): the undo, within its window (issue 43). */
export function AccountMergeUndoRoute() {
  const config = useAppConfig();
  const [params] = useSearchParams();
  return (
    <PublicPage productTitle={config.productTitle}>
      <RecruitsNamespace>
        <MergeFlow token={null} undoToken={params.get('token') ?? ''} />
      </RecruitsNamespace>
    </PublicPage>
  );
}
