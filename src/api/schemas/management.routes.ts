import { z } from 'zod/mini';
import { bearerSecurity, errorResponses, json, raw, route } from '../route-contract';
import { courseIdParamSchema } from './courses.schema';
import { apiErrorSchema } from './error.schema';
import {
  approveAllPayloadSchema,
  approveAllResultSchema,
  assignPayloadSchema,
  assignResultSchema,
  downlineListSchema,
  managedEnrolmentListSchema,
  managedEnrolmentSchema,
  managedEnrolmentsQuerySchema,
  pageQuerySchema,
  rejectPayloadSchema,
  reportQuerySchema,
  reportSchema,
} from './management.schema';

// ADR 018, issue 14: the manager's pages. Managers only (403 for anyone else); a manager reads and
// decides the enrolments of their own downlines only (another's answers 404: not disclosed).

const common = { tags: ['management'], security: bearerSecurity } as const;
const forbidden = { ...errorResponses.forbiddenOr('the caller is not a manager, or two-factor is missing') } as const;
const notFound = { 404: json("Not found: not a downline's enrolment, or the offline course feature is off", apiErrorSchema) };

export const listManagedEnrolmentsRoute = route({
  ...common,
  method: 'get',
  path: '/api/management/enrolments',
  summary: "The pending, confirmed or rejected enrolments of the caller's downlines, oldest request first",
  request: { query: managedEnrolmentsQuerySchema },
  responses: { 200: json('A page of enrolments', managedEnrolmentListSchema), ...errorResponses.badRequest, ...errorResponses.unauthorized, ...forbidden, ...notFound },
});

export const approveEnrolmentRoute = route({
  ...common,
  method: 'post',
  path: '/api/management/enrolments/:id/approve',
  summary: "Approve a downline's pending enrolment; the learner is notified",
  description: 'One seat decision on the locked course row (ADR 031). Refused: not pending (409); no seat left (409 code OfflineNoQuota, after a lowered quota).',
  request: { params: courseIdParamSchema },
  responses: {
    200: json('The confirmed enrolment', managedEnrolmentSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...forbidden,
    ...notFound,
    409: json('Not pending, or no seat left', apiErrorSchema),
  },
});

export const rejectEnrolmentRoute = route({
  ...common,
  method: 'post',
  path: '/api/management/enrolments/:id/reject',
  summary: "Reject a downline's pending enrolment with a reason; the freed seat goes to the first waiting; the learner is notified",
  request: { params: courseIdParamSchema, body: rejectPayloadSchema },
  responses: {
    200: json('The rejected enrolment', managedEnrolmentSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...forbidden,
    ...notFound,
    409: json('Not pending', apiErrorSchema),
  },
});

export const approveAllRoute = route({
  ...common,
  method: 'post',
  path: '/api/management/enrolments/approve_all',
  summary: "Approve every pending enrolment of the caller's downlines (or of one course), in request order up to the seats left",
  description: 'One transaction per course on its locked row. The rest stay pending, each with the reason.',
  request: { body: approveAllPayloadSchema },
  responses: { 200: json('What was approved and what stays pending', approveAllResultSchema), ...errorResponses.badRequest, ...errorResponses.unauthorized, ...forbidden, ...notFound },
});

export const assignEnrolmentsRoute = route({
  ...common,
  method: 'post',
  path: '/api/management/assignments',
  summary: 'Enrol up to 10 downlines in a classroom course (confirmed at once); each is notified',
  description:
    'SPEC §9: at most 10 per batch (400). The quota holds: one transaction on the locked course row; when fewer seats are left than new people, nothing is stored (409 code OfflineNoQuota). ' +
    'Someone not a downline: 400. After the enrolment deadline: 403 code OfflineEnrolmentClosed.',
  request: { body: assignPayloadSchema },
  responses: {
    200: json('The new enrolments and who was enrolled already', assignResultSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    403: json('XSRF or two-factor missing, not a manager, or enrolment closed', apiErrorSchema),
    ...notFound,
    409: json('Not enough seats left', apiErrorSchema),
  },
});

export const listAssignmentsRoute = route({
  ...common,
  method: 'get',
  path: '/api/management/assignments',
  summary: "The caller's manager-assigned enrolments, newest first",
  request: { query: pageQuerySchema },
  responses: { 200: json('A page of assigned enrolments', managedEnrolmentListSchema), ...errorResponses.badRequest, ...errorResponses.unauthorized, ...forbidden, ...notFound },
});

export const listDownlinesRoute = route({
  ...common,
  method: 'get',
  path: '/api/management/downlines',
  summary: "The caller's downlines (agents and recruits whose upline is the caller), by name",
  responses: { 200: json('The downlines', downlineListSchema), ...errorResponses.unauthorized, ...forbidden },
});

export const getReportRoute = route({
  ...common,
  method: 'get',
  path: '/api/management/report',
  summary: 'Per downline: courses completed, in progress and overdue, on-screen hours, CPD hours split Ethics/Regulations vs other',
  description: 'The period defaults to this IA year (1 Aug–31 Jul, server clock); from and to are days, both included.',
  request: { query: reportQuerySchema },
  responses: { 200: json('The report', reportSchema), ...errorResponses.badRequest, ...errorResponses.unauthorized, ...forbidden },
});

export const getReportCsvRoute = route({
  ...common,
  method: 'get',
  path: '/api/management/report.csv',
  summary: 'The user report as CSV (text/csv, RFC 4180 quoting, headers in the request language)',
  request: { query: reportQuerySchema },
  responses: {
    200: raw('The report as CSV', { 'text/csv': { schema: z.string() } }),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...forbidden,
  },
});
