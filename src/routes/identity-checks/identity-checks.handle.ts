import { titled } from '../route-handle';

/** Route data of /profile/identity-checks (SPEC §2 title, title_en, title_cn, title_zh). From the
 * nav-titles catalogue like every page's: importing the continual-auth texts here made them a chunk
 * of their own, one more request on every first page (ADR 053). */
export const identityChecksTitle = titled('identity_checks');
