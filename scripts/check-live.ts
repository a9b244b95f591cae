/**
 * `npm run check-live -- <link>…`: every post strategy on its own against Instagram (IG_WEB_ORIGIN and the rest of
 * the configuration, real Instagram by default), for each link; Threads links get each Threads strategy alone
 * (check-live-threads.ts), and a Threads strategy broken for every Threads link exits 1 too. Prints strategy × link → ok or the failure kind,
 * with milliseconds; then, per strategy, how many answers were empty, login walls or throttling (2026: a retired
 * query answers empty for every post, walls and throttles say who asked); then the doc ids in use and where each came
 * from; then Instagram's ruling on each link (age-gated or not) and what it answers a doc id it does not know (a
 * stale document: the app heals only from the answer it recognises). Exits 1 when some strategy is broken, or empty,
 * for every link, or when a stale document would not heal, so a daily run (cron, CI schedule) tells the operator
 * early; see docs/deploy.md.
 */
import { parseLink } from '../src/shared/link.ts';
import { loadConfig, STRATEGY_NAMES, type Config, type StrategyName } from '../src/server/config.ts';
import { Resolver } from '../src/server/extract/resolver.ts';
import type { FailureKind } from '../src/server/extract/failure.ts';
import type { PostTarget } from '../src/server/extract/instagram/strategy.ts';
import type { ThreadsTarget } from '../src/server/extract/threads/target.ts';
import { checkShapes } from './check-live-shapes.ts';
import { checkThreads } from './check-live-threads.ts';
import { checkUser } from './check-live-user.ts';

/** Outcomes that say the post, not the strategy, is the problem. */
const PER_POST = new Set<string>(['not_found', 'private', 'no_media', 'unsupported'] satisfies FailureKind[]);

async function main(): Promise<number> {
  const links = process.argv.slice(2).filter((a) => a !== '--');
  const userAt = links.indexOf('--user');
  if (userAt !== -1) return checkUserMode(links[userAt + 1]);
  if (links.length === 0) {
    process.stderr.write('usage: npm run check-live -- <instagram post or reel link, or threads post link>…\n');
    return 2;
  }
  const targets: PostTarget[] = [];
  const threads: ThreadsTarget[] = [];
  for (const link of links) {
    const parsed = parseLink(link);
    if (parsed.ok && (parsed.link.kind === 'post' || parsed.link.kind === 'reel' || parsed.link.kind === 'igtv')) targets.push({ shortcode: parsed.link.shortcode, linkKind: parsed.link.kind });
    else if (parsed.ok && parsed.link.kind === 'thread') threads.push({ shortcode: parsed.link.shortcode, ...(parsed.link.username ? { username: parsed.link.username } : {}) });
    else throw new Error(`not a post, reel, IGTV or Threads post link: ${link}`);
  }
  const config = loadConfig({ LOG_LEVEL: 'silent', ...process.env });
  const silent = { info: () => undefined, warn: () => undefined };
  const resolver = new Resolver({ config, logger: silent });
  try {
    const instagram = targets.length ? await checkInstagram(resolver, config, targets) : { lines: [], failing: false };
    const thread = threads.length ? await checkThreads(resolver, threads) : { lines: [], broken: [] };
    process.stdout.write([...instagram.lines, ...(instagram.lines.length && thread.lines.length ? [''] : []), ...thread.lines].join('\n') + '\n');
    return instagram.failing || thread.broken.length ? 1 : 0;
  } finally {
    await resolver.close();
  }
}

/** Instagram's part: every post strategy on every link, the request shapes, the doc ids, the ruling, a stale document. */
async function checkInstagram(resolver: Resolver, config: Config, targets: PostTarget[]): Promise<{ lines: string[]; failing: boolean }> {
  const rows: string[][] = [['strategy', ...targets.map((t) => t.shortcode)]];
  const broken: StrategyName[] = [];
  const retired: StrategyName[] = [];
  const signals: string[] = [];
  for (const name of STRATEGY_NAMES) {
    const cells: string[] = [];
    let working = false;
    const seen = { empty: 0, wall: 0, throttled: 0 };
    for (const target of targets) {
      const result = await resolver.probes.strategy(name, target);
      cells.push(`${result.outcome} ${Math.round(result.ms)} ms`);
      if (result.outcome === 'empty') seen.empty++;
      if (result.outcome === 'login_required') seen.wall++;
      if (result.outcome === 'rate_limited') seen.throttled++;
      // A strategy that needs a session is not broken when none is configured.
      const needsSession = result.outcome === 'login_required' && config.instagram.sessionIds.length === 0;
      if (result.outcome === 'ok' || PER_POST.has(result.outcome) || needsSession) working = true;
    }
    if (seen.empty === targets.length) retired.push(name);
    else if (!working) broken.push(name);
    rows.push([name, ...cells]);
    signals.push(`  ${name.padEnd(17)} empty ${seen.empty} · login wall ${seen.wall} · throttled ${seen.throttled} (of ${targets.length})`);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  const out = [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.slice(1).map(line), '', 'answers that say nothing of the post:', ...signals, ''];
  out.push(...(await checkShapes(resolver, targets, config.instagram.strategies)), '');
  out.push('doc ids in use:');
  for (const [op, entry] of Object.entries(resolver.docIds.all())) out.push(`  ${op.padEnd(9)} ${entry.id} (${entry.source})`);
  out.push('', 'ruling (get_ruling_for_content):');
  for (const target of targets) {
    const ruling = await resolver.probes.ruling(target);
    out.push(`  ${target.shortcode.padEnd(12)} ${ruling.outcome === 'ok' ? 'nothing restricted' : `${ruling.outcome}: ${ruling.detail ?? ''}`} (${Math.round(ruling.ms)} ms)`);
  }
  const stale = await resolver.probes.staleDocument();
  out.push('', `stale document (an unknown doc id): ${stale.heals ? 'read as a stale document, heals' : `NOT read as a stale document (${stale.outcome}): a rotation would not heal`} — ${stale.detail ?? ''}`);
  if (retired.length) out.push('', `EMPTY for every link (a retired query? take it out of IG_STRATEGIES): ${retired.join(', ')}`);
  out.push('', broken.length ? `BROKEN for every link: ${broken.join(', ')}` : 'every strategy works for at least one link');
  return { lines: out, failing: broken.length > 0 || retired.length > 0 || !stale.heals };
}

/** `--user <name>`: the profile view's sections (check-live-user.ts). */
async function checkUserMode(username: string | undefined): Promise<number> {
  if (!username) {
    process.stderr.write('usage: npm run check-live -- --user <username>\n');
    return 2;
  }
  const resolver = new Resolver({ config: loadConfig({ LOG_LEVEL: 'silent', ...process.env }), logger: { info: () => undefined, warn: () => undefined } });
  try {
    const { code, text } = await checkUser(resolver, username);
    process.stdout.write(text);
    return code;
  } finally {
    await resolver.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`check-live: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  },
);
