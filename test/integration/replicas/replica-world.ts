/**
 * Several real Shipwatch processes sharing one PostgreSQL schema, as a team runs them: ONE fake Slack (Web API and
 * response_urls), ONE tracking-API simulator with an account quota (run in the test process, so the test sees every
 * request it served), a schema of its own created for this run (chosen through `DATABASE_URL`'s
 * `options=-c search_path=…`, as an operator would) and dropped afterwards, and a round-robin proxy in front of the
 * replicas' `/slack/events`. Requests are signed here exactly as Slack signs them and sent through the proxy; what the
 * replicas then do shows up at the fake Slack, at the simulator and in the database.
 *
 * PostgreSQL must answer: when it does not, `startReplicaWorld` fails with how to start it (never skips).
 */
import type { KnownBlock } from '@slack/types';
import pg from 'pg';
import { INPUT, VIEW } from '../../../src/cards/ids.js';
import { customFieldValueBlockId, serializeCustomFieldMetadata } from '../../../src/cards/modals/index.js';
import {
  createSimulator,
  DEMO,
  type RunningSimulator,
  type Simulator,
} from '../../../src/simulator/index.js';
import { signSlackRequest } from '../../../src/workspace/bot-link/sign.js';
import {
  REPLICA_HEADER,
  type RoundRobinProxy,
  startRoundRobinProxy,
} from '../../helpers/replicas/round-robin-proxy.js';
import {
  killEveryProcess,
  type ShipwatchProcess,
  startShipwatchProcess,
} from '../../helpers/replicas/shipwatch-process.js';
import { callWebApi } from '../../helpers/slack/call-web-api.js';
import {
  type FakeSlackApi,
  type FakeSlackCall,
  startFakeSlackApi,
} from '../../helpers/slack/fake-slack-api.js';
import {
  interactionBody,
  nextId,
  slashCommandBody,
  TEST_USER,
  viewSubmission,
} from '../../helpers/slack/payloads.js';
import { postSignedToEvents } from '../../helpers/slack/post-signed.js';
import { randomSchema, requirePostgres, TEST_DATABASE_URL } from '../../unit/store/helpers/stores.js';

export interface ReplicaWorldOptions {
  replicas: number;
  /** The simulator's quota per API key and rolling minute; the replicas are configured with the same. */
  quotaPerMinute: number;
  /** SHIPWATCH_WRITE_LEASE_MS of every replica. */
  writeLeaseMs: number;
}

export interface ProxiedAnswer {
  status: number;
  body: string;
  /** The replica that answered (the proxy's `x-replica`). */
  replica: string;
}

export interface SentCommand extends ProxiedAnswer {
  /** What was typed after the command. */
  text: string;
  channelId: string;
  responseUrl: string;
}

/** The first answer a person saw to a command: a card in the channel, an ephemeral, or a response_url post. */
export interface Reply {
  via: 'message' | 'ephemeral' | 'response_url';
  text: string;
  blocks: KnownBlock[];
}

export interface CustomFieldSave {
  channelId: string;
  /** The card the form was opened from (its thread gets the audit line). */
  messageTs: string;
  containerId: string;
  containerNumber: string;
  shipmentId: string;
  userId?: string;
  viewId: string;
  value: string;
}

