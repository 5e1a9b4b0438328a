// The address of the replay page, kept apart from its machine so the ledger page links to it without loading it.

/** The replay page of a ledger row or day (the ledger page's links). */
export function replayHref(userId: string, what: { day: string } | { courseId: string } | { offlineCourseId: string }): string {
  const q = 'day' in what ? `day=${what.day}` : 'courseId' in what ? `course_id=${encodeURIComponent(what.courseId)}` : `offline_course_id=${encodeURIComponent(what.offlineCourseId)}`;
  return `/cpd/report/ledger/${encodeURIComponent(userId)}/replay?${q}`;
}
