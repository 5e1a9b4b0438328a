import type { SnapshotFrom } from 'xstate';
import type { Achievements } from '../../api/schemas/achievements.schema';
import type { ExamCertificateList } from '../../api/schemas/exam-certificate.schema';
import type { LearningHistory } from '../../api/schemas/learning-history.schema';
import type { MockExamStats } from '../../api/schemas/mock-exams.schema';
import { failureView, type FailureView } from '../shared/submission-error';
import type { PictureKind, ProfilePeriod, profileMachine } from './profile.machine';

export interface ProfileViewModel {
  status: 'loading' | 'loaded' | 'failed';
  /** Why the first load failed (the server's words), or a generic failure. */
  failure: FailureView;
  /** The period the address asks for (empty: the server's default). */
  period: ProfilePeriod;
  history: LearningHistory | null;
  /** null: mock exams are switched off. */
  stats: MockExamStats | null;
  certificates: ExamCertificateList | null;
  /** What the learner has earned (null until the page is loaded). */
  achievements: Achievements | null;
  /** The next page of certificates: offered while the server has pages after the last one loaded,
   * busy while it loads, and why the last one failed (the list shown stays). */
  moreCertificates: { offered: boolean; busy: boolean; failure: FailureView };
  /** The figures of a new period are on their way (the old ones stay). */
  periodBusy: boolean;
  periodFailure: FailureView;
  /** A picture can be chosen now (none is being sent). */
  canChoosePicture: boolean;
  uploading: PictureKind | null;
  /** Which picture failed, and why. */
  uploadFailure: { kind: PictureKind; failure: FailureView } | null;
  /** The picture the server just took. */
  uploaded: PictureKind | null;
}

type Snapshot = SnapshotFrom<typeof profileMachine>;

/** The profile page's view model; what it offers is what the machine takes. */
export function selectProfileView(snapshot: Snapshot): ProfileViewModel {
  const c = snapshot.context;
  const status = snapshot.matches('ready') ? 'loaded' : snapshot.matches('failed') ? 'failed' : 'loading';
  return {
    status,
    failure: failureView(status === 'failed', c.error),
    period: c.period,
    history: c.data?.history ?? null,
    stats: c.data?.stats ?? null,
    certificates: c.data?.certificates ?? null,
    achievements: c.data?.achievements ?? null,
    moreCertificates: {
      offered: snapshot.can({ type: 'certificates.more' }) || snapshot.hasTag('certificatesLoading'),
      busy: snapshot.hasTag('certificatesLoading'),
      failure: failureView(c.certificatesFailed, c.certificatesError),
    },
    periodBusy: snapshot.hasTag('reloading'),
    periodFailure: failureView(c.periodFailed, c.periodError),
    canChoosePicture: snapshot.can({ type: 'picture.choose', kind: 'icon', file: new Blob(), name: '' }),
    uploading: c.uploading,
    uploadFailure: c.uploadFailed ? { kind: c.uploadFailed, failure: failureView(true, c.uploadError) } : null,
    uploaded: c.uploaded,
  };
}
