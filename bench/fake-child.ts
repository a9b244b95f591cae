/** The fake Instagram alone in its own process (its CPU stays out of the client's figures): sends its web origin. */
import { startFakeInstagram } from '../test/fake-instagram/index.ts';

const fake = await startFakeInstagram({ tls: process.argv[2] === 'tls' });
process.send?.({ type: 'ready', url: fake.webOrigin });
process.on('message', () => {
  void fake.close().then(() => process.exit(0));
});
