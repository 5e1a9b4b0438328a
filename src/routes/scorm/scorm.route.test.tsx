import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../api/test-helpers';
import { sampleRuntime } from '../../machines/scorm/scorm.fixtures';
import { renderWithI18n } from '../../ui/testing/render';
import { ScormLauncher } from './scorm.route';

// ADR 029: when the window goes away (pagehide: closed, reloaded, navigated), the newest commit the
// server has not confirmed leaves with a keepalive fetch, which the browser finishes after the page.

type Api12 = { LMSInitialize(p: string): string; LMSSetValue(k: string, v: string): string; LMSCommit(p: string): string };
const host = window as unknown as Record<string, unknown>;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  delete host.API;
});

/** The synchronous send of LMSCommit (ADR 029) gets no answer either: the network fails. */
class UnansweredXhr {
  status = 0;
  responseText = '';
  open() {}
  setRequestHeader() {}
  send() {
    throw new DOMException('no answer', 'NetworkError');
  }
}

async function launch(answerPut: (request: Request) => Promise<Response>) {
  vi.stubGlobal('XMLHttpRequest', UnansweredXhr);
  const net = stubFetch((request) => (request.method === 'GET' ? json(sampleRuntime({ entry: 'ab-initio' })) : answerPut(request)));
  const popup = { closed: false, close: vi.fn(), location: { replace: vi.fn() } };
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  renderWithI18n(<ScormLauncher itemId="5" title="Demo package" />);
  await userEvent.click(screen.getByRole('button'));
  await vi.waitFor(() => expect(host.API).toBeDefined());
  const api = host.API as Api12;
  api.LMSInitialize('');
  return { net, api };
}

const puts = (requests: Request[]) => requests.filter((r) => r.method === 'PUT');

describe('SCORM launcher on pagehide (ADR 029)', () => {
  it('sends the newest unconfirmed commit with fetch keepalive', async () => {
    // The server never answers the first commit: it and the one after it stay unconfirmed.
    const { net, api } = await launch(() => new Promise<Response>(() => undefined));
    api.LMSSetValue('cmi.core.lesson_location', 'page-3');
    // Not confirmed, so the SCO is not told it was stored.
    expect(api.LMSCommit('')).toBe('false');
    await vi.waitFor(() => expect(puts(net.requests)).toHaveLength(1));
    api.LMSSetValue('cmi.core.lesson_location', 'page-4');
    api.LMSSetValue('cmi.suspend_data', '{"seen":[1,2,3,4]}');
    api.LMSCommit('');

    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(puts(net.requests)).toHaveLength(2));
    const last = puts(net.requests)[1];
    expect(last.keepalive).toBe(true);
    expect(new URL(last.url).pathname).toBe('/api/scorm/5/runtime');
    expect(await last.clone().json()).toMatchObject({ launch: 2, seq: 2, location: 'page-4', suspend_data: '{"seen":[1,2,3,4]}' });
    expect(puts(net.requests)[0].keepalive).toBe(false);
  });
});
