/**
 * BarcelonaPostPageDirectQuery, as FxEmbed asks it (packages/atmosphere/src/providers/threads/client.ts at 85ba21c,
 * read 2026-11-27): `/` for the cookies (csrftoken) and the LSD token, then `POST /graphql/query` with the web app
 * id, X-FB-LSD, X-CSRFToken, the friendly and root field names and `X-LOGGED-OUT-THREADS-MIGRATED-REQUEST: true`,
 * `postID` the numeric id of the code. The post is under `data.data.edges[0].node.thread_items[].post`. A refused
 * doc id is replaced by the one `/`'s bundles export (doc-ids.ts), then the query is asked once more.
 */
import { shortcodeToPk } from '../../../../shared/shortcode.ts';
import { ExtractError } from '../../failure.ts';
import type { RawResolution } from '../../raw.ts';
import { jsonFailure, postWithCode, statusFailure } from '../answers.ts';
import type { ThreadsClient } from '../client.ts';
import type { ThreadsDocIds } from '../doc-ids.ts';
import { normalizeThreadsPost } from '../normalize.ts';
import type { ThreadsTarget } from '../target.ts';

export const THREADS_APP_ID = '238260118697367';
const FRIENDLY_NAME = 'BarcelonaPostPageDirectQuery';
const ROOT_FIELD = 'xdt_api__v1__text_feed__media_id__replies__connection';
const LSD = /\["LSD",\[\],\{"token":"([^"]{1,100})"\}/;

export async function threadsGraphql(client: ThreadsClient, docIds: ThreadsDocIds, target: ThreadsTarget, signal: AbortSignal): Promise<RawResolution> {
  const home = await client.send({ origin: 'web', path: '/', navigation: true, signal });
  const homeFailure = statusFailure(home, 'threads /', false);
  if (homeFailure) throw homeFailure;
  const lsd = LSD.exec(home.body)?.[1];
  const csrf = client.cookies().csrftoken;
  if (!lsd || !csrf) throw new ExtractError('changed', `threads /: no ${lsd ? 'csrftoken' : 'LSD token'}`);
  const ask = async (docId: string) => {
    const res = await client.send({
      origin: 'web',
      path: '/graphql/query',
      signal,
      headers: {
        origin: client.options.webOrigin,
        referer: `${client.options.webOrigin}/`,
        'x-ig-app-id': THREADS_APP_ID,
        'x-fb-lsd': lsd,
        'x-csrftoken': csrf,
        'x-fb-friendly-name': FRIENDLY_NAME,
        'x-root-field-name': ROOT_FIELD,
        'x-logged-out-threads-migrated-request': 'true',
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'cors',
        'sec-fetch-dest': 'empty',
      },
      form: {
        lsd,
        doc_id: docId,
        fb_api_req_friendly_name: FRIENDLY_NAME,
        fb_api_caller_class: 'RelayModern',
        server_timestamps: 'true',
        variables: JSON.stringify({ postID: shortcodeToPk(target.shortcode), sort_order: 'TOP', __relay_internal__pv__BarcelonaIsLoggedInrelayprovider: false }),
      },
    });
    const failure = statusFailure(res, 'threads graphql', false);
    if (failure) throw failure;
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(res.body) as Record<string, unknown>;
    } catch {
      throw new ExtractError('changed', `threads graphql: HTTP ${res.status}, not JSON`);
    }
    return { json, verdict: jsonFailure(json, 'threads graphql') };
  };
  const used = docIds.current;
  let answer = await ask(used);
  if (answer.verdict === 'stale') {
    const fresh = await docIds.heal(used, home.body, client, signal);
    if (!fresh) throw new ExtractError('changed', `threads graphql: doc id ${used} refused, and the bundles name no other`);
    answer = await ask(fresh);
  }
  if (answer.verdict === 'stale') throw new ExtractError('changed', 'threads graphql: the discovered doc id was refused too');
  if (answer.verdict) throw answer.verdict;
  const post = postWithCode(answer.json, target.shortcode);
  if (!post) throw new ExtractError('empty', 'threads graphql: no post with this code');
  return normalizeThreadsPost(post);
}
