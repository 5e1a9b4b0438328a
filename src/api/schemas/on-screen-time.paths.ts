// The path of a course's on-screen total, apart from its contract (on-screen-time.routes.ts) so that
// the lesson's loader can send the request early without the schemas (ADR 035).

export const courseTotalPath = '/api/on_screen_log/course/:id/total';
