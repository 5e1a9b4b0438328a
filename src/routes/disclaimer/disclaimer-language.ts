import { STORAGE_KEY, type Language } from '../../config/constants';
import { isLanguage } from '../../i18n';

/** SPEC §2 /disclaimer: the stored lang if it is en, cn or zh; the app default when none is
 * stored; null (show nothing) for any other stored value. */
export function disclaimerLanguage(stored: string | null, appDefault: Language): Language | null {
  if (stored === null) return appDefault;
  return isLanguage(stored) ? stored : null;
}

export function readStoredLang(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY.lang);
  } catch {
    return null;
  }
}
