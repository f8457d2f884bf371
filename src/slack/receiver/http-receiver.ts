/**
 * Slack's events over HTTP: a Bolt Receiver that owns no server. Its `eventsRoute()` (`POST /slack/events`) is mounted
 * on Shipwatch's one HTTP server (src/http/server.ts). Built on Bolt's HTTP helpers, because Bolt's HTTPReceiver reads
 * and buffers every body (up to 4 MB) before it looks at a single header. This one screens first (request-screen.ts):
 * no well-formed Slack signature headers → 401 before any body byte is read; a declared size larger than Slack sends
 * → 413; at most `maxConcurrentReads` bodies are read at once (the rest wait briefly, then 503), each capped; then
 * Slack's signature (Bolt's verifySlackRequest), a timestamp not in the future, a replay guard (the same signed request
 * twice does nothing the second time), and a body that is a JSON object.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type App,
  type Logger as BoltLogger,
  HTTPModuleFunctions,
  HTTPResponseAck,
  type Receiver,
  type ReceiverEvent,
  verifySlackRequest,
} from '@slack/bolt';
import type { Clock } from '../../clock.js';
import { createReadSlots, type ReadSlots } from '../../http/read-slots.js';
import { type FirstSighting, failingOpen } from '../../http/replay-guard.js';
import type { HttpRoute } from '../../http/route.js';
import type { Logger } from '../../logger.js';
import {
  answerUnroutableEvents,
  checkHeaders,
  checkRequestTimestamp,
  type GuardVerdict,
  MAX_SLACK_BODY_BYTES,
  readBody,
  signatureDigest,
} from './request-screen.js';

export const EVENTS_PATH = '/slack/events';

export interface HttpReceiverOptions {
  signingSecret: string;
  clock: Clock;
  logger: Logger;
  boltLogger: BoltLogger;
  /**
   * True the first time a signed request is seen within Slack's 5-minute window; a replay answers 200 and does
   * nothing (http/replay-guard.ts, which also lets requests through while the store cannot answer).
   */
  firstSighting?: FirstSighting;
  maxBodyBytes?: number;
  /** Bodies read at once; default 64. */
  maxConcurrentReads?: number;
  /** How long a request may wait for a read slot before it is answered 503; default 1 s. */
  readQueueMs?: number;
}

export class ShipwatchHttpReceiver implements Receiver {
  private app: App | null = null;
  private readonly readSlots: ReadSlots;
  private readonly firstSighting: FirstSighting | null;
  private readonly unroutable: ReturnType<typeof answerUnroutableEvents>;

  constructor(private readonly options: HttpReceiverOptions) {
    this.readSlots = createReadSlots({
      limit: options.maxConcurrentReads ?? 64,
      queueMs: options.readQueueMs ?? 1_000,
    });
    this.firstSighting = options.firstSighting ? failingOpen(options.firstSighting, options.logger) : null;
    this.unroutable = answerUnroutableEvents(options.logger);
  }

  init(app: App): void {
    this.app = app;
  }

  /** The server belongs to src/http/: Bolt's app.start() and app.stop() have nothing to open or close here. */
  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  /** `POST /slack/events`, for the HTTP server. */
  eventsRoute(): HttpRoute {
    return {
      method: 'POST',
      path: EVENTS_PATH,
      handle: (req, res) =>
        this.handleEvent(req, res).catch((error: unknown) => {
          this.options.logger.error('the Slack endpoint failed to take a request', { error });
          if (!res.headersSent) HTTPModuleFunctions.buildNoBodyResponse(res, 500);
        }),
    };
  }

  private refuse(res: ServerResponse, verdict: Exclude<GuardVerdict, { ok: true }>): void {
    this.options.logger.warn('refused a request to the Slack endpoint', {
      status: verdict.status,
      reason: verdict.reason,
    });
    if (!res.headersSent) HTTPModuleFunctions.buildNoBodyResponse(res, verdict.status);
  }

