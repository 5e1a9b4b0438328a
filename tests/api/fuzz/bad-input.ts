// What the fuzz sends in place of a good value. Each list is the kind of input a tester (or a
// broken client) sends: wrong types, NUL and other awkward characters, numbers beyond what a column
// holds, texts far beyond any limit.

export const ONE_MEGABYTE = 1024 * 1024;

/** mulberry32: the same sequence on every run, so a failure can be replayed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values every field receives, and values each field receives with some (seeded) chance: a
 * password-checking operation costs an argon2 hash per request that passes validation, so not
 * every value goes everywhere, but over the operations each value goes somewhere. */
export interface Pool<T> {
  always: T[];
  sometimes: T[];
}

export function pick<T>(pool: Pool<T>, random: () => number, chance = 0.2): T[] {
  return [...pool.always, ...pool.sometimes.filter(() => random() < chance)];
}

/** Texts any field may receive, a path segment or query value as well as a JSON string. */
export function badTexts(random: () => number): Pool<string> {
  const noise = Array.from({ length: 24 }, () => String.fromCharCode(1 + Math.floor(random() * 0x2fff))).join('');
  return {
    always: ['', '\u0000', 'a\u0000b', '\ud800', '-1', '2147483648', '9007199254740992', 'a'.repeat(65_536)],
    sometimes: [
      ' ',
      '1\u0000',
      '\u0000'.repeat(64),
      'x\udfff',
      '\u202e\ufeff\u200b',
      '😀'.repeat(40),
      "'; drop table users; --",
      '%00',
      '../../etc/passwd',
      '0',
      '1.5',
      '1e309',
      'NaN',
      'Infinity',
      '2147483647',
      '99999999999999999999999',
      '-9223372036854775809',
      noise,
    ],
  };
}

/** The numbers a JSON field may receive: beyond int4, beyond safe integers, fractions, signs. */
export const BAD_NUMBERS: Pool<number> = {
  always: [-1, 1.5, 2147483648, 9007199254740992, 1e308],
  sometimes: [0, 0.5, -2147483649, 2147483647, 4294967296, 9007199254740991, 2 ** 63, 1e20, -1e308, Number.MIN_VALUE],
};

/** JSON values of every other type. */
export const BAD_JSON_VALUES: Pool<unknown> = { always: [null, true, [], {}], sometimes: [false, [1], { a: 1 }, ['\u0000'], { $gt: '' }] };

/** Whole bodies that are not what a JSON route expects. `type` null: no Content-Type header. */
export function badBodies(valid: string): { type: string | null; body: string }[] {
  const json = 'application/json';
  return [
    { type: json, body: '' },
    { type: json, body: '{' },
    { type: json, body: '{"a":' },
    { type: json, body: "{'a':1}" },
    { type: json, body: valid.slice(0, -1) },
    { type: json, body: `${valid}x` },
    { type: json, body: 'null' },
    { type: json, body: '[]' },
    { type: json, body: '"text"' },
    { type: json, body: '1' },
    { type: json, body: 'true' },
    { type: json, body: '\u0000' },
    { type: json, body: '{"__proto__":{"polluted":1}}' },
    { type: json, body: '{"constructor":{"prototype":{"polluted":1}}}' },
    { type: json, body: '['.repeat(100_000) + ']'.repeat(100_000) },
    { type: json, body: `{"pad":"${'a'.repeat(ONE_MEGABYTE)}"}` },
    { type: 'application/json; charset=utf-16', body: valid },
    { type: 'application/json; charset', body: valid },
    { type: 'text/plain', body: valid },
    { type: 'text/html', body: '<b>x</b>' },
    { type: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
    { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n' },
    { type: 'application/xml', body: '<a/>' },
    { type: '', body: valid },
    { type: 'json', body: valid },
    { type: null, body: valid },
  ];
}
