// Props of the attachment viewer built from the machine's own states (DESIGN §4), for stories and tests.
import type { AttachmentDetail } from '../../api/schemas/attachments.schema';
import { attachmentViewerMachine, type AttachmentViewerContext } from '../../machines/attachment-viewer/attachment-viewer.machine';
import { selectAttachmentViewerView, type AttachmentViewerViewModel } from '../../machines/attachment-viewer/attachment-viewer.selectors';

type StateValue = Parameters<typeof attachmentViewerMachine.resolveState>[0]['value'];

export function viewerAt(value: StateValue, detail: AttachmentDetail | null, context: Partial<AttachmentViewerContext> = {}): AttachmentViewerViewModel {
  const full: AttachmentViewerContext = {
    attachmentId: detail?.id ?? '1',
    detail,
    progress: null,
    content: null,
    playlistUrl: null,
    document: null,
    failure: null,
    ...context,
  };
  return selectAttachmentViewerView(attachmentViewerMachine.resolveState({ value, context: full }));
}
