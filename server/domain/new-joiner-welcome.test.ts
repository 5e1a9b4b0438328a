import { describe, expect, it } from 'vitest';
import { newJoinerWelcomeListSchema } from '../../src/api/schemas/new-joiner-welcome.schema';
import { newJoinerWelcomeFor } from './new-joiner-welcome';

describe('new-joiner-welcome domain', () => {
  it('answers what the contract declares', () => {
    expect(newJoinerWelcomeListSchema.parse(newJoinerWelcomeFor(7))).toEqual({ items: [{ id: '7', title: 'First' }] });
  });
});
