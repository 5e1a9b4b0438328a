/** Issue 48, ADR 103: recommending a course to colleagues. At most this many recipients per
 * request (the messages name the same number). */
export const COURSE_RECOMMENDATION_MAX = 10;
/** The colleague search waits this long after the last keystroke before it asks the server. */
export const COURSE_RECOMMENDATION_SEARCH_DELAY_MS = 300;
/** Colleagues per page of the search ("More" asks for the next page). */
export const COURSE_RECOMMENDATION_PER_PAGE = 10;
