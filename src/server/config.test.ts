import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.publicOrigin).toBe('http://localhost:8080');
    expect(config.instagram.webOrigin).toBe('https://www.instagram.com');
    expect(config.instagram.strategies).toEqual(['graphql-web-info', 'polaris-media', 'permalink', 'embed', 'media-info']);
    expect(config.media.hosts).toEqual(['*.cdninstagram.com', '*.fbcdn.net', '*.giphy.com']);
    expect(config.media.testOrigins).toEqual([]);
    expect(config.rateLimits).toEqual({ resolvePerMin: 30, mediaPerMin: 600, contactPerHour: 5 });
    expect(config.trustProxy).toBe(false);
    expect(config.redisUrl).toBeUndefined();
    expect(config.adsClient).toBeUndefined();
    expect(config.media.secretGenerated).toBe(true);
    expect(config.media.secret.length).toBeGreaterThanOrEqual(32);
    expect(config.media.stallTimeoutMs).toBe(30_000);
    expect(config.media.maxStreamsPerClient).toBe(16);
  });

  it('gives an address 10 lookups a minute before the challenge, more in tests, and reads keys and the switch', () => {
    expect(loadConfig({}).access).toEqual({ keyUrl: undefined, authRequired: false, challengeFreePerMin: 10, challengeCost: { puzzles: 12, bits: 10 }, floodChallenge: true });
    expect(loadConfig({ NODE_ENV: 'test' }).access.challengeFreePerMin).toBe(1_000_000);
    const env = { NODE_ENV: 'test', CHALLENGE_FREE_PER_MIN: '0', API_AUTH_REQUIRED: 'true', API_KEY_URL: 'file:///etc/gramsave/keys.json' } as const;
    expect(loadConfig(env).access).toEqual({ keyUrl: 'file:///etc/gramsave/keys.json', authRequired: true, challengeFreePerMin: 0, challengeCost: { puzzles: 12, bits: 10 }, floodChallenge: true });
    expect(loadConfig({ NODE_ENV: 'test' }).access.floodChallenge).toBe(false);
    expect(loadConfig({ CHALLENGE_PUZZLES: '4', CHALLENGE_BITS: '14' }).access.challengeCost).toEqual({ puzzles: 4, bits: 14 });
    expect(() => loadConfig({ CHALLENGE_BITS: '33' })).toThrow(/CHALLENGE_BITS/);
    expect(() => loadConfig({ CHALLENGE_PUZZLES: '0' })).toThrow(/CHALLENGE_PUZZLES/);
  });

  it('serves metrics on loopback port 9464 by default, an ephemeral port in tests', () => {
    expect(loadConfig({}).metrics).toEqual({ port: 9464, host: '127.0.0.1', token: undefined, prefix: 'gramsave_' });
    expect(loadConfig({ NODE_ENV: 'test' }).metrics.port).toBe(0);
    expect(loadConfig({ METRICS_PORT: '9100', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: 'x'.repeat(16) }).metrics).toEqual({ port: 9100, host: '10.0.0.5', token: 'x'.repeat(16), prefix: 'gramsave_' });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_PREFIX: '' }).metrics.prefix).toBe('');
    expect(loadConfig({ METRICS_PREFIX: 'shop_' }).metrics.prefix).toBe('shop_');
    expect(() => loadConfig({ METRICS_PREFIX: 'my-app_' })).toThrow(/METRICS_PREFIX/);
  });

  it('reads the download limits', () => {
    const config = loadConfig({ MEDIA_STALL_TIMEOUT_MS: '5000', MEDIA_MAX_STREAMS_PER_IP: '4', MEDIA_MAX_STREAMS: '64' });
    expect(config.media).toMatchObject({ stallTimeoutMs: 5000, maxStreamsPerClient: 4, maxStreams: 64 });
    expect(loadConfig({}).media.maxStreams).toBe(256);
  });

  it('reads overrides: strategy order, doc ids, origins, providers, limits', () => {
    const config = loadConfig({
      IG_STRATEGIES: 'embed, media-info',
      IG_DOC_ID_SHORTCODE: '123',
      IG_WEB_ORIGIN: 'http://127.0.0.1:4001/',
      MEDIA_TEST_ORIGINS: 'http://127.0.0.1:4002',
      AUTOLINK_API_KEY: 'k',
      AUTOLINK_ORIGIN: 'https://autolink.example',
      RATE_LIMIT_RESOLVE_PER_MIN: '7',
      TRUST_PROXY: 'true',
      DOWNLOAD_SECRET: 'x'.repeat(32),
    });
    expect(config.instagram.strategies).toEqual(['embed', 'media-info']);
    expect(config.instagram.docIds.shortcode).toBe('123');
    expect(config.instagram.webOrigin).toBe('http://127.0.0.1:4001');
    expect(config.media.testOrigins).toEqual(['http://127.0.0.1:4002']);
    expect(config.providers.autolink).toEqual({ origin: 'https://autolink.example', key: 'k' });
    expect(config.rateLimits.resolvePerMin).toBe(7);
    expect(config.trustProxy).toBe(true);
    expect(config.media.secretGenerated).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ IG_STRATEGIES: 'embed,telepathy' }, 'IG_STRATEGIES'],
    [{ PUBLIC_ORIGIN: 'not a url' }, 'PUBLIC_ORIGIN'],
    [{ DOWNLOAD_SECRET: 'short' }, 'DOWNLOAD_SECRET'],
    [{ NODE_ENV: 'production' }, 'DOWNLOAD_SECRET'],
    [{ AUTOLINK_API_KEY: 'k' }, 'AUTOLINK_API_KEY'],
    [{ REDIS_URL: 'http://localhost' }, 'REDIS_URL'],
    [{ RATE_LIMIT_MEDIA_PER_MIN: '0' }, 'RATE_LIMIT_MEDIA_PER_MIN'],
    [{ MEDIA_STALL_TIMEOUT_MS: '-5' }, 'MEDIA_STALL_TIMEOUT_MS'],
    [{ MEDIA_MAX_STREAMS_PER_IP: 'many' }, 'MEDIA_MAX_STREAMS_PER_IP'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ API_KEY_URL: 'http://keys.example/keys.json' }, 'API_KEY_URL'],
    [{ API_AUTH_REQUIRED: 'sometimes' }, 'API_AUTH_REQUIRED'],
    [{ CHALLENGE_FREE_PER_MIN: '-1' }, 'CHALLENGE_FREE_PER_MIN'],
  ])('refuses %o with one line naming %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
  });

  it('stops the process with one clear line on stderr', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: PORT /)]);
  });
});
