/** Issue 47, ADR 102: longest note text and longest quoted passage (the messages name the same numbers). */
export const READING_NOTE_TEXT_MAX = 2000;
export const READING_NOTE_QUOTE_MAX = 1000;
