import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { selectCpdStatementView } from '../../machines/cpd-statement/cpd-statement.selectors';
import { CpdVerifyView } from '../../ui/cpd-statement/cpd-verify-view';
import { cpdStatementRouteMachine } from './cpd-statement.actor';
import { CpdStatementNamespace } from './cpd-statement-namespace';

function CpdVerifyPage({ code }: { code: string }) {
  const actor = useActorRef(cpdStatementRouteMachine, { input: { code } });
  const view = useSelector(actor, selectCpdStatementView);
  // /verify/<code> (the link printed on the paper): checked at once; a malformed one waits in the form.
  useEffect(() => {
    if (code) actor.send({ type: 'submit' });
  }, [actor, code]);
  return <CpdVerifyView view={view} onEdit={(typed) => actor.send({ type: 'code.edit', code: typed })} onSubmit={() => actor.send({ type: 'submit' })} onRetry={() => actor.send({ type: 'retry' })} />;
}

/** /verify/:code? (issue 45): public, signed in or not — is a CPD statement or certificate genuine? */
export default function CpdStatementRoute() {
  const { code = '' } = useParams();
  return (
    <CpdStatementNamespace>
      <CpdVerifyPage key={code} code={code} />
    </CpdStatementNamespace>
  );
}
