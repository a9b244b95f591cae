// The image's HEALTHCHECK: exit 0 when this instance's /readyz says ready (the build is there, Redis answers when set).
const port = process.env.PORT || '8080';
try {
  const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
