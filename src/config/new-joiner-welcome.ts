/** Issue 47, ADR 102: where the new joiner's welcome leads (SPEC §2 course lists, §6 learning maps). */
export const NEW_JOINER_WELCOME_LINKS = {
  /** The compulsory courses: the catalogue's "all" list filtered by kind (a new joiner is enrolled in none yet). */
  compulsory: '/courses/all?kind=compulsory',
  /** Offered only while the learning-map feature is on (SPEC §9). */
  learning_map: '/learning-map',
  /** The CPD ledger (issue 45), named in the introduction. */
  cpd: '/cpd',
  /** "Start learning": the home page. */
  start: '/main',
} as const;

export type NewJoinerWelcomeLink = keyof typeof NEW_JOINER_WELCOME_LINKS;
