import { describe, expect, it } from 'vitest';
import { chooseContentCoding, varyOnAcceptEncoding } from './content-encoding';

describe('chooseContentCoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=1.0, gzip', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['br;q=0, gzip;q=0', null],
    ['', null],
    [undefined, null],
  ])('Accept-Encoding %j → %s', (header, expected) => {
    expect(chooseContentCoding(header)).toBe(expected);
  });

  it('offers only what the caller has', () => {
    expect(chooseContentCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseContentCoding('br', ['gzip'])).toBeNull();
  });
});

describe('varyOnAcceptEncoding', () => {
  it('adds Accept-Encoding once', () => {
    expect(varyOnAcceptEncoding(null)).toBe('Accept-Encoding');
    expect(varyOnAcceptEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnAcceptEncoding('Origin, accept-encoding')).toBe('Origin, accept-encoding');
    expect(varyOnAcceptEncoding('*')).toBe('*');
  });
});
