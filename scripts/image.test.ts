// `npm run image`'s command line: podman keeps the HEALTHCHECK (docker format), and npm's CA goes in as a build
// secret only when npm names one.
import { describe, expect, it } from 'vitest';
import { buildArgs } from './image.mjs';

describe('npm run image', () => {
  it('builds with podman in docker format, the CA file as the npm_ca secret', () => {
    const args = buildArgs('podman', { caFile: '/etc/ssl/proxy-ca.pem' });
    expect(args.slice(0, 3)).toEqual(['build', '--format', 'docker']);
    expect(args.join(' ')).toContain('--secret id=npm_ca,src=/etc/ssl/proxy-ca.pem');
    expect(args.slice(-5)).toEqual(['-f', 'Containerfile', '-t', 'localhost/gramsave:latest', '.']);
  });

  it('passes no secret without a CA file, and no podman option to docker', () => {
    const args = buildArgs('docker', {});
    expect(args).not.toContain('--secret');
    expect(args).not.toContain('--format');
    expect(args).toContain('--network');
  });
});
