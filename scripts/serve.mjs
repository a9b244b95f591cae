// The server alone, on the build it finds: what the image runs (node itself, so signals reach it). It never builds;
// `npm start` builds first when the build is missing or stale.
await import('tsx/esm');
await import('../src/server/main.ts');