export interface ReplicaWorld {
  readonly botToken: string;
  readonly slack: FakeSlackApi;
  readonly sim: Simulator;
  readonly proxy: RoundRobinProxy;
  readonly replicas: ShipwatchProcess[];
  /** The schema this run works in. */
  readonly schema: string;
  /** Starts one more replica on the same database and puts it into the proxy's rotation. */
  addReplica(name: string): Promise<ShipwatchProcess>;
  /** POSTs `body` to the proxy's /slack/events, signed now (or with the given headers as they are). */
  post(body: string, headers?: Record<string, string>): Promise<ProxiedAnswer>;
  sign(body: string): Record<string, string>;
  /** A slash command (`/shipment` unless `command` says otherwise), from a channel of its own. */
  command(text: string, options?: { userId?: string; command?: string }): Promise<SentCommand>;
  /** The body of a custom-field form submission, as Slack sends it when the person presses Save. */
  customFieldSaveBody(save: CustomFieldSave): string;
  /** Posts a message standing for a card the bot posted earlier; returns its ts. */
  postCard(channelId: string): Promise<string>;
  replyTo(sent: SentCommand): Reply | undefined;
  /** Audit lines posted in a card's thread that contain `text`. */
  auditLines(channelId: string, messageTs: string, text: string): FakeSlackCall[];
  /** Private notices (ephemeral or DM) to `userId`. */
  noticesTo(userId: string): FakeSlackCall[];
  /** Requests the simulator served with this method whose path matches. */
  served(method: string, path: string | RegExp): number;
  /** Containers of a demo shipment (id and number), read with another demo key so the quota is not touched. */
  containersOf(shipmentId: string): Promise<Array<{ id: string; number: string }>>;
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export async function startReplicaWorld(options: ReplicaWorldOptions): Promise<ReplicaWorld> {
  await requirePostgres();
  const botToken = `xoxb-replicas-${nextId('')}`;
  const signingSecret = `replicas-signing-secret-${nextId('')}`;
  const schema = randomSchema();
  const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  const cleanups: Array<() => Promise<unknown>> = [() => db.end()];
  const stopAll = async () => {
    await killEveryProcess();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    await db.query(`CREATE SCHEMA ${schema}`);
    cleanups.push(() => db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
    await db.query(`SET search_path TO ${schema}`);
    const slack = await startFakeSlackApi({ botToken });
    cleanups.push(() => slack.close());
    const sim = createSimulator({ rateLimitPerMinute: options.quotaPerMinute });
    const running: RunningSimulator = await sim.listen({ port: 0 });
    cleanups.push(() => running.close());

    const env = {
      SLACK_BOT_TOKEN: botToken,
      SLACK_SIGNING_SECRET: signingSecret,
      SLACK_API_URL: slack.url,
      TRACKING_API_URL: running.url,
      TRACKING_API_KEY: DEMO.apiKeys.full,
      TRACKING_API_RATE_LIMIT: String(options.quotaPerMinute),
      DATABASE_URL: withSearchPath(TEST_DATABASE_URL, schema),
      SHIPWATCH_WRITE_LEASE_MS: String(options.writeLeaseMs),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    };
    const start = (name: string) => startShipwatchProcess({ name, env });
    // All at once, as an orchestrator starts them: the migrations run once, under the advisory lock.
    const replicas = await Promise.all(
      Array.from({ length: options.replicas }, (_, index) => start(`replica-${index + 1}`)),
    );
    const proxy = await startRoundRobinProxy(replicas.map(({ name, url }) => ({ name, url })));
    cleanups.push(() => proxy.close());

    const post = async (body: string, headers?: Record<string, string>): Promise<ProxiedAnswer> => {
      const response = await postSignedToEvents(proxy.origin, signingSecret, body, { headers });
      return {
        status: response.status,
        body: await response.text(),
        replica: response.headers.get(REPLICA_HEADER) ?? '',
      };
    };

    return {
      botToken,
      slack,
      sim,
      proxy,
      replicas,
      schema,
      async addReplica(name) {
        const replica = await start(name);
        replicas.push(replica);
        proxy.add({ name, url: replica.url });
        return replica;
      },
      post,
      sign: (body) => signSlackRequest(signingSecret, body),
      async command(text, commandOptions = {}) {
        const channelId = nextId('C');
        const responseUrl = slack.responseUrls.newUrl();
        const body = slashCommandBody({
          command: commandOptions.command ?? '/shipment',
          text,
          channelId,
          responseUrl,
          ...(commandOptions.userId ? { userId: commandOptions.userId } : {}),
        });
        return { ...(await post(body)), text, channelId, responseUrl };
      },
      customFieldSaveBody(save) {
        const privateMetadata = serializeCustomFieldMetadata({
          containerId: save.containerId,
          containerNumber: save.containerNumber,
          shipmentId: save.shipmentId,
          channelId: save.channelId,
          messageTs: save.messageTs,
          threadTs: null,
          fields: { po_number: { type: 'short_text' } },
        });
        return interactionBody(
          viewSubmission({
            callbackId: VIEW.customField,
            privateMetadata,
            viewId: save.viewId,
            userId: save.userId ?? TEST_USER.id,
            values: {
              [INPUT.customFieldSlug.block]: {
                [INPUT.customFieldSlug.action]: { selectedOption: 'po_number' },
              },
              [customFieldValueBlockId('po_number')]: { [INPUT.customFieldValue.action]: save.value },
            },
          }),
        );
      },
      async postCard(channelId) {
        const answer = await callWebApi(slack.url, botToken, 'chat.postMessage', {
          channel: channelId,
          text: 'A shipment card',
        });
        if (answer.ok !== true) throw new Error(`could not post the card: ${String(answer.error)}`);
        return String(answer.ts);
      },
      replyTo: (sent) => findReply(slack, sent),
      auditLines: (channelId, messageTs, text) =>
        slack
          .callsTo('chat.postMessage', { channel: channelId, thread_ts: messageTs })
          .filter((call) => call.ok && String(call.args.text).includes(text)),
      noticesTo: (userId) =>
        slack.calls.filter(
          (call) =>
            call.ok &&
            ((call.method === 'chat.postEphemeral' && call.args.user === userId) ||
              (call.method === 'chat.postMessage' && call.args.channel === userId)),
        ),
      served: (method, path) =>
        sim.requests.filter(
          (request) =>
            request.method === method &&
            (typeof path === 'string' ? request.path === path : path.test(request.path)),
        ).length,
      async containersOf(shipmentId) {
        const response = await fetch(`${running.url}/shipments/${shipmentId}?include=containers`, {
          headers: { authorization: `Token ${DEMO.apiKeys.noRouting}` },
        });
        // SAFETY: the simulator answers a JSON:API document; only `included` containers are read.
        const document = (await response.json()) as {
          included?: Array<{ type: string; id: string; attributes?: { number?: string } }>;
        };
        return (document.included ?? [])
          .filter((resource) => resource.type === 'container')
          .map((resource) => ({ id: resource.id, number: resource.attributes?.number ?? '' }));
      },
      async query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
        return (await db.query<T>(sql, params)).rows;
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** `url` with `options=-c search_path=<schema>` (merged with options already there): the store works in that schema. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  const existing = parsed.searchParams.get('options');
  parsed.searchParams.set('options', `${existing ? `${existing} ` : ''}-c search_path=${schema}`);
  return parsed.toString();
}

function findReply(slack: FakeSlackApi, sent: SentCommand): Reply | undefined {
  const post = slack.responseUrls.posts.find(
    (candidate) =>
      candidate.url === sent.responseUrl && candidate.status === 200 && !isPlaceholder(candidate.body.text),
  );
  if (post)
    return { via: 'response_url', text: String(post.body.text ?? ''), blocks: blocksOf(post.body.blocks) };
  // A card posted at once, or one that replaced the "Looking up …" line shown while the lookup was slow.
  const call = slack.calls.find(
    (candidate) =>
      candidate.ok &&
      ['chat.postMessage', 'chat.postEphemeral', 'chat.update'].includes(candidate.method) &&
      candidate.args.channel === sent.channelId &&
      candidate.args.thread_ts === undefined &&
      !isPlaceholder(candidate.args.text),
  );
  if (!call) return undefined;
  return {
    via: call.method === 'chat.postEphemeral' ? 'ephemeral' : 'message',
    text: String(call.args.text ?? ''),
    blocks: blocksOf(call.args.blocks),
  };
}

/** "Looking up …" shown while a slow lookup runs, and the line it becomes when the answer went privately: progress. */
function isPlaceholder(text: unknown): boolean {
  return typeof text === 'string' && /^:mag: Look(ing|ed) up /.test(text);
}

function blocksOf(value: unknown): KnownBlock[] {
  // SAFETY: blocks recorded from the bot's own requests; tests read them as Block Kit JSON.
  return Array.isArray(value) ? (value as KnownBlock[]) : [];
}
