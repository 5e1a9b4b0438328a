import { describe, expect, it, vi } from 'vitest';
import { attachmentLikeLogic } from './attachment-like.actor';
import { attachmentViewerLogic, saveFromUrl } from './attachment-viewer.actor';

describe('saveFromUrl (office documents, issue 11 §5)', () => {
  it('downloads through a same-tab download link under the server file name, and leaves nothing behind', () => {
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const open = vi.spyOn(window, 'open');
    saveFromUrl('/api/files/signed-token');
    expect(clicked).toHaveLength(1);
    expect(clicked[0].getAttribute('href')).toBe('/api/files/signed-token');
    expect(clicked[0].hasAttribute('download')).toBe(true);
    expect(clicked[0].getAttribute('download')).toBe('');
    expect(open).not.toHaveBeenCalled();
    expect(document.querySelector('a[download]')).toBeNull();
    click.mockRestore();
    open.mockRestore();
  });
});

describe('the lesson attachment machines, provided once (ADR 066)', () => {
  it('every lesson shares one provided viewer and one like machine; a viewer with its own save is its own', () => {
    expect(attachmentViewerLogic()).toBe(attachmentViewerLogic());
    expect(attachmentLikeLogic()).toBe(attachmentLikeLogic());
    const save = vi.fn();
    expect(attachmentViewerLogic({ save })).not.toBe(attachmentViewerLogic());
  });
});
