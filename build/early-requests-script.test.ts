import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EARLY_REQUESTS_CSP_HASH } from '../server/http/early-requests-hash';
import { EARLY_REQUESTS_SCRIPT, inlineEarlyRequests } from './early-requests-script';

describe('inlineEarlyRequests (ADR 048)', () => {
  const html = readFileSync('index.html', 'utf8');

  it("writes public/early-requests.js into index.html's head, before the app's entry, in place of its link", () => {
    const out = inlineEarlyRequests(html);
    expect(out).not.toContain('src="/early-requests.js"');
    const inline = out.indexOf(`<script>${readFileSync('public/early-requests.js', 'utf8')}</script>`);
    expect(inline).toBeGreaterThan(-1);
    expect(inline).toBeLessThan(out.indexOf('</head>'));
    expect(inline).toBeLessThan(out.indexOf('src="/src/main.tsx"'));
  });

  it("inlines the very text whose hash the server's CSP names", async () => {
    const { createHash } = await import('node:crypto');
    expect(EARLY_REQUESTS_CSP_HASH).toBe(`'sha256-${createHash('sha256').update(EARLY_REQUESTS_SCRIPT, 'utf8').digest('base64')}'`);
    expect(EARLY_REQUESTS_SCRIPT.length).toBeGreaterThan(500);
  });

  it('fails the build when index.html no longer links the script, or its text would end the element early', () => {
    expect(() => inlineEarlyRequests('<head></head>')).toThrow(/no longer links/);
    expect(() => inlineEarlyRequests(html, 'var a = "</script>";')).toThrow(/cannot be inlined/);
  });
});
