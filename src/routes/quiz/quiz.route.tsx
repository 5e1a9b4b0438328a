import { useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { courseIdParamSchema } from '../../api/schemas/courses.schema';
import { quizIdParamSchema } from '../../api/schemas/quizzes.schema';
import type { quizAttemptMachine } from '../../machines/quiz-attempt/quiz-attempt.machine';
import { selectQuestionIndex, selectQuizPageView, selectRunning, type QuizAttemptSnapshot } from '../../machines/quiz-attempt/quiz-attempt.selectors';
import { QuizView } from '../../ui/quiz/quiz-view';
import { useContinualAuth, useContinualAuthFor, useLearningControls } from '../continual-auth/continual-auth-provider';
import { TIMER_CONTROLS } from '../continual-auth/learning-controls';
import { CoursesNamespace } from '../courses/courses-namespace';
import { journalReader, quizLogic, wallClock } from './quiz.actor';
import type { ActorRefFrom } from 'xstate';

type AttemptActor = ActorRefFrom<typeof quizAttemptMachine>;

function QuizPage({ courseId, quizId }: { courseId: string; quizId: string }) {
  const ca = useContinualAuth();
  const [params, setParams] = useSearchParams();
  const initialIndex = Number(params.get('q') ?? '0');
  const logic = useMemo(
    () => quizLogic({ requestIdentityCheck: () => ca?.verifyNow() }),
    // The layout's continual-auth value lives longer than this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const quiz = useActorRef(logic, { input: { quizId, now: wallClock, index: Number.isInteger(initialIndex) && initialIndex >= 0 ? initialIndex : 0, readJournal: journalReader() } });
  // The identity prompt pauses and resumes answering by events (SPEC §2, §4; ADR 019).
  useLearningControls(quiz, TIMER_CONTROLS);
  const attempt = useSelector(quiz, (s) => s.children.attempt) as unknown as AttemptActor;
  const view = useSelector(attempt, (s) => selectQuizPageView(s as QuizAttemptSnapshot));
  const index = useSelector(attempt, (s) => selectQuestionIndex(s as QuizAttemptSnapshot));
  const running = useSelector(attempt, (s) => selectRunning(s as QuizAttemptSnapshot));
  const checking = useSelector(quiz, (s) => s.matches({ identity: 'checking' }));

  // Identity prompts guard the page while the attempt runs (a manual check opens before that).
  const content = running ? { id: `quiz:${quizId}`, courseId, itemId: null } : null;
  useContinualAuthFor(content?.id ?? null, content ?? {});

  // An exam's identity check: its close tells the page whether it passed.
  const answered = useRef<number | null>(null);
  useEffect(() => {
    if (!checking) return undefined;
    if (!ca) {
      quiz.send({ type: 'identity.cancelled' });
      return undefined;
    }
    answered.current = null;
    let wasOpen = false;
    const subscription = ca.actor.subscribe((s) => {
      const open = s.hasTag('prompting');
      if (open) wasOpen = true;
      else if (wasOpen) {
        wasOpen = false;
        quiz.send({ type: s.context.result === true ? 'identity.passed' : 'identity.cancelled' });
      }
    });
    return () => subscription.unsubscribe();
  }, [checking, ca, quiz]);

  // The question shown is kept in the URL: a reload returns to it.
  useEffect(() => {
    if (index === null || String(index) === params.get('q')) return;
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('q', String(index));
      return next;
    }, { replace: true });
  }, [index, params, setParams]);

  return (
    <QuizView
      view={view}
      courseId={courseId}
      onRetry={() => quiz.send({ type: 'retry' })}
      onStart={() => quiz.send({ type: 'start' })}
      onChoose={(questionId, optionId) => quiz.send({ type: 'answer.choose', questionId, optionId })}
      onType={(questionId, text) => quiz.send({ type: 'answer.type', questionId, text })}
      onCommit={(questionId) => quiz.send({ type: 'answer.commit', questionId })}
      onGo={(i) => quiz.send({ type: 'question.go', index: i })}
      onToggleTimer={() => quiz.send({ type: 'timer.toggle' })}
      onSubmit={() => quiz.send({ type: 'submit' })}
      onConfirm={() => quiz.send({ type: 'submit.confirm' })}
      onCancelConfirm={() => quiz.send({ type: 'submit.cancel' })}
      onRetake={() => quiz.send({ type: 'retake' })}
    />
  );
}

/** /course/:courseId/quiz/:quizId — a quiz or examination of a course. */
export default function QuizRoute() {
  const { courseId = '', quizId = '' } = useParams();
  const { i18n } = useTranslation();
  if (!courseIdParamSchema.safeParse({ id: courseId }).success || !quizIdParamSchema.safeParse({ id: quizId }).success) return <Navigate to="/not-found" replace />;
  // A new quiz or language is a new page: texts come in the language of the request.
  return (
    <CoursesNamespace>
      <QuizPage key={`${quizId}:${i18n.language}`} courseId={courseId} quizId={quizId} />
    </CoursesNamespace>
  );
}
