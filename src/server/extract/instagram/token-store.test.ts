/** The shared token fetch: one request for concurrent callers, and one caller's deadline never fails the others. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamClient } from './client.ts';
import { TokenStore } from './tokens.ts';

let server: Server;
let requests = 0;
let origin = '';

beforeAll(async () => {
  // The web origin's home page, slow on purpose, with the LSD token and the csrftoken cookie.
  server = createServer((_req, res) => {
    requests++;
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'csrftoken=csrf123; Path=/' });
      res.end('<html><script>["LSD",[],{"token":"lsd456"},1]</script></html>');
    }, 300);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('TokenStore', () => {
  it('fetches once for concurrent callers, and a caller whose deadline passes does not fail the others', async () => {
    const store = new TokenStore(new UpstreamClient({ webOrigin: origin, appId: '1', requestTimeoutMs: 5000 }));
    requests = 0;
    const impatient = store.get(AbortSignal.timeout(50));
    const patient = store.get(AbortSignal.timeout(5000));
    await expect(impatient).rejects.toMatchObject({ kind: 'timeout' });
    await expect(patient).resolves.toEqual({ lsd: 'lsd456', csrftoken: 'csrf123' });
    expect(requests).toBe(1);
    // Cached now: no new request.
    await expect(store.get()).resolves.toEqual({ lsd: 'lsd456', csrftoken: 'csrf123' });
    expect(requests).toBe(1);
  });
});
