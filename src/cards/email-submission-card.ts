/**
 * The email-submission card: the email (subject, sender, when it was sent) and each attached document with its type,
 * file name, size and content type, and a download link whenever the caller fetched its download URL. Image
 * documents also get a preview and rotate buttons behind a confirm dialog; other documents cannot be rotated
 * (docs/domain-rules.md#documents), so they get none. Presigned links are long, so the card counts its text as it
 * adds documents and says how many it left out rather than let Slack reject or cut the message.
 */
import type { ImageBlock, KnownBlock } from '@slack/types';
import { humanise, plural } from '../domain/words.js';
import type { Document, EmailSubmissionDetail } from '../tracking/models.js';
import { actions, button, confirmDialog, context, header, section } from './blocks.js';
import {
  MAX_BUTTON_VALUE,
  MAX_IMAGE_ALT_TEXT,
  MAX_MESSAGE_BLOCKS,
  MAX_URL,
  MESSAGE_TEXT_BUDGET,
} from './format/block-kit-limits.js';
import { blockTextLength, clampMessage } from './format/clamp-message.js';
import { clampText } from './format/clamp-text.js';
import { escapeEntities, inlineMrkdwn, inlinePlain } from './format/mrkdwn.js';
import { formatBytes } from './format/numbers.js';
import { formatSystemTime } from './format/time.js';
import { ACTION } from './ids.js';
import type { RenderContext, SlackMessage } from './types.js';

export interface EmailSubmissionCardContext extends RenderContext {
  /**
   * Presigned download URLs by document id, fetched by the caller: every document with one gets a download link,
   * and an image its preview. Fetch them for {@link documentsShownOnCard} only.
   */
  downloadUrls?: Record<string, string>;
}

const ROTATIONS = [
  { degrees: 90, actionId: ACTION.documentRotate90 },
  { degrees: 180, actionId: ACTION.documentRotate180 },
  { degrees: 270, actionId: ACTION.documentRotate270 },
] as const;
/** header, email section, "more documents" note, refresh row, footer. */
const FIXED_BLOCKS = 5;
/** Blocks the documents may use: the limit less the fixed ones. */
const DOCUMENT_BLOCKS = MAX_MESSAGE_BLOCKS - FIXED_BLOCKS;
/** Text kept free for the fixed blocks and Slack's own accounting. */
const BUDGET_MARGIN = 1500;
/** A document name longer than this is cut: it must not push its own download link out of the section. */
const MAX_NAME_LENGTH = 300;
const HTTP_URL = /^https?:\/\/[^\s<>|]+$/i;
const LOOPBACK_URL = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?\//i;

/**
 * Whether a presigned URL may be given to people as a link: its signature is a credential, so only over https —
 * or over http to this machine, where the local simulator serves its files.
 */
function isSafeLinkTarget(url: string): boolean {
  return url.toLowerCase().startsWith('https://') || LOOPBACK_URL.test(url);
}

/** Whether a document is an image, and therefore rotatable (docs/domain-rules.md#documents: decided by content type). */
export function isImageDocument(document: Document): boolean {
  return document.fileContentType?.toLowerCase().startsWith('image/') ?? false;
}

/**
 * The documents the card can show, at most (every image counted with its preview): the ones worth fetching a
 * download URL for. One person's card then never asks the API for URLs it cannot show.
 */
export function documentsShownOnCard(detail: EmailSubmissionDetail): Document[] {
  const shown: Document[] = [];
  let blocks = 0;
  for (const document of detail.documents) {
    blocks += isImageDocument(document) ? 3 : 1;
    if (blocks > DOCUMENT_BLOCKS) break;
    shown.push(document);
  }
  return shown;
}

