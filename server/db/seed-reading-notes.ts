import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from './client';
import { attachments, courseItems, readingNotes } from './schema';

// Issue 47: agent01's two demo reading notes, one on page 2 of a PDF, so /notes shows something.

export async function seedReadingNotes(tx: Db, { userId, now }: { userId: (code: string) => number; now: number }): Promise<void> {
  const [pdf] = await tx
    .select({ id: courseItems.id, courseId: courseItems.courseId, attachmentId: courseItems.attachmentId })
    .from(courseItems)
    .innerJoin(attachments, eq(attachments.id, courseItems.attachmentId))
    .where(eq(attachments.type, 'pdf'))
    .orderBy(asc(courseItems.id))
    .limit(1);
  const [reading] = await tx.select({ id: courseItems.id, courseId: courseItems.courseId }).from(courseItems).where(and(isNull(courseItems.attachmentId), eq(courseItems.kind, 'reading'))).orderBy(asc(courseItems.id)).limit(1);
  const owner = userId('agent01');
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000);
  const rows = [
    pdf && { userId: owner, courseId: pdf.courseId, itemId: pdf.id, attachmentId: pdf.attachmentId, pdfPage: 2, text: 'Ask the client about this before the needs analysis.', quote: null, createdAt: at(26), updatedAt: at(26) },
    reading && { userId: owner, courseId: reading.courseId, itemId: reading.id, attachmentId: null, pdfPage: null, text: 'Key point for the exam: disclose every commission.', quote: null, createdAt: at(2), updatedAt: at(2) },
  ].filter((row) => !!row);
  if (rows.length > 0) await tx.insert(readingNotes).values(rows);
}
