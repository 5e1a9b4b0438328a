import { readFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error: jsdom ships no types here (vitest's DOM environment uses it)
import { JSDOM as UntypedJsdom } from 'jsdom';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { DEFAULT_OUT, LAUNCH_FILE, packageFiles } from '../../scripts/build-scorm-demo.mjs';

// Issue 13 / ADR 029: the demo SCORM 1.2 package is made by scripts/build-scorm-demo.mjs and
// committed. Its SCO finds the API in its opener and records a location, suspend_data and a score,
// and resumes from them. Here it runs in jsdom against a fake SCORM 1.2 API (a plain store).

const files = packageFiles() as Record<string, string>;

interface Dom {
  window: Window & typeof globalThis & { eval(code: string): unknown };
}
const JSDOM = UntypedJsdom as new (html: string, options: { url: string; runScripts: 'outside-only' }) => Dom;

interface FakeApi {
  store: Record<string, string>;
  calls: string[];
  LMSInitialize(arg: string): string;
  LMSGetValue(name: string): string;
  LMSSetValue(name: string, value: string): string;
  LMSCommit(arg: string): string;
  LMSFinish(arg: string): string;
}

function fakeApi(store: Record<string, string> = {}): FakeApi {
  const api: FakeApi = {
    store: { 'cmi.core.lesson_status': 'not attempted', 'cmi.core.lesson_location': '', 'cmi.suspend_data': '', ...store },
    calls: [],
    LMSInitialize: () => (api.calls.push('init'), 'true'),
    LMSGetValue: (name) => api.store[name] ?? '',
    LMSSetValue: (name, value) => ((api.store[name] = value), 'true'),
    LMSCommit: () => (api.calls.push('commit'), 'true'),
    LMSFinish: () => (api.calls.push('finish'), 'true'),
  };
  return api;
}

/** Opens the SCO in jsdom as a popup of a window that holds `api`. */
function openSco(api: FakeApi, lang = 'en') {
  const dom = new JSDOM(files[LAUNCH_FILE], { url: `http://localhost/scorm/demo-12/index.html?lang=${lang}`, runScripts: 'outside-only' });
  Object.defineProperty(dom.window, 'opener', { value: { API: api } });
  dom.window.eval(files['sco.js']);
  const byTestId = (id: string) => dom.window.document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
  return { dom, byTestId };
}

describe('the demo SCORM 1.2 package', () => {
  it('is committed as the script writes it', () => {
    for (const [name, text] of Object.entries(files)) expect(readFileSync(path.join(DEFAULT_OUT, name), 'utf8'), name).toBe(text);
  });

  it('has a manifest whose SCO launches a file of the package, with no inline script', () => {
    expect(files['imsmanifest.xml']).toContain('<schemaversion>1.2</schemaversion>');
    expect(files['imsmanifest.xml']).toContain(`adlcp:scormtype="sco" href="${LAUNCH_FILE}"`);
    for (const href of files['imsmanifest.xml'].matchAll(/<file href="([^"]+)"/g)) expect(files).toHaveProperty([href[1]]);
    // The app's CSP is script-src 'self' (server/http/security-headers.ts).
    expect(files[LAUNCH_FILE]).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(files[LAUNCH_FILE]).not.toMatch(/\son[a-z]+=/);
  });

  it('finds the API in its opener and records a location, suspend_data and a score', () => {
    const api = fakeApi();
    const { dom, byTestId } = openSco(api);
    expect(api.calls[0]).toBe('init');
    expect(api.store['cmi.core.lesson_status']).toBe('incomplete');
    byTestId('sco-next').click();
    byTestId('sco-next').click();
    expect(api.store['cmi.core.lesson_location']).toBe('3');
    const note = byTestId('sco-note') as HTMLTextAreaElement;
    note.value = 'ask about dependants';
    note.dispatchEvent(new dom.window.Event('change'));
    byTestId('sco-answer-a').click();
    expect(api.store['cmi.core.score.raw']).toBe('100');
    expect(api.store['cmi.core.score.max']).toBe('100');
    expect(api.store['cmi.core.lesson_status']).toBe('passed');
    expect(JSON.parse(api.store['cmi.suspend_data'])).toEqual({ seen: [1, 2, 3], note: 'ask about dependants', answer: 'a' });
    expect(api.calls.filter((c) => c === 'commit').length).toBeGreaterThanOrEqual(4);
    dom.window.dispatchEvent(new dom.window.Event('pagehide'));
    expect(api.store['cmi.core.exit']).toBe('suspend');
    expect(api.calls.at(-1)).toBe('finish');
  });

  it('resumes at the stored location with the stored note and answer', () => {
    const api = fakeApi({
      'cmi.core.lesson_status': 'incomplete',
      'cmi.core.lesson_location': '2',
      'cmi.suspend_data': JSON.stringify({ seen: [1, 2], note: 'kept', answer: null }),
    });
    const { byTestId } = openSco(api, 'zh');
    expect(byTestId('sco-page').textContent).toBe('第 2 頁，共 3 頁');
    expect((byTestId('sco-note') as HTMLTextAreaElement).value).toBe('kept');
    expect(byTestId('sco-status').textContent).toBe('已從上次離開的地方繼續。');
    expect(api.store['cmi.core.lesson_status']).toBe('incomplete');
  });

  it('says that nothing is saved when no API is found', () => {
    const dom = new JSDOM(files[LAUNCH_FILE], { url: 'http://localhost/scorm/demo-12/index.html', runScripts: 'outside-only' });
    dom.window.eval(files['sco.js']);
    expect(dom.window.document.querySelector('[data-testid="sco-status"]')!.textContent).toContain('nothing is saved');
  });
});
