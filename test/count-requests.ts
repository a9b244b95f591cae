/** Instagram requests per missed lookup and per hit (issue 29), against the fake: `npx tsx test/count-requests.ts`. */
import { FIXTURE } from './fake-instagram/index.ts';
import { startResolveRig } from './fake-instagram/rig.ts';

const IG = 'https://www.instagram.com';
const rig = await startResolveRig();
const count = async (label: string, urls: string[], setup: () => void = () => undefined) => {
  rig.fake.switches.reset();
  rig.fake.counts.reset();
  setup();
  const before = rig.fake.counts.total();
  for (const url of urls) await rig.resolve(url);
  const asked = rig.fake.counts.total() - before;
  process.stdout.write(`${label}: ${(asked / urls.length).toFixed(2)} requests per lookup (${JSON.stringify(rig.fake.counts.snapshot())})\n`);
};
try {
  await count('miss, deleted post', ['NoSuchPostA1', 'NoSuchPostB2', 'NoSuchPostC3'].map((c) => `${IG}/p/${c}/`));
  await count('miss, same deleted post again', [`${IG}/p/NoSuchPostA1/`]);
  await count('miss, age-gated post', [`${IG}/p/${FIXTURE.v1Image}/`], () => rig.fake.switches.set(FIXTURE.v1Image, 'age_restricted'));
  await count('hit (first lookup of a live post)', [FIXTURE.image, FIXTURE.reel, FIXTURE.v1Carousel, FIXTURE.dashReel].map((c) => `${IG}/p/${c}/`));
} finally {
  await rig.close();
}
