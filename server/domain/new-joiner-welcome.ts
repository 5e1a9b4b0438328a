import type { NewJoinerWelcomeList } from '../../src/api/schemas/new-joiner-welcome.schema';

/** The business rules of new-joiner-welcome (DESIGN §2: pure where possible). A sample: replace it. */
export function newJoinerWelcomeFor(userId: number): NewJoinerWelcomeList {
  return { items: [{ id: String(userId), title: 'First' }] };
}
