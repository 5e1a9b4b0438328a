import { z } from 'zod/mini';

// Issue 47, ADR 102: whether the signed-in new joiner's welcome is still due. The server decides
// from its records (users.welcomed_at, the forced password change done); dismissing it is recorded
// there, so it does not come back on another device.

export const newJoinerWelcomeSchema = z.object({ due: z.boolean() });
export type NewJoinerWelcome = z.infer<typeof newJoinerWelcomeSchema>;
