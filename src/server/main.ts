/** Process entry: config → app → listen; graceful shutdown on SIGTERM/SIGINT. */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { closeGracefully } from './graceful-shutdown.ts';
import { siteForOrigin } from './http/site-origin.ts';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(err.message + '\n');
      process.exit(1);
    }
    throw err;
  }
  // The prerendered pages on this instance's PUBLIC_ORIGIN and with its ADS_CLIENT (a copy in TMPDIR when the build
  // was made for another origin or the instance shows ads).
  const started = Date.now();
  const site = await siteForOrigin(config.buildDir, config.publicOrigin, undefined, { adsClient: config.adsClient });
  const copied = site.dir !== config.buildDir;
  config = { ...config, buildDir: site.dir };
  const app = await buildApp(config);
  if (copied) {
    app.log.info({ builtFor: site.builtFor, publicOrigin: config.publicOrigin, adsClient: config.adsClient, dir: site.dir, rewritten: site.rewritten, ms: Date.now() - started }, 'the pages carry PUBLIC_ORIGIN (and ADS_CLIENT, when set): served from a copy of the build');
  }
  if (config.media.secretGenerated) {
    app.log.warn('DOWNLOAD_SECRET is not set: generated one for this process (development only; tokens die with it)');
  }
  if (config.media.testOrigins.length > 0) {
    app.log.warn({ origins: config.media.testOrigins }, 'MEDIA_TEST_ORIGINS is set: the media proxy will fetch from these test origins. Never use this in production.');
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    closeGracefully(app, config.shutdownDeadlineMs).then(
      () => {
        app.log.info('shutdown complete');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  process.stderr.write(`Gramsave failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
