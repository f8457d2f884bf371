import { describe, expect, it } from 'vitest';
import { documentsShownOnCard, renderEmailSubmissionCard } from '../../../src/cards/email-submission-card.js';
import { ACTION } from '../../../src/cards/ids.js';
import { parseEmailSubmissionDocument } from '../../../src/tracking/parsers/email-submission.js';
import { blocksOfType, buttons, cardText } from '../../fixtures/cards/card-text.js';
import { makeDocument, makeEmailSubmission, NOW } from '../../fixtures/cards/factories.js';
import { assertWithinBlockKitLimits } from '../../helpers/block-kit-validator.js';

const ctx = { now: NOW };
const png = makeDocument({
  id: 'doc-png',
  fileName: 'scan.png',
  fileContentType: 'image/png',
  fileSizeBytes: 1_400_000,
});
const pdf = makeDocument({ id: 'doc-pdf' });

describe('email submission card', () => {
  it('shows subject, sender, sent time and each document with type, name, size and content type', () => {
    const card = renderEmailSubmissionCard(makeEmailSubmission([pdf]), ctx);
    const text = cardText(card);
    expect(text).toContain('✉️ Docs for MAEU240817361');
    expect(text).toContain('*From* ops@shipper.example');
    expect(text).toContain('(4 hours ago)');
    expect(text).toContain('📄 *invoice.pdf*\ncommercial invoice · 240.0 KB · application/pdf');
    expect(card.text).toBe('Email “Docs for MAEU240817361” from ops@shipper.example: 1 document');
    assertWithinBlockKitLimits(card);
  });

  it('gives image documents 90°, 180° and 270° rotate buttons with a confirm dialog, and PDFs none', () => {
    const card = renderEmailSubmissionCard(makeEmailSubmission([png, pdf]), ctx);
    const rotate = buttons(card).filter((button) => button.actionId.startsWith('document_rotate'));
    expect(rotate.map((button) => [button.actionId, button.value])).toEqual([
      [ACTION.documentRotate90, 'doc-png'],
      [ACTION.documentRotate180, 'doc-png'],
      [ACTION.documentRotate270, 'doc-png'],
    ]);
    const first = blocksOfType(card, 'actions')[0]?.elements[0];
    expect(first?.type === 'button' && first.confirm?.title?.text).toBe('Rotate this image?');
    expect(buttons(card).at(-1)).toEqual({
      actionId: ACTION.emailSubmissionRefresh,
      value: 'email-1',
      text: 'Refresh',
    });
    expect(card.text).toContain('2 documents (1 image)');
    assertWithinBlockKitLimits(card);
  });

  it('previews an image when a download URL was fetched for it', () => {
    const card = renderEmailSubmissionCard(makeEmailSubmission([png]), {
      now: NOW,
      downloadUrls: { 'doc-png': 'https://files.example/scan.png?sig=abc' },
    });
    expect(blocksOfType(card, 'image')[0]).toMatchObject({
      image_url: 'https://files.example/scan.png?sig=abc',
    });
  });

  it('ignores a download URL that is not http(s)', () => {
    const card = renderEmailSubmissionCard(makeEmailSubmission([png]), {
      now: NOW,
      downloadUrls: { 'doc-png': 'javascript:alert(1)' },
    });
    expect(blocksOfType(card, 'image')).toHaveLength(0);
  });

  it('never previews a PDF', () => {
    const card = renderEmailSubmissionCard(makeEmailSubmission([pdf]), {
      now: NOW,
      downloadUrls: { 'doc-pdf': 'https://files.example/invoice.pdf' },
    });
    expect(blocksOfType(card, 'image')).toHaveLength(0);
  });

  it('says when a document is not classified yet and when there are no documents', () => {
    expect(
      cardText(renderEmailSubmissionCard(makeEmailSubmission([makeDocument({ documentType: null })]), ctx)),
    ).toContain('_not classified yet_');
    expect(cardText(renderEmailSubmissionCard(makeEmailSubmission([]), ctx))).toContain(
      'No documents attached',
    );
  });

  it('stays within the block limit with many image documents and says how many were left out', () => {
    const documents = Array.from({ length: 30 }, (_, index) =>
      makeDocument({ id: `img-${index}`, fileName: `scan-${index}.jpg`, fileContentType: 'image/jpeg' }),
    );
    const downloadUrls = Object.fromEntries(
      documents.map((document) => [document.id, `https://f.example/${document.id}`]),
    );
    const card = renderEmailSubmissionCard(makeEmailSubmission(documents), { now: NOW, downloadUrls });
    assertWithinBlockKitLimits(card);
    expect(cardText(card)).toMatch(/…and \d+ more documents not shown here/);
  });

  it('links every document that has a download URL, PDFs too', () => {
    const card = renderEmailSubmissionCard(makeEmailSubmission([png, pdf]), {
      now: NOW,
      downloadUrls: {
        'doc-png': 'https://files.example/scan.png?sig=abc',
        'doc-pdf': 'https://files.example/invoice.pdf?X-Amz-Date=1&X-Amz-Signature=2',
      },
    });
    const text = cardText(card);
    expect(text).toContain('<https://files.example/scan.png?sig=abc|⬇️ Download>');
    expect(text).toContain(
      '<https://files.example/invoice.pdf?X-Amz-Date=1&amp;X-Amz-Signature=2|⬇️ Download>',
    );
    assertWithinBlockKitLimits(card);
  });

  it('links no document without a usable download URL', () => {
    const card = renderEmailSubmissionCard(makeEmailSubmission([png, pdf]), {
      now: NOW,
      downloadUrls: { 'doc-pdf': 'javascript:alert(1)' },
    });
    expect(cardText(card)).not.toContain('Download');
  });

  it('links a presigned URL only over https (its signature is a credential), or over http to this machine', () => {
    const card = renderEmailSubmissionCard(makeEmailSubmission([pdf, png]), {
      now: NOW,
      downloadUrls: {
        'doc-pdf': 'http://files.example/invoice.pdf?sig=abc',
        'doc-png': 'http://127.0.0.1:4010/v2/documents/doc-png/file?sig=abc',
      },
    });
    const text = cardText(card);
    expect(text).not.toContain('http://files.example');
    expect(text).toContain('<http://127.0.0.1:4010/v2/documents/doc-png/file?sig=abc|⬇️ Download>');
  });

  it('fits long presigned links by showing fewer documents, saying how many were left out', () => {
    const documents = Array.from({ length: 30 }, (_, index) =>
      makeDocument({ id: `pdf-${index}`, fileName: `invoice-${index}.pdf` }),
    );
    const downloadUrls = Object.fromEntries(
      documents.map((document) => [document.id, `https://f.example/${document.id}?sig=${'s'.repeat(1500)}`]),
    );
    const card = renderEmailSubmissionCard(makeEmailSubmission(documents), { now: NOW, downloadUrls });
    assertWithinBlockKitLimits(card);
    const text = cardText(card);
    expect(text).not.toContain('Some details were left out');
    expect(text).toMatch(/…and \d+ more documents not shown here/);
    const links = text.match(/\|⬇️ Download>/g) ?? [];
    expect(links.length).toBeGreaterThan(3);
  });

  it('names the documents worth fetching a download URL for: the ones the card can show', () => {
    const documents = Array.from({ length: 150 }, (_, index) =>
      makeDocument({ id: `img-${index}`, fileContentType: 'image/jpeg' }),
    );
    const shown = documentsShownOnCard(makeEmailSubmission(documents));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(15);
    expect(shown[0]?.id).toBe('img-0');
  });
});

