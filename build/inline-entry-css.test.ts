import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-entry-css';

describe('inlineStylesheets', () => {
  const html = '<head>\n<script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/s-b.css">\n</head>';

  it('writes a known stylesheet into the page and leaves scripts linked', () => {
    const out = inlineStylesheets(html, (href) => (href === '/assets/s-b.css' ? 'body{margin:0}\n' : undefined));
    // Named by its file: the early script (build/early-script.ts) links it, disabled, for Vite's preload helper (ADR 074).
    expect(out).toContain('<style data-href="/assets/s-b.css">body{margin:0}</style>');
    expect(out).not.toContain('<link rel="stylesheet"');
    expect(out.match(/s-b\.css/g)).toHaveLength(1);
    expect(out).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
  });

  it('keeps the link of a sheet it cannot read, or whose text would end the <style> element', () => {
    expect(inlineStylesheets(html, () => undefined)).toBe(html);
    expect(inlineStylesheets(html, () => 'a::after{content:"</style>"}')).toBe(html);
  });
});
