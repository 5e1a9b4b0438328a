import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ProfilePeriod } from '../../machines/profile/profile.machine';
import { selectProfileView } from '../../machines/profile/profile.selectors';
import { ProfileView } from '../../ui/profile/profile-view';
import { useAppConfig, useCurrentUser } from '../app-context';
import { profileRouteMachine } from './profile.actor';
import { ProfileNamespace } from './profile-namespace';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The address is the page's period: ?from=2026-01-01&to=2026-06-30 (anything else: the server's default). */
function periodOf(params: URLSearchParams): ProfilePeriod {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return { ...(DAY.test(from) ? { from } : {}), ...(DAY.test(to) ? { to } : {}) };
}

function ProfilePage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params);
  const logic = useMemo(() => profileRouteMachine(t('profile:picture_unreadable')), [t]);
  const actor = useActorRef(logic, { input: { period, mockExams: config.appEnabledFunction.mockExam } });
  // The machine compares by value: the same period on every render does not reload.
  useEffect(() => {
    actor.send({ type: 'period.change', period });
  });
  const view = useSelector(actor, selectProfileView);
  return (
    <ProfileView
      view={view}
      user={user}
      onPeriod={(from, to) => {
        const out = new URLSearchParams();
        if (from) out.set('from', from);
        if (to) out.set('to', to);
        setParams(out);
      }}
      onRetry={() => actor.send({ type: 'retry' })}
      onPicture={(kind, file) => actor.send({ type: 'picture.choose', kind, file, name: file.name })}
      onMoreCertificates={() => actor.send({ type: 'certificates.more' })}
    />
  );
}

/** /profile: the learner's pictures, courses completed, hours and CPD hours for a period, mock exam figures (SPEC §1, §7). */
export default function ProfileRoute() {
  return (
    <ProfileNamespace>
      <ProfilePage />
    </ProfileNamespace>
  );
}
