/**
 * GET|HEAD /api/v1/mux/{token}[?inline=1]: a DASH video track joined with its audio track, streamed as one MP4
 * attachment under the spec's file name (media/mux/mux.ts), or inline for a player or a new tab. Same token, allow-list, address rules, per-IP stream
 * cap and stall timeout as the proxy. A token of kind `audio` gives the sound of one video file alone, as an M4A
 * (media/mux/audio-only.ts: cobalt's audio download of a video without a separate audio track). No Range: the
 * file is made as it is sent; its length is announced when
 * the tracks join fragment by fragment (known before the first byte), else estimated in cobalt's
 * `Estimated-Content-Length`. HEAD opens the file as GET does and answers the same length, so the page learns of
 * an expired link before it starts a download.
 */
import type {} from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import { contentDisposition } from '../media/filename.ts';
import { audioFactsOf, openAudioOnly } from '../media/mux/audio-only.ts';
import { createTranscodeSlots, estimatedTranscode, OUTPUT_FORMATS, transcodeAudio } from '../media/transcode/audio-transcode.ts';
import { lengthHeaders } from '../media/mux/file-length.ts';
import { openMuxedVideo } from '../media/mux/mux.ts';
import type { MediaUpstream } from '../media/proxy/proxy.ts';
import { verifyMediaToken } from '../media/token.ts';
import { ClientGone } from '../media/proxy/upstream-errors.ts';
import { meterMuxedDownload, meterProxiedBytes } from '../metrics.ts';
import { ApiError } from '../errors/api-error.ts';
import { abortWhenClientLeaves, dropReply } from './media.ts';
import { answerProbe, crossOriginMedia } from './media-cors.ts';
import { mediaCsp } from './security-headers.ts';
import type { StreamGuard } from './stream-guard.ts';

export interface MuxRouteOptions {
  config: Config;
  upstream: MediaUpstream;
  streamGuard: StreamGuard;
}

export const muxRoutes: FastifyPluginAsync<MuxRouteOptions> = async (app, { config, upstream, streamGuard }) => {
  const ffmpeg = config.media.ffmpeg;
  const transcodes = createTranscodeSlots(config.media.transcodesMax);
  app.route<{ Params: { token: string }; Querystring: { inline?: string; p?: string } }>({
    method: ['GET', 'HEAD'],
    url: '/api/v1/mux/:token',
    compress: false,
    onRequest: [crossOriginMedia, answerProbe(config.media.secret, 'x')],
    preHandler: streamGuard,
    config: { rateLimit: { max: config.rateLimits.mediaPerMin, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const payload = verifyMediaToken(config.media.secret, request.params.token);
      if (payload.t !== 'x') throw new ApiError('bad_request', 'This download link is invalid.');
      const audioOnly = payload.k === 'audio';
      // Another audio format where this instance has ffmpeg; without it (an instance without ffmpeg behind the
      // same address) the original sound, under its own extension.
      const output = audioOnly && payload.o && ffmpeg ? OUTPUT_FORMATS[payload.o] : undefined;
      const [type, extension] = output ? [output.type, output.extension] : audioOnly ? ['audio/mp4', '.m4a'] : ['video/mp4', '.mp4'];
      const stem = payload.f.replace(/\.(?:mp3|opus|ogg|wav)$/, '');
      const name = stem.endsWith(extension) ? stem : `${stem}${extension}`;
      const signal = abortWhenClientLeaves(reply);
      try {
        // HEAD opens the file as GET does (the tracks' headers, not their samples) for the same length, then
        // closes it: the CDN says "URL signature expired" only in a body, so this also finds an expired link.
        const opened = await (audioOnly ? openAudioOnly(payload.u, upstream, signal) : openMuxedVideo({ video: payload.u, audio: payload.a }, upstream, signal));
        const facts = output ? audioFactsOf(opened) : undefined;
        const file =
          output && facts && ffmpeg && request.method !== 'HEAD'
            ? transcodeAudio(opened, { ffmpeg, format: payload.o!, kbps: payload.b ?? 128, facts, slots: transcodes, signal })
            : opened;
        reply.headers({
          'content-type': type,
          'content-disposition': contentDisposition(name, request.query.inline === '1' ? 'inline' : 'attachment'),
          'content-security-policy': mediaCsp(type),
          'cross-origin-resource-policy': 'cross-origin',
          // Made afresh on every request from URLs that expire: never stored.
          'cache-control': 'private, no-store',
          // Known before the first byte for a fragment join, else estimated (cobalt's Estimated-Content-Length).
          ...(output && facts && request.method === 'HEAD' ? { 'estimated-content-length': estimatedTranscode(payload.o!, payload.b ?? 128, facts) } : lengthHeaders(file)),
        });
        if (request.method === 'HEAD') {
          file.destroy();
          return reply.send();
        }
        meterMuxedDownload(file, audioOnly || Boolean(payload.a));
        meterProxiedBytes(file);
        return reply.send(file);
      } catch (err) {
        if (err instanceof ClientGone) return dropReply(reply);
        throw err;
      }
    },
  });
};
