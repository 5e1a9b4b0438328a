import type { ExamCertificate } from '../../api/schemas/exam-certificate.schema';

/** A passed examination's certificate, as the server answers it (stories and tests). */
export const sampleCertificate: ExamCertificate = {
  certificate_number: 'AA-2026-000042',
  attempt_id: '42',
  quiz_id: '7',
  course_id: '2',
  learner_name: 'Chan Tai Man',
  agent_code: 'agent01',
  course_title: 'Anti-money laundering',
  exam_title: 'Anti-money laundering examination',
  score: 6,
  full_marks: 7,
  pass_mark: 5,
  completed_at: '2026-10-18T09:30:00.000Z',
  cpd_hours: 2.5,
};
