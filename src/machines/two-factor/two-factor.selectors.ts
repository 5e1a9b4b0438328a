import type { SnapshotFrom } from 'xstate';
import type { twoFactorMachine } from './two-factor.machine';
import { failureView, type FailureView } from '../shared/submission-error';

export type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>;

/** The login page's code step. */
export interface TwoFactorCodeViewModel {
  busy: boolean;
  failure: FailureView;
  signedIn: boolean;
  cancelled: boolean;
}

export function selectTwoFactorCodeView(snapshot: TwoFactorSnapshot): TwoFactorCodeViewModel {
  return {
    busy: snapshot.hasTag('busy'),
    failure: failureView(snapshot.matches({ signIn: 'failed' }), snapshot.context.error),
    signedIn: snapshot.matches({ signIn: 'signedIn' }),
    cancelled: snapshot.matches({ signIn: 'cancelled' }),
  };
}

/** What the settings page shows. */
export type TwoFactorStep =
  | 'loading'
  | 'loadFailed'
  | 'off'
  | 'password'
  | 'secret'
  | 'code'
  | 'on'
  | 'deactivated'
  | 'signInAgain';

export interface TwoFactorSettingViewModel {
  step: TwoFactorStep;
  busy: boolean;
  failure: FailureView;
  /** The app requires two-factor (no other page opens until it is on). */
  required: boolean;
  /** Turned on in this visit. */
  justActivated: boolean;
  /** The pending secret (base32) and its QR code (SVG markup from the server). */
  secret: string | null;
  qrSvg: string | null;
  /** The deactivation dialog (password or code) is open: while it is asked for, checked, or refused. */
  confirmingDeactivation: boolean;
}

function stepOf(s: TwoFactorSnapshot): TwoFactorStep {
  if (s.matches({ manage: 'loadFailed' })) return 'loadFailed';
  if (s.matches({ manage: 'disabled' })) return 'off';
  if (s.matches({ manage: { activation: 'password' } }) || s.matches({ manage: { activation: 'activating' } })) return 'password';
  if (s.matches({ manage: { activation: 'passwordFailed' } })) return 'password';
  if (s.matches({ manage: { activation: 'showing' } })) return 'secret';
  if (s.matches({ manage: 'activation' })) return 'code';
  if (s.matches({ manage: 'enabled' }) || s.matches({ manage: 'deactivation' })) return 'on';
  if (s.matches({ manage: 'deactivated' })) return 'deactivated';
  if (s.matches({ manage: 'signInAgain' })) return 'signInAgain';
  return 'loading';
}

export function selectTwoFactorSettingView(snapshot: TwoFactorSnapshot): TwoFactorSettingViewModel {
  const { context } = snapshot;
  const failed =
    snapshot.matches({ manage: 'loadFailed' }) ||
    snapshot.matches({ manage: { activation: 'passwordFailed' } }) ||
    snapshot.matches({ manage: { activation: 'codeFailed' } }) ||
    snapshot.matches({ manage: { deactivation: 'failed' } }) ||
    snapshot.matches({ manage: 'signInAgain' });
  return {
    step: stepOf(snapshot),
    busy: snapshot.hasTag('busy'),
    failure: failureView(failed, context.error),
    required: context.info?.required ?? false,
    justActivated: context.justActivated,
    secret: context.activation?.secret ?? null,
    qrSvg: context.activation?.qr_svg ?? null,
    confirmingDeactivation: snapshot.matches({ manage: 'deactivation' }),
  };
}

/** A base32 secret in groups of four, easier to read and type ("JBSW Y3DP EHPK 3PXP"). */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
