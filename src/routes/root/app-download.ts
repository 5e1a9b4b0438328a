import type { AppConfig } from '../../api/schemas/app-config.schema';
import type { MobilePlatform } from '../guards';

/** SPEC §9: the download-app redirect applies only when enabled and only on a listed platform. */
export function shouldOfferApp(downloadApp: AppConfig['downloadApp'], platform: MobilePlatform | null): boolean {
  return downloadApp.enabled && platform !== null && downloadApp.blockplatform.includes(platform);
}
