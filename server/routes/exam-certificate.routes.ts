import { getExamCertificateRoute, listExamCertificatesRoute } from '../../src/api/schemas/exam-certificate.routes';
import { examCertificate, listExamCertificates } from '../domain/exam-certificate';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** The certificate of a passed examination (SPEC §3, ADR 025): the caller's own attempt only. */
export function registerExamCertificateRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, getExamCertificateRoute, s.requireFullAuth, async (c, { params }) => {
    const caller = { userId: c.get('session').userId, lang: langOf(c), now: new Date(s.clock.now()), config: s.config };
    return c.json(await examCertificate(s.db, Number(params.id), caller), 200);
  });

  // The profile page's list: the same rule, every certificate of the caller.
  defineRoute(app, listExamCertificatesRoute, s.requireFullAuth, async (c, { query }) => {
    const caller = { userId: c.get('session').userId, lang: langOf(c), now: new Date(s.clock.now()), config: s.config };
    return c.json(await listExamCertificates(s.db, query, caller), 200);
  });
}
