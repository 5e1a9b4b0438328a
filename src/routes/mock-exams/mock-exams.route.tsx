import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { mockPracticeMachine } from '../../machines/mock-practice/mock-practice.machine';
import { selectMockPracticeView, type MockPracticeSnapshot } from '../../machines/mock-practice/mock-practice.selectors';
import type { OpenPaper } from '../../machines/mock-exams/mock-exams.machine';
import { selectMockExamsView } from '../../machines/mock-exams/mock-exams.selectors';
import type { quizAttemptMachine } from '../../machines/quiz-attempt/quiz-attempt.machine';
import { selectQuestionIndex, selectQuizPageView, type QuizAttemptSnapshot } from '../../machines/quiz-attempt/quiz-attempt.selectors';
import { Button } from '../../ui/primitives/button';
import { MockExamsPracticeView } from '../../ui/mock-exams/mock-exams-practice-view';
import { MockExamsView } from '../../ui/mock-exams/mock-exams-view';
import { QuizView } from '../../ui/quiz/quiz-view';
import { wallClock } from '../quiz/quiz.actor';
import { mockExamsLogic, mockJournalReader } from './mock-exams.actor';
import { MockExamsNamespace } from './mock-exams-namespace';

type PracticeActor = ActorRefFrom<typeof mockPracticeMachine>;
type ExamActor = ActorRefFrom<typeof quizAttemptMachine>;

function Practice({ actor, back }: { actor: PracticeActor; back: React.ReactNode }) {
  const view = useSelector(actor, (s) => selectMockPracticeView(s as MockPracticeSnapshot));
  return (
    <MockExamsPracticeView
      view={view}
      back={back}
      onRetry={() => actor.send({ type: 'retry' })}
      onChoose={(optionId) => actor.send({ type: 'answer.choose', optionId })}
      onCheck={() => actor.send({ type: 'answer.check' })}
      onNext={() => actor.send({ type: 'next' })}
      onFinish={() => actor.send({ type: 'finish' })}
      onAgain={() => actor.send({ type: 'again' })}
    />
  );
}

function Exam({ actor, back, onIndex }: { actor: ExamActor; back: React.ReactNode; onIndex: (index: number | null) => void }) {
  const view = useSelector(actor, (s) => selectQuizPageView(s as QuizAttemptSnapshot));
  const index = useSelector(actor, (s) => selectQuestionIndex(s as QuizAttemptSnapshot));
  useEffect(() => onIndex(index), [index, onIndex]);
  return (
    <QuizView
      view={view}
      courseId=""
      back={back}
      repeatable
      onRetry={() => actor.send({ type: 'retry' })}
      onStart={() => actor.send({ type: 'start' })}
      onChoose={(questionId, optionId) => actor.send({ type: 'answer.choose', questionId, optionId })}
      onType={(questionId, text) => actor.send({ type: 'answer.type', questionId, text })}
      onCommit={(questionId) => actor.send({ type: 'answer.commit', questionId })}
      onGo={(index) => actor.send({ type: 'question.go', index })}
      onToggleTimer={() => actor.send({ type: 'timer.toggle' })}
      onSubmit={() => actor.send({ type: 'submit' })}
      onConfirm={() => actor.send({ type: 'submit.confirm' })}
      onCancelConfirm={() => actor.send({ type: 'submit.cancel' })}
      onRetake={() => actor.send({ type: 'retake' })}
    />
  );
}

/** ?paper=ID&mode=practice|exam[&q=N]: the paper open on the page (a reload returns to it). */
function openOf(params: URLSearchParams): OpenPaper | undefined {
  const paperId = params.get('paper');
  const mode = params.get('mode');
  if (!paperId || !/^\d{1,18}$/.test(paperId) || (mode !== 'practice' && mode !== 'exam')) return undefined;
  const q = Number(params.get('q') ?? '0');
  return { paperId, mode, ...(mode === 'exam' && Number.isInteger(q) && q >= 0 ? { index: q } : {}) };
}

function MockExamsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const logic = useMemo(() => mockExamsLogic(), []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read once: the machine owns the page afterwards
  const open = useMemo(() => openOf(params), []);
  const page = useActorRef(logic, { input: { now: wallClock, readJournal: mockJournalReader(), ...(open ? { open } : {}) } });
  const view = useSelector(page, selectMockExamsView);
  const practice = useSelector(page, (s) => s.children.practice) as PracticeActor | undefined;
  const exam = useSelector(page, (s) => s.children.exam) as ExamActor | undefined;
  const back = (
    <Button variant="ghost" onClick={() => page.send({ type: 'back' })} data-testid="mock-back">
      {t('mock-exams:back')}
    </Button>
  );
  const paperId = useSelector(page, (s) => s.context.paperId);
  const mode = view.status === 'practice' || view.status === 'exam' ? view.status : null;
  // The open paper and mode (and the exam's question) are kept in the URL, replaced, not pushed.
  // The exam's question is written only when it changes (a stable callback: setParams changes with
  // every URL, and its function form reads the URL of the render it came from).
  const setParamsLatest = useRef(setParams);
  useEffect(() => {
    setParamsLatest.current = setParams;
  }, [setParams]);
  const keep = useCallback(
    (index: number | null) =>
      setParamsLatest.current(
        (p) => {
          const next = new URLSearchParams(p);
          if (index === null) next.delete('q');
          else next.set('q', String(index));
          return next;
        },
        { replace: true },
      ),
    [],
  );
  // Whether the URL names the open paper because this page wrote it: when it no longer does (the
  // side navigation's /mockexam), the learner left the paper for the overview.
  const named = useRef(false);
  useEffect(() => {
    if (view.status === 'loading' || view.status === 'load_failed') return;
    const urlPaper = params.get('paper');
    if (mode && paperId) {
      if (urlPaper === paperId && params.get('mode') === mode) {
        named.current = true;
        return;
      }
      if (named.current && urlPaper === null) {
        named.current = false;
        page.send({ type: 'back' });
        return;
      }
      named.current = true;
    } else {
      named.current = false;
      if (urlPaper === null && params.get('mode') === null && params.get('q') === null) return;
    }
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (mode && paperId) {
          next.set('paper', paperId);
          next.set('mode', mode);
        } else ['paper', 'mode', 'q'].forEach((k) => next.delete(k));
        if (mode !== 'exam') next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [view.status, mode, paperId, params, setParams, page]);
  if (view.status === 'practice' && practice) return <Practice actor={practice} back={back} />;
  if (view.status === 'exam' && exam) return <Exam actor={exam} back={back} onIndex={keep} />;
  return (
    <MockExamsView
      view={view}
      onRetry={() => page.send({ type: 'retry' })}
      onPractice={(paperId) => page.send({ type: 'practice.open', paperId })}
      onExam={(paperId) => page.send({ type: 'exam.open', paperId })}
    />
  );
}

/** /mockexam (behind the mock exam feature flag): mock papers in practice and exam mode, stats, progress, records. */
export default function MockExamsRoute() {
  const { i18n } = useTranslation();
  // A new language is a new page: the papers' texts come in the language of the request.
  return (
    <MockExamsNamespace>
      <MockExamsPage key={i18n.language} />
    </MockExamsNamespace>
  );
}
