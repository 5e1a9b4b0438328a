import { useTranslation } from 'react-i18next';
import type { QuizRecordList } from '../../api/schemas/quizzes.schema';

export const formatDate = (iso: string, lang: string) => new Date(iso).toLocaleString(lang === 'en' ? 'en-GB' : lang === 'cn' ? 'zh-CN' : 'zh-HK');

/** The learner's finished attempts of a quiz, newest first (SPEC §2 quiz record). */
export function QuizRecords({ records }: { records: QuizRecordList }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="quiz-records" aria-labelledby="quiz-records-title" data-testid="quiz-records">
      <h2 id="quiz-records-title">{t('quiz:records')}</h2>
      {records.length === 0 ? (
        <p>{t('quiz:records_empty')}</p>
      ) : (
        <div className="quiz-records__scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('quiz:record_score')}</th>
                <th scope="col">{t('quiz:record_full_marks')}</th>
                <th scope="col">{t('quiz:record_pass')}</th>
                <th scope="col">{t('quiz:record_started')}</th>
                <th scope="col">{t('quiz:record_completed')}</th>
              </tr>
            </thead>
            <tbody>
              {records.map((r) => (
                <tr key={r.attempt_id}>
                  <td>{r.score}</td>
                  <td>{r.full_marks}</td>
                  <td>{t(r.pass ? 'quiz:pass' : 'quiz:fail')}</td>
                  <td>{formatDate(r.started_at, i18n.language)}</td>
                  <td>{formatDate(r.completed_at, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
