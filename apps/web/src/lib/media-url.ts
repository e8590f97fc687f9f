import { config } from './config';

/** Server paths (/media/…) live on the API origin. */
export function mediaUrl(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? `${config.apiBaseUrl}${path}` : path;
}
