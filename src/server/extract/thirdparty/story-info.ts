/**
 * Optional provider `story-info` (spec §7 call 2): GET {STORY_API_ORIGIN}/get-info-rapidapi?url=…
 * One story item: download_url is required (spec §5).
 */
import { ExtractError } from '../failure.ts';
import type { RawResolution } from '../raw.ts';
import type { ProviderHttp } from './provider-http.ts';

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

export function normalizeStoryInfo(
  body: Record<string, unknown>,
  context: { kind: 'story' | 'highlight'; sourceUrl: string; username?: string },
): RawResolution {
  if (body.error) {
    const message = str(body.message) ?? 'API returned an error';
    throw new ExtractError('unavailable', `story-info: ${message}`, { userMessage: message });
  }
  const url = str(body.download_url);
  if (!url) {
    throw new ExtractError('no_media', 'story-info: no download_url', { userMessage: 'No valid media items found in response' });
  }
  const type = body.type === 'video' || url.includes('.mp4') ? 'video' : 'image';
  return {
    kind: context.kind,
    sourceUrl: context.sourceUrl,
    author: { username: context.username ?? 'Instagram User' },
    items: [{ type, url, previewUrl: str(body.thumb) ?? url, qualities: [{ url, width: 0, height: 0 }] }],
  };
}

export async function fetchStoryInfo(
  http: ProviderHttp,
  context: { kind: 'story' | 'highlight'; sourceUrl: string; username?: string },
  signal: AbortSignal,
): Promise<RawResolution> {
  const body = await http.json({ method: 'GET', path: `/get-info-rapidapi?url=${encodeURIComponent(context.sourceUrl.trim())}`, signal });
  return normalizeStoryInfo(body, context);
}
