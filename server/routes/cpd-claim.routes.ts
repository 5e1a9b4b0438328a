import {
  getCpdClaimEvidenceRoute,
  getCpdClaimRoute,
  getCpdClaimsRoute,
  getTeamCpdClaimsRoute,
  postCpdClaimDecisionRoute,
  postCpdClaimRoute,
  putCpdClaimRoute,
} from '../../src/api/schemas/cpd-claim.routes';
import { createClaim, decideClaim, ownClaims, readEvidence, readableClaim, resendClaim, teamPendingClaims, toCpdClaim } from '../domain/cpd-claim';
import { cpdConfig, periodAsked, type LedgerReader } from '../domain/cpd-ledger';
import type { Context } from 'hono';
import { periodOf } from '../domain/cpd-period';
import type { AppEnv } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** Issue 45, ADR 086: claims for outside CPD activities. Server clock and records only. */
export function registerCpdClaimRoutes(app: ApiApp, s: AppServices): void {
  const readerOf = (c: Context<AppEnv>): LedgerReader => ({ userId: c.get('session').userId, role: c.get('session').user.role });
  const now = () => new Date(s.clock.now());

  defineRoute(app, postCpdClaimRoute, s.requireFullAuth, async (c, { form }) => {
    // The form declares its file required: readForm answered 400 without one.
    const claim = await createClaim(s.db, s.files, c.get('session').userId, form.fields, form.file!, now());
    return c.json(toCpdClaim(claim, readerOf(c)), 201);
  });

  defineRoute(app, getCpdClaimsRoute, s.requireFullAuth, async (c, { query }) => {
    const at = now();
    const period = periodAsked(query.period, at, await cpdConfig(s.db));
    const reader = readerOf(c);
    const claims = await ownClaims(s.db, reader.userId, period);
    return c.json({ period, data: claims.map((claim) => toCpdClaim(claim, reader)) }, 200);
  });

  defineRoute(app, getTeamCpdClaimsRoute, s.requireFullAuth, async (c) => {
    const at = now();
    const reader = readerOf(c);
    const claims = await teamPendingClaims(s.db, reader.userId);
    return c.json({ period: periodOf(at), data: claims.map((claim) => toCpdClaim(claim, reader)) }, 200);
  });

  defineRoute(app, getCpdClaimRoute, s.requireFullAuth, async (c, { params }) => {
    const reader = readerOf(c);
    return c.json(toCpdClaim(await readableClaim(s.db, reader, Number(params.id), now()), reader), 200);
  });

  defineRoute(app, getCpdClaimEvidenceRoute, s.requireFullAuth, async (c, { params }) => {
    const { claim } = await readableClaim(s.db, readerOf(c), Number(params.id), now());
    const bytes = await readEvidence(s.files, claim);
    // The stored type is the one the server found in the bytes; nosniff comes with every answer.
    return c.body(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), 200, {
      'Content-Type': claim.evidenceMediaType,
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': dispositionOf(claim.evidenceName),
      'Cache-Control': 'private, no-store',
    });
  });

  defineRoute(app, putCpdClaimRoute, s.requireFullAuth, async (c, { params, form }) => {
    const claim = await resendClaim(s.db, s.files, c.get('session').userId, Number(params.id), form.fields, form.file, now());
    return c.json(toCpdClaim(claim, readerOf(c)), 200);
  });

  defineRoute(app, postCpdClaimDecisionRoute, s.requireFullAuth, async (c, { params, body }) => {
    const claim = await decideClaim(s.db, c.get('session').userId, Number(params.id), body, now());
    return c.json(toCpdClaim(claim, readerOf(c)), 200);
  });
}

/** An ASCII fallback plus the exact UTF-8 name (RFC 6266), as attachments.ts downloads do. */
function dispositionOf(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
