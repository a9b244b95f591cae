/** The access gate's metrics (http/access/): lookups per API key name, and the challenge's course. */
import { Counter } from 'prom-client';
import { metricsRegistry } from './metrics.ts';

const lookupsByKeyTotal = new Counter({
  name: 'gramsave_lookups_by_key_total',
  help: 'Lookups made with an API key, by the key\'s name in API_KEY_URL (never the key).',
  labelNames: ['key'] as const,
  registers: [metricsRegistry],
});

export function countLookupByKey(key: string): void {
  lookupsByKeyTotal.inc({ key });
}

const challengeTotal = new Counter({
  name: 'gramsave_challenge_total',
  help: 'The proof-of-work challenge: lookups answered challenge_required, challenges issued, solved (a token given), solutions rejected.',
  labelNames: ['event'] as const,
  registers: [metricsRegistry],
});

export function countChallenge(event: 'required' | 'issued' | 'solved' | 'rejected'): void {
  challengeTotal.inc({ event });
}
