import type { AttachmentSummary } from '../../src/api/schemas/courses.schema';
import type { attachments } from '../db/schema';

// An attachment as a list shows it: shared by the course detail (courses.ts) and the material
// library (attachments.ts), in a module of its own so neither of those imports the other both ways
// (ADR 023: no runtime import cycles).

export type AttachmentRow = typeof attachments.$inferSelect;

export function attachmentSummaryOf(a: AttachmentRow, completed: boolean): AttachmentSummary {
  return {
    id: String(a.id),
    name: a.name,
    type: a.type,
    size: a.size,
    language: a.language,
    media_duration: a.mediaDuration,
    page_count: a.pageCount,
    completed,
  };
}