  private async handleEvent(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { options } = this;
    const maxBytes = options.maxBodyBytes ?? MAX_SLACK_BODY_BYTES;
    const headers = checkHeaders(req.headers, maxBytes);
    if (!headers.ok) {
      // Not reading the body: the connection closes instead of being kept alive for more of it.
      res.setHeader('connection', 'close');
      this.refuse(res, headers);
      return;
    }
    if (!(await this.readSlots.take())) {
      res.setHeader('connection', 'close');
      res.setHeader('retry-after', '1');
      HTTPModuleFunctions.buildNoBodyResponse(res, 503);
      options.logger.warn('refused a request to the Slack endpoint', {
        status: 503,
        reason: 'too many at once',
      });
      return;
    }
    let buffered: Awaited<ReturnType<typeof HTTPModuleFunctions.bufferIncomingMessage>>;
    try {
      buffered = await HTTPModuleFunctions.bufferIncomingMessage(req, maxBytes);
    } catch (error) {
      const tooLarge = HTTPModuleFunctions.isRawBodyError(error) && error.statusCode === 413;
      this.refuse(res, {
        ok: false,
        status: tooLarge ? 413 : 400,
        reason: tooLarge ? 'the body is larger than Slack sends' : 'the body could not be read',
      });
      return;
    } finally {
      this.readSlots.release();
    }
    const rawBody = buffered.rawBody.toString();
    const signature = String(req.headers['x-slack-signature']);
    const signedAt = String(req.headers['x-slack-request-timestamp']);
    // checkHeaders admitted only a well-formed header, so the digest is there; the guard keys on it, not the header.
    const digest = signatureDigest(signature) ?? signature;
    const now = options.clock.now().getTime();
    try {
      verifySlackRequest({
        signingSecret: options.signingSecret,
        body: rawBody,
        headers: {
          'x-slack-signature': signature,
          'x-slack-request-timestamp': Number(signedAt),
        },
        nowMilliseconds: now,
      });
    } catch (error) {
      options.logger.warn('refused a request to the Slack endpoint', {
        status: 401,
        reason: error instanceof Error ? error.message : 'invalid signature',
      });
      HTTPModuleFunctions.buildNoBodyResponse(res, 401);
      return;
    }
    const timestamp = checkRequestTimestamp(req.headers['x-slack-request-timestamp'], now);
    if (!timestamp.ok) return this.refuse(res, timestamp);
    const read = readBody(rawBody, req.headers['content-type']);
    if (!read.ok) return this.refuse(res, read);
    if (this.firstSighting && !(await this.firstSighting({ timestamp: signedAt, signature: digest }))) {
      options.logger.warn('a signed request was replayed; answered and ignored', { status: 200 });
      HTTPModuleFunctions.buildNoBodyResponse(res, 200);
      return;
    }
    await this.dispatch(buffered, read.body, res);
  }

  private async dispatch(
    req: Parameters<typeof HTTPModuleFunctions.parseHTTPRequestBody>[0],
    body: Record<string, unknown>,
    res: ServerResponse,
  ): Promise<void> {
    if (body.ssl_check === '1') return HTTPModuleFunctions.buildSSLCheckResponse(res);
    if (body.type === 'url_verification') return HTTPModuleFunctions.buildUrlVerificationResponse(res, body);
    const ack = new HTTPResponseAck({
      logger: this.options.boltLogger,
      processBeforeResponse: false,
      httpRequest: req,
      httpRequestBody: body,
      httpResponse: res,
    });
    const retryNum = HTTPModuleFunctions.extractRetryNumFromHTTPRequest(req);
    const retryReason = HTTPModuleFunctions.extractRetryReasonFromHTTPRequest(req);
    const event: ReceiverEvent = {
      body,
      ack: ack.bind(),
      ...(retryNum !== undefined ? { retryNum } : {}),
      ...(retryReason !== undefined ? { retryReason } : {}),
    };
    try {
      await this.app?.processEvent(event);
    } catch (error) {
      const answered = await this.unroutable({
        // SAFETY: processEvent rejects with Errors (Bolt's coded errors or a listener's).
        error: error as Error,
        logger: this.options.boltLogger,
        request: req,
        response: res,
        storedResponse: ack.storedResponse,
      });
      if (answered) ack.ack();
    }
  }
}
