import type { VocabEntry } from '../../api/schemas/vocab.schema';
import { vocabMachine, type VocabContext } from './vocab.machine';
import { selectVocabView, type VocabViewModel } from './vocab.selectors';

// Sample glossary entries for stories and view tests (as the demo's, ADR 076).

const at = '2026-11-01T00:00:00.000Z';
export const sampleVocab: VocabEntry[] = [
  {
    id: '1',
    word_en: 'Cooling-off period',
    word_zh_cn: '冷静期',
    word_zh_hk: '冷靜期',
    explanation_en: 'The days after delivery of a policy in which the buyer may cancel it for a refund.',
    explanation_zh_cn: '保单交付后投保人可取消保单并获退款的日数。',
    explanation_zh_hk: '保單交付後投保人可取消保單並獲退款的日數。',
    created_at: at,
    updated_at: at,
  },
  {
    id: '2',
    word_en: 'Premium',
    word_zh_cn: '保费',
    word_zh_hk: '保費',
    explanation_en: 'The amount paid to the insurer for the cover.',
    explanation_zh_cn: '为获得保障而支付给保险公司的款项。',
    explanation_zh_hk: '為獲得保障而支付給保險公司的款項。',
    created_at: at,
    updated_at: at,
  },
  {
    id: '3',
    word_en: 'Rider',
    word_zh_cn: '附加保障',
    word_zh_hk: '附加保障',
    explanation_en: 'An addition to a policy that adds or changes its cover.',
    explanation_zh_cn: '附加于保单以增加或更改保障的条款。',
    explanation_zh_hk: '附加於保單以增加或更改保障的條款。',
    created_at: at,
    updated_at: at,
  },
];

type Value = { glossary: string; bookmarks: string | Record<string, string> };
const READY: Value = { glossary: 'ready', bookmarks: { ready: 'idle' } };

/** The view model at a state of the machine, built through the selectors (DESIGN §4). */
export function vocabViewAt(value: Partial<Value> = {}, context: Partial<VocabContext> = {}): VocabViewModel {
  const base: VocabContext = {
    filter: { lang: 'en', q: '', bookmarkedOnly: false },
    cache: { lastUpdate: at, entries: sampleVocab },
    entries: sampleVocab,
    offline: false,
    error: null,
    bookmarks: ['1'],
    pending: [],
    bookmarkFailed: false,
    bookmarkError: null,
  };
  return selectVocabView(vocabMachine.resolveState({ value: { ...READY, ...value }, context: { ...base, ...context } }));
}
