/** pino JSON logs. Secrets (cookies, keys, signed URLs) are redacted by path so no log line carries them. */
import pino from 'pino';

export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-rapidapi-key"]',
          'res.headers["set-cookie"]',
          '*.sessionid',
          '*.key',
        ],
        censor: '[redacted]',
      },
      serializers: {
        // Media and zip URLs carry signed tokens: log the route, not the token.
        req(req: { method: string; url: string; id: string }) {
          return { method: req.method, url: redactTokens(req.url), id: req.id };
        },
      },
    },
    destination,
  );
}

export function redactTokens(url: string): string {
  return url.replace(/(\/api\/v1\/(?:media|zip)\/)[^/?#]+/, '$1[token]');
}
