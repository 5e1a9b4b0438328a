import { STORAGE_KEY } from '../../config/constants';

// Issue 43 item 20: a closable download-app dialog, once closed, stays closed for the rest of the
// browser session (full page loads included); a new session (new tab, after logout) shows it again.

// Storage can throw (some private modes): then the tab remembers it in memory until it reloads.
let closedInMemory = false;

export function isAppDownloadDismissed(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEY.appDownloadSeen) === '1';
  } catch {
    return closedInMemory;
  }
}

export function rememberAppDownloadDismissed(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY.appDownloadSeen, '1');
  } catch {
    closedInMemory = true;
  }
}
