import { formatDateTime } from '../format/date-format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { QuizRecordList } from '../../api/schemas/quizzes.schema';

/** A record's moment, in the one style of every page (../format/date-format.ts). */
export const formatDate = (iso: string, lang: string) => formatDateTime(iso, lang);

/** The printable certificate of a passed examination attempt (SPEC §3 certificate). */
export const certificatePath = (courseId: string, quizId: string, attemptId: string) => `/course/${courseId}/quiz/${quizId}/attempts/${attemptId}/certificate`;

/** The learner's finished attempts of a quiz, newest first (SPEC §2 quiz record). `certificateHref`:
 * an examination's records link each passed attempt to its certificate. */
export function QuizRecords({ records, certificateHref }: { records: QuizRecordList; certificateHref?: (attemptId: string) => string }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="quiz-records" aria-labelledby="quiz-records-title" data-testid="quiz-records">
      <h2 id="quiz-records-title">{t('quiz:records')}</h2>
      {records.length === 0 ? (
        <p>{t('quiz:records_empty')}</p>
      ) : (
        <div className="quiz-records__scroll">
          {/* On a phone each record is a card of label–value rows (issue 43: the headings had one
              character a line at 375 px); the labels come from data-label. */}
          <table className="quiz-records__table">
            <thead>
              <tr>
                <th scope="col">{t('quiz:record_score')}</th>
                <th scope="col">{t('quiz:record_full_marks')}</th>
                <th scope="col">{t('quiz:record_pass')}</th>
                <th scope="col">{t('quiz:record_started')}</th>
                <th scope="col">{t('quiz:record_completed')}</th>
                {certificateHref ? <th scope="col">{t('quiz:record_certificate')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {records.map((r) => (
                <tr key={r.attempt_id}>
                  <td data-label={t('quiz:record_score')}>{r.score}</td>
                  <td data-label={t('quiz:record_full_marks')}>{r.full_marks}</td>
                  <td data-label={t('quiz:record_pass')}>{t(r.pass ? 'quiz:pass' : 'quiz:fail')}</td>
                  <td data-label={t('quiz:record_started')}>{formatDate(r.started_at, i18n.language)}</td>
                  <td data-label={t('quiz:record_completed')}>{formatDate(r.completed_at, i18n.language)}</td>
                  {certificateHref ? (
                    <td data-label={t('quiz:record_certificate')}>
                      {r.pass ? (
                        <Link
                          to={certificateHref(r.attempt_id)}
                          aria-label={t('quiz:certificate_link', { date: formatDate(r.completed_at, i18n.language) })}
                          data-testid="quiz-record-certificate"
                        >
                          {t('quiz:record_certificate')}
                        </Link>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
