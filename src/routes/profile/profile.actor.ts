import { fromPromise } from 'xstate';
import { replaceCurrentUser } from '../../api/current-user';
import { getAchievements } from '../../api/achievements.api';
import { listExamCertificates } from '../../api/exam-certificate.api';
import { getLearningHistory } from '../../api/learning-history.api';
import { getMockExamStats } from '../../api/mock-exams.api';
import { downscalePicture, uploadProfilePicture } from '../../api/profile-pictures.api';
import type { ExamCertificateList } from '../../api/schemas/exam-certificate.schema';
import type { LearningHistory } from '../../api/schemas/learning-history.schema';
import type { CurrentUser } from '../../api/schemas/users.schema';
import { profileMachine, type PictureUpload, type ProfileData, type ProfilePeriod } from '../../machines/profile/profile.machine';
import { SubmissionError } from '../../machines/shared/submission-error';
import { toSubmissionError } from '../submission';

/** The certificates the profile lists at first, and adds each time more are asked for. */
export const CERTIFICATES_SHOWN = 20;

const query = (p: ProfilePeriod) => ({ ...(p.from ? { from_date: p.from } : {}), ...(p.to ? { to_date: p.to } : {}) });

/**
 * The one place the profile page's machine meets the API and the header (DESIGN §2). A picture the
 * browser cannot decode is refused here, before anything is sent, with `unreadable`'s words.
 */
export function profileRouteMachine(unreadable: string) {
  return profileMachine.provide({
    actors: {
      loadProfile: fromPromise<ProfileData, { period: ProfilePeriod; mockExams: boolean }>(async ({ input, signal }) => {
        try {
          const [history, stats, certificates, achievements] = await Promise.all([
            getLearningHistory(query(input.period), { signal }),
            input.mockExams ? getMockExamStats({ signal }) : null,
            listExamCertificates({ page: 1, per_page: CERTIFICATES_SHOWN }, { signal }),
            getAchievements({ signal }),
          ]);
          return { history, stats, certificates, achievements };
        } catch (error) {
          throw toSubmissionError(error);
        }
      }),
      loadCertificates: fromPromise<ExamCertificateList, { page: number }>(({ input, signal }) =>
        listExamCertificates({ page: input.page, per_page: CERTIFICATES_SHOWN }, { signal }).catch((error: unknown) => Promise.reject(toSubmissionError(error))),
      ),
      loadHistory: fromPromise<LearningHistory, ProfilePeriod>(({ input, signal }) => getLearningHistory(query(input), { signal }).catch((error: unknown) => Promise.reject(toSubmissionError(error)))),
      uploadPicture: fromPromise<CurrentUser, PictureUpload>(async ({ input }) => {
        let picture: Blob;
        try {
          picture = await downscalePicture(input.file, input.kind);
        } catch {
          throw new SubmissionError(unreadable);
        }
        return uploadProfilePicture(input.kind, picture, input.name).catch((error: unknown) => Promise.reject(toSubmissionError(error)));
      }),
    },
    actions: {
      reportUser: (_, user: CurrentUser) => replaceCurrentUser(user),
    },
  });
}
