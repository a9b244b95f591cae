// The environment the server process starts with, beside the operator's own: glibc's malloc keeps 64 MB of freed heap
// at its top instead of handing it back to the kernel. Node reads every socket chunk into a new 64 KB buffer, and the
// garbage collector frees them by the hundred at once; glibc then returned that memory and faulted it back in, zeroed,
// page by page, on the next reads. On this 2-core VM (2026-11-28, `npx tsx bench/media-rounds.ts 7`, every bench child
// alike) the proxy read about 170 MB/s without it and 440–550 MB/s with it, and the bare relay moved the same way.
// glibc reads it once, as a process starts, so `npm start` starts the server with it (start.mjs), and the image sets it
// (Containerfile). The build's precompression, which frees zlib's buffers file after file, runs with it too (build.mjs).
// Elsewhere (musl, macOS) it is ignored.
export const SERVER_ENV = { MALLOC_TOP_PAD_: String(64 * 1024 * 1024) };

/** The server's environment: the operator's, with SERVER_ENV's values where the operator set none. */
export function serverEnv(env = process.env) {
  return { ...SERVER_ENV, ...env };
}

/** Whether this process started with every SERVER_ENV value (the operator's own value counts). */
export function startedWithServerEnv(env = process.env) {
  return Object.keys(SERVER_ENV).every((name) => env[name] !== undefined);
}
