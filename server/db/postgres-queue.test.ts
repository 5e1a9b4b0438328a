import { describe, expect, it } from 'vitest';

// patches/postgres+3.4.9.patch, ADR 044: postgres.js's queue kept every slot it shifted out until
// it was empty, and a pool's queue of busy connections is never empty under load; with two
// connections pipelining, it grew by one slot a statement and each move of a connection scanned
// all of it (4% of users/current's CPU in the profile, a replay of 200,000 moves 5.5 s instead of
// 18 ms). The patch drops the shifted slots once they are half the array. This checks that the
// queue still behaves as a queue: first in, first out, with removal anywhere, against a plain list.

interface PgQueue<T> {
  readonly length: number;
  push(x: T): T;
  shift(): T | undefined;
  remove(x: T): T | null;
}

describe('postgres.js queue, as patched (ADR 044)', () => {
  it('is first in, first out with removals, through many compactions, like a plain list', async () => {
    // postgres.js's own queue, not part of its public API (nor of its exports): the pool moves its
    // connections between queues of this kind on every statement.
    const { default: Queue } = (await import(new URL('../../node_modules/postgres/src/queue.js', import.meta.url).href)) as { default: () => PgQueue<number> };
    const queue = Queue();
    const model: number[] = [];
    let seed = 44;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    let next = 0;
    for (let step = 0; step < 20_000; step += 1) {
      const r = random();
      if (r < 0.5 || model.length === 0) {
        queue.push(next);
        model.push(next);
        next += 1;
      } else if (r < 0.85) {
        expect(queue.shift()).toBe(model.shift());
      } else {
        const target = random() < 0.8 ? model[Math.floor(random() * model.length)] : -1;
        const at = model.indexOf(target);
        if (at >= 0) model.splice(at, 1);
        expect(queue.remove(target)).toBe(at >= 0 ? target : null);
      }
      expect(queue.length).toBe(model.length);
    }
    while (model.length > 0) expect(queue.shift()).toBe(model.shift());
  });
});
