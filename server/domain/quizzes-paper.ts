import { randomInt } from 'node:crypto';
import type { QuestionKind } from '../../src/api/schemas/quizzes.schema';
import { TRUE_FALSE_OPTION_IDS, type ScoredQuestion } from './quizzes-scoring';

// Issue 43: a retake that has the same questions under the same option ids can be passed by
// copying the previous attempt's review. So each attempt is given its own paper when it starts:
// for each place of the quiz one of its variants (the one the learner saw least lately), and, when
// the quiz shuffles, the options of a choice question in a fresh order under fresh labels (a, b, c…
// in the order shown). Everything the learner sends and is sent is in the paper's labels; the
// server scores against the paper. Pure: the database part is in quizzes.ts.

export interface PoolQuestion {
  id: number;
  /** The place on the paper; questions sharing it are variants of one another. */
  position: number;
  kind: QuestionKind;
  points: number;
  maxChoices: number | null;
  options: { id: string }[];
  correctAnswer: string[];
}

export interface DrawnQuestion {
  questionId: number;
  /** 1, 2, 3… on the paper. */
  position: number;
  /** Real option ids in the order shown; null: the options as stored, under their own ids. */
  optionOrder: string[] | null;
}

/** A random integer in [0, n). */
export type Random = (n: number) => number;
export const cryptoRandom: Random = (n) => randomInt(n);

const shuffles = (kind: QuestionKind) => kind === 'single' || kind === 'multiple';

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The paper of a new attempt. `lastSeen`: per question, how lately the learner was given it (a
 * larger number is later, e.g. the attempt id); a question never given comes first, ties are drawn
 * at random. With one question per place the paper is the quiz, as before.
 */
export function drawPaper(pool: readonly PoolQuestion[], lastSeen: ReadonlyMap<number, number>, shuffle: boolean, random: Random = cryptoRandom): DrawnQuestion[] {
  const places = new Map<number, PoolQuestion[]>();
  for (const q of pool) places.set(q.position, [...(places.get(q.position) ?? []), q]);
  return [...places.keys()]
    .sort((a, b) => a - b)
    .map((place, i) => {
      const variants = places.get(place)!;
      const seen = (q: PoolQuestion) => lastSeen.get(q.id) ?? -Infinity;
      const least = Math.min(...variants.map(seen));
      const candidates = variants.filter((q) => seen(q) === least);
      const chosen = candidates[candidates.length === 1 ? 0 : random(candidates.length)];
      return {
        questionId: chosen.id,
        position: i + 1,
        optionOrder: shuffle && shuffles(chosen.kind) ? shuffled(chosen.options.map((o) => o.id), random) : null,
      };
    });
}

/** The label of the option shown at `index`. */
export const labelAt = (index: number): string => (index < 26 ? String.fromCharCode(97 + index) : `o${index + 1}`);

/** The paper's options of a question: label → real option id, in the order shown. */
export function labelsOf(optionIds: readonly string[], optionOrder: readonly string[] | null): { label: string; id: string }[] {
  if (optionOrder === null) return optionIds.map((id) => ({ label: id, id }));
  return optionOrder.filter((id) => optionIds.includes(id)).map((id, i) => ({ label: labelAt(i), id }));
}

/**
 * The question as this paper asks it, for validating and scoring what the learner sent (which is
 * in labels): its option ids are the labels, its correct answer the labels of the correct options.
 */
export function scoredOnPaper(q: PoolQuestion, optionOrder: readonly string[] | null): ScoredQuestion {
  if (q.kind === 'true_false') return { id: q.id, kind: q.kind, points: q.points, maxChoices: q.maxChoices, optionIds: [...TRUE_FALSE_OPTION_IDS], correctAnswer: q.correctAnswer };
  const labels = labelsOf(
    q.options.map((o) => o.id),
    optionOrder,
  );
  const isChoice = q.kind === 'single' || q.kind === 'multiple';
  return {
    id: q.id,
    kind: q.kind,
    points: q.points,
    maxChoices: q.maxChoices,
    optionIds: labels.map((l) => l.label),
    correctAnswer: isChoice ? labels.filter((l) => q.correctAnswer.includes(l.id)).map((l) => l.label) : q.correctAnswer,
  };
}
