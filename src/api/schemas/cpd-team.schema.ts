import { z } from 'zod/mini';
import { text } from './bounds.schema';

// Issue 45, the upline's team compliance (ADR 087): each of the caller's own downlines in a CPD
// period, their minutes against the target, what is still needed and a forecast at the pace of the
// period so far. Every figure is the server's (cpdTotals, the server clock); minutes are integers.

/** Where a downline is heading: at the pace so far they reach the target by the period's end, or not, or they have. */
export const CPD_FORECASTS = ['met', 'on_track', 'at_risk'] as const;
export type CpdForecast = (typeof CPD_FORECASTS)[number];

/** The orders the server sorts the team in (the default: name). */
export const CPD_TEAM_SORTS = ['name', 'agent_code', 'minutes', 'needed', 'forecast'] as const;
export type CpdTeamSort = (typeof CPD_TEAM_SORTS)[number];

/** ?period=2026&atRisk=true&sort=needed — the period is checked by the server (a code, as the ledger's). */
export const cpdTeamQuerySchema = z.object({
  period: z.optional(text()),
  atRisk: z.optional(z.enum(['true', 'false'], { error: 'validation:cpd_team_at_risk_invalid' })),
  sort: z.optional(z.enum(CPD_TEAM_SORTS, { error: 'validation:cpd_team_sort_invalid' })),
});
export type CpdTeamQuery = z.infer<typeof cpdTeamQuerySchema>;

const minutes = z.int().check(z.nonnegative());

export const cpdTeamRowSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  agent_code: z.string(),
  minutes,
  ethics_minutes: minutes,
  target_minutes: minutes,
  target_ethics_minutes: minutes,
  needed_minutes: minutes,
  needed_ethics_minutes: minutes,
  days_left: z.int().check(z.nonnegative()),
  forecast: z.enum(CPD_FORECASTS),
});
export type CpdTeamRow = z.infer<typeof cpdTeamRowSchema>;

export const cpdTeamPeriodSchema = z.object({
  start_year: z.int(),
  starts_on: z.string(),
  ends_on: z.string(),
  days_left: z.int().check(z.nonnegative()),
});

export const cpdTeamSchema = z.object({
  period: cpdTeamPeriodSchema,
  /** Sorted and filtered by the server as asked. */
  rows: z.array(cpdTeamRowSchema),
});
export type CpdTeam = z.infer<typeof cpdTeamSchema>;
