import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { mockPracticeMachine } from '../../machines/mock-practice/mock-practice.machine';
import { selectMockPracticeView, type MockPracticeSnapshot } from '../../machines/mock-practice/mock-practice.selectors';
import { selectMockExamsView } from '../../machines/mock-exams/mock-exams.selectors';
import type { quizAttemptMachine } from '../../machines/quiz-attempt/quiz-attempt.machine';
import { selectQuizPageView, type QuizAttemptSnapshot } from '../../machines/quiz-attempt/quiz-attempt.selectors';
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

function Exam({ actor, back }: { actor: ExamActor; back: React.ReactNode }) {
  const view = useSelector(actor, (s) => selectQuizPageView(s as QuizAttemptSnapshot));
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

function MockExamsPage() {
  const { t } = useTranslation();
  const logic = useMemo(() => mockExamsLogic(), []);
  const page = useActorRef(logic, { input: { now: wallClock, readJournal: mockJournalReader() } });
  const view = useSelector(page, selectMockExamsView);
  const practice = useSelector(page, (s) => s.children.practice) as PracticeActor | undefined;
  const exam = useSelector(page, (s) => s.children.exam) as ExamActor | undefined;
  const back = (
    <Button variant="ghost" onClick={() => page.send({ type: 'back' })} data-testid="mock-back">
      {t('mock-exams:back')}
    </Button>
  );
  if (view.status === 'practice' && practice) return <Practice actor={practice} back={back} />;
  if (view.status === 'exam' && exam) return <Exam actor={exam} back={back} />;
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
