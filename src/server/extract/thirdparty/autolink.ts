/**
 * Optional provider `autolink` (spec §7 call 1): POST {AUTOLINK_ORIGIN}/v1/social/autolink {url}.
 * Normalised per spec §3 and validated per spec §5.
 */
import type { ResolutionKind } from '../../../shared/api.ts';
import { ExtractError } from '../failure.ts';
import type { RawMediaItem, RawResolution } from '../raw.ts';
import type { ProviderHttp } from './provider-http.ts';

interface AutolinkMedia {
  url?: unknown;
  download_url?: unknown;
  display_url?: unknown;
  type?: unknown;
  thumbnail?: unknown;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** Spec §5: an error flag, an empty list, or nothing usable after filtering each fail with their own message. */
export function normalizeAutolink(
  body: Record<string, unknown>,
  context: { kind: ResolutionKind; sourceUrl: string; shortcode?: string; username?: string },
): RawResolution {
  if (body.error) {
    const message = str(body.message) ?? 'API returned an error';
    throw new ExtractError('unavailable', `autolink: ${message}`, { userMessage: message });
  }
  const medias = Array.isArray(body.medias) ? (body.medias as AutolinkMedia[]) : [];
  if (medias.length === 0) {
    throw new ExtractError('no_media', 'autolink: no medias', { userMessage: 'No media found in the response' });
  }
  const items: RawMediaItem[] = [];
  for (const media of medias) {
    if (!media || typeof media !== 'object') continue;
    const url = str(media.url) ?? str(media.download_url) ?? str(media.display_url);
    if (!url) continue; // spec §3: items without a URL are dropped
    const type = media.type === 'video' || url.includes('.mp4') ? 'video' : 'image';
    const previewUrl = str(media.thumbnail) ?? str(media.display_url) ?? str(body.thumbnail) ?? url;
    items.push({ type, url, previewUrl, qualities: [{ url, width: 0, height: 0 }] });
  }
  if (items.length === 0) {
    throw new ExtractError('no_media', 'autolink: no media with a URL', { userMessage: 'No valid media found in the response' });
  }
  const author = typeof body.author === 'string' ? body.author : str((body.author as { username?: unknown } | undefined)?.username);
  return {
    kind: context.kind,
    ...(context.shortcode ? { shortcode: context.shortcode } : {}),
    sourceUrl: context.sourceUrl,
    author: { username: author ?? context.username ?? 'Instagram User' },
    ...(str(body.title) ? { caption: str(body.title) } : {}),
    items,
  };
}

export async function fetchAutolink(
  http: ProviderHttp,
  context: { kind: ResolutionKind; sourceUrl: string; shortcode?: string; username?: string },
  signal: AbortSignal,
): Promise<RawResolution> {
  const body = await http.json({ method: 'POST', path: '/v1/social/autolink', body: { url: context.sourceUrl }, signal });
  return normalizeAutolink(body, context);
}
