import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text';
import { printedDay, printedMoment } from './pdf-dates';
import { makePdf } from './pdf-document';

// Issue 45 (ADR 085): the PDFs' fonts and dates. A name with a character outside the font subset
// (U+2000B, a rare Hong Kong character) prints as a box: the PDF is still made, the rest still reads.

describe('makePdf', () => {
  it.each(['en', 'cn', 'zh'] as const)('sets Chinese and Latin text in %s, and survives a glyph outside the subset', async (lang) => {
    const bytes = await makePdf(lang, { title: 'Test', now: new Date('2026-12-02T04:00:00Z') }, (doc) => {
      doc.fontSize(12).text('陳大文 Chan Tai Man 𠀋');
      doc.text(lang === 'cn' ? '持续专业发展' : '持續專業發展');
    });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Chan Tai Man');
    expect(text).toContain(lang === 'cn' ? '持续专业发展' : '持續專業發展');
  });
});

describe('printed dates', () => {
  it('write a Hong Kong day and moment as each language does', () => {
    expect(printedDay('2026-08-01', 'en')).toBe('1 August 2026');
    expect(printedDay('2026-08-01', 'zh')).toBe('2026年8月1日');
    // 20:30 UTC is 04:30 the next day in Hong Kong.
    expect(printedMoment('2026-07-31T20:30:00Z', 'cn')).toBe('2026年8月1日 04:30 (HKT)');
  });
});
