import { describe, expect, it } from 'vitest';
import enServer from '../config/locales/en/server.json';
import enValidation from '../config/locales/en/validation.json';
import { resources } from './resources';
import { createI18n } from './testing';

// Issue 43 item 25: a number of things is said through i18next's plural rules ("1 seat left", not
// "1 seats left"): en needs `_one` and `_other`, Chinese only `_other` (its only plural category).

function flat(obj: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]));
}

/** Texts with a count that names no counted noun: a label and its number, "x of {{count}}". */
const COUNT_LABELS = new Set([
  'recruits:merge.count', // "{{label}}: {{count}}"
  'feedback-forms:stars', // "{{count}} of 5 stars"
  'mock-exams:progress.of', // "{{value}} of {{count}}"
  'mock-exams:progress.bar_label',
  'mock-exams:practice.question_of', // "Question {{index}} of {{count}}"
  'mock-exams:practice.choose_up_to', // "Choose up to {{count}}."
  'quiz:max_choices', // "Choose at most {{count}}"
  'quiz:confirm_body', // rewritten with issue 43 item 18 (the unanswered-questions prompt)
  'management:assign_selected', // "{{count}} of {{max}} chosen"
  'courses:enrolments', // "Enrolled: {{count}}"
  'courses:clicks',
  'courses:likes',
  'attachments:like_count',
]);

const PLURAL = /_(zero|one|two|few|many|other)$/;
const namespaces = Object.keys(resources.en);
const en = namespaces.flatMap((ns) => flat(resources.en[ns] as Record<string, unknown>).map(([k, v]) => [`${ns}:${k}`, v] as const));

describe('plurals', () => {
  it('says every English count through plural forms, unless it is a label with its number', () => {
    const bare = en.filter(([k, v]) => v.includes('{{count}}') && !/_(one|other)$/.test(k) && !COUNT_LABELS.has(k)).map(([k]) => k);
    expect(bare).toEqual([]);
  });

  it('puts no bare number before a counted noun, in the pages nor in the server texts ("within 1 minutes")', () => {
    // A number named anything but count escapes i18next's plural rules; the nouns the product counts.
    const counted = /\{\{\w+\}\} (?:\w+ )?(?:minutes|seconds|days|hours|seats|items|downlines|people|questions|attempts|courses|notifications|files)\b/;
    const fixed = new Set(['management:assign_intro']); // "up to {{max}} downlines": the batch limit, 10
    const server = [...flat(enServer).map(([k, v]) => [`server:${k}`, v] as const), ...flat(enValidation).map(([k, v]) => [`validation:${k}`, v] as const)];
    const bare = [...en, ...server].filter(([k, v]) => counted.test(v) && !/_(one|other)$/.test(k) && !fixed.has(k)).map(([k]) => k);
    expect(bare).toEqual([]);
  });

  it('has _one and _other in English and _other in Chinese for every plural', () => {
    // A plural is a key with a `_one` form ("col_cpd_other" is a word, not a plural form).
    const bases = new Set(en.filter(([k]) => k.endsWith('_one')).map(([k]) => k.replace(PLURAL, '')));
    expect(bases.size).toBeGreaterThan(10);
    const has = (lang: 'en' | 'zh' | 'cn', key: string) => {
      const [ns, path] = key.split(/:(.+)/);
      return path.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], resources[lang][ns]) !== undefined;
    };
    for (const base of bases) {
      expect(has('en', `${base}_one`) && has('en', `${base}_other`), `en ${base}`).toBe(true);
      for (const lang of ['zh', 'cn'] as const) expect(has(lang, `${base}_other`), `${lang} ${base}_other`).toBe(true);
    }
  });

  it('writes one and many as each language does', () => {
    const t = createI18n('en').t;
    expect(t('management:seats_left', { count: 1 })).toBe('1 seat left');
    expect(t('management:seats_left', { count: 3 })).toBe('3 seats left');
    expect(t('management:notice_assigned', { count: 1 })).toBe('1 downline enrolled; they are notified.');
    expect(t('offline:hours', { value: '1', count: 1 })).toBe('1 hour');
    expect(t('offline:hours', { value: '1.5', count: 1.5 })).toBe('1.5 hours');
    const zh = createI18n('zh').t;
    expect(zh('management:seats_left', { count: 1 })).not.toMatch(/management:/);
    expect(zh('management:seats_left', { count: 1 })).toBe(zh('management:seats_left', { count: 2 }).replace('2', '1'));
  });
});