describe('an email submission read without its documents', () => {
  /** What the API sends when `relationships.documents` is left out: attributes only. */
  const withoutDocuments = {
    data: {
      id: '2a3b4c5d-6e7f-4081-92a3-b4c5d6e7f809',
      type: 'email_submission',
      attributes: {
        subject: 'Docs for MAEU240817361',
        from: ['ops@shipper.example'],
        to: [],
        cc: [],
        sent_at: '2024-07-05T11:30:00Z',
        documents_count: 3,
      },
    },
    included: [],
  };

  it('says the documents were not included, never "0 documents" or "No documents attached"', () => {
    const card = renderEmailSubmissionCard(parseEmailSubmissionDocument(withoutDocuments), ctx);
    const text = cardText(card);
    expect(text).toContain("*Documents* not included in Terminal49's answer (it counts 3)");
    expect(text).not.toContain('No documents attached');
    expect(card.text).toContain('documents not included');
    expect(card.text).not.toContain('0 documents');
  });

  it('still says "No documents attached" when the answer lists none', () => {
    const listed = structuredClone(withoutDocuments);
    Object.assign(listed.data, { relationships: { documents: { data: [] } } });
    const card = renderEmailSubmissionCard(parseEmailSubmissionDocument(listed), ctx);
    expect(cardText(card)).toContain('No documents attached');
  });
});