/** Renders the card for an email submission at `ctx.now`. */
export function renderEmailSubmissionCard(
  detail: EmailSubmissionDetail,
  ctx: EmailSubmissionCardContext,
): SlackMessage {
  const nowMs = ctx.now.getTime();
  const email = detail.emailSubmission;
  const subject = email.subject?.trim() ? email.subject : 'Email submission (no subject)';
  const blocks: KnownBlock[] = [header(`✉️ ${subject}`)];
  const from = email.from.length > 0 ? email.from.map(inlineMrkdwn).join(', ') : '_unknown sender_';
  const sent = email.sentAt !== null ? formatSystemTime(email.sentAt, nowMs) : '_unknown_';
  // An answer without `relationships.documents` says nothing about them: "0 documents" would be a guess.
  const unlisted = !email.documentsListed && detail.documents.length === 0;
  const count = unlisted
    ? `not included in Terminal49's answer${email.documentsCount ? ` (it counts ${email.documentsCount})` : ''}`
    : String(detail.documents.length);
  blocks.push(section(`*From* ${from}\n*Sent* ${sent}\n*Documents* ${count}`));

  let shown = 0;
  let used = blockTextLength(blocks);
  const budget = MESSAGE_TEXT_BUDGET - BUDGET_MARGIN;
  for (const document of detail.documents) {
    const docBlocks = documentBlocks(document, ctx.downloadUrls?.[document.id]);
    const size = blockTextLength(docBlocks);
    if (blocks.length + docBlocks.length > MAX_MESSAGE_BLOCKS - (FIXED_BLOCKS - 2) || used + size > budget)
      break;
    blocks.push(...docBlocks);
    used += size;
    shown += 1;
  }
  if (shown < detail.documents.length) {
    blocks.push(
      context(`_…and ${plural(detail.documents.length - shown, 'more document')} not shown here._`),
    );
  }
  if (unlisted)
    blocks.push(section("_Terminal49 didn't include the documents this time. Refresh to try again._"));
  else if (detail.documents.length === 0) blocks.push(section('_No documents attached._'));
  blocks.push(actions([button('Refresh', ACTION.emailSubmissionRefresh, email.id)]));
  if (email.createdAt !== null)
    blocks.push(context(`Received by Terminal49 ${formatSystemTime(email.createdAt, nowMs)}`));

  const images = detail.documents.filter(isImageDocument).length;
  const sender = email.from[0] ? ` from ${inlineMrkdwn(email.from[0])}` : '';
  return clampMessage({
    text: `Email “${inlineMrkdwn(subject)}”${sender}: ${unlisted ? 'documents not included' : plural(detail.documents.length, 'document')}${images > 0 ? ` (${plural(images, 'image')})` : ''}`,
    blocks,
  });
}

function documentBlocks(document: Document, downloadUrl: string | undefined): KnownBlock[] {
  const name = document.fileName ?? document.name ?? 'unnamed document';
  const usable = downloadUrl !== undefined && HTTP_URL.test(downloadUrl) && downloadUrl.length <= MAX_URL;
  const preview = usable ? downloadUrl : null;
  const link = usable && isSafeLinkTarget(downloadUrl) ? downloadUrl : null;
  const facts = [
    document.documentType ? inlineMrkdwn(humanise(document.documentType)) : '_not classified yet_',
    document.fileSizeBytes !== null ? formatBytes(document.fileSizeBytes) : null,
    document.fileContentType ? inlineMrkdwn(document.fileContentType) : null,
    // Slack reads entities inside a link's URL, so `&` is written `&amp;`; `<`, `>`, `|` and spaces never pass
    // HTTP_URL, so the URL cannot end the link early.
    link !== null ? `<${escapeEntities(link)}|⬇️ Download>` : null,
  ].filter((fact): fact is string => fact !== null);
  const image = isImageDocument(document);
  const title = inlineMrkdwn(clampText(name, MAX_NAME_LENGTH));
  const blocks: KnownBlock[] = [section(`${image ? '🖼️' : '📄'} *${title}*\n${facts.join(' · ')}`)];
  if (!image) return blocks;
  if (preview !== null) {
    const previewBlock: ImageBlock = {
      type: 'image',
      image_url: preview,
      alt_text: clampText(inlinePlain(`Preview of ${name}`), MAX_IMAGE_ALT_TEXT),
    };
    blocks.push(previewBlock);
  }
  if (document.id.length <= MAX_BUTTON_VALUE) {
    const shortName = clampText(inlinePlain(name), 80);
    blocks.push(
      actions(
        ROTATIONS.map(({ degrees, actionId }) =>
          button(`Rotate ${degrees}°`, actionId, document.id, {
            confirm: confirmDialog(
              'Rotate this image?',
              `Rotate *${inlineMrkdwn(shortName)}* by ${degrees}°? Terminal49 stores the rotated image in place of the current one.`,
              `Rotate ${degrees}°`,
            ),
          }),
        ),
      ),
    );
  }
  return blocks;
}
