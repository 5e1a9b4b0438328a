// The path of the signed-in user, apart from its contract (users.routes.ts) so that the layout's
// first read (src/routes/layout/layout.first-reads.ts) names it without the schemas (ADR 088).

export const currentUserPath = '/api/users/current';
