import { describe, expect, it } from 'vitest';
import { createCommandKit } from '../../../../helpers/slack/command-kit.js';
import { emailSubmissionFixture } from '../../../../helpers/slack/model-fixtures.js';

function submissionWithDocuments() {
  const detail = emailSubmissionFixture();
  const base = detail.documents[0];
  if (!base) throw new Error('fixture has no document');
  return {
    ...detail,
    documents: [
      { ...base, id: 'doc-png', fileName: 'scan.png', fileContentType: 'image/png' },
      { ...base, id: 'doc-jpeg', fileName: 'photo.jpg', fileContentType: 'image/jpeg' },
      { ...base, id: 'doc-pdf', fileName: 'invoice.pdf', fileContentType: 'application/pdf' },
    ],
  };
}

describe('/email-submission', () => {
  it('fetches a download link for every document the card shows, PDFs too, and posts the card', async () => {
    const detail = submissionWithDocuments();
    const kit = createCommandKit({
      tracking: {
        getEmailSubmission: async () => detail,
        getDocumentDownloadUrl: async (id: string) => `https://files.example/${id}`,
      },
    });
    await kit.invoke('/email-submission', detail.emailSubmission.id);
    expect(
      kit.tracking
        .callsTo('getDocumentDownloadUrl')
        .map((call) => call.args[0])
        .sort(),
    ).toEqual(['doc-jpeg', 'doc-pdf', 'doc-png']);
    expect(kit.slack.callsTo('chat.postMessage')).toHaveLength(1);
  });

  it('spends at most a handful of API requests on links, however many documents were emailed', async () => {
    const detail = submissionWithDocuments();
    const base = detail.documents[0];
    if (!base) throw new Error('fixture has no document');
    const many = {
      ...detail,
      documents: Array.from({ length: 150 }, (_, index) => ({
        ...base,
        id: `doc-${index}`,
        fileName: `scan-${index}.png`,
        fileContentType: 'image/png',
      })),
    };
    const kit = createCommandKit({
      tracking: {
        getEmailSubmission: async () => many,
        getDocumentDownloadUrl: async (id: string) => `https://files.example/${id}`,
      },
    });
    await kit.invoke('/email-submission', many.emailSubmission.id);
    expect(kit.tracking.callsTo('getDocumentDownloadUrl').length).toBeLessThanOrEqual(10);
    expect(kit.slack.callsTo('chat.postMessage')).toHaveLength(1);
  });

  it('still posts the card when one download link cannot be fetched', async () => {
    const detail = submissionWithDocuments();
    const kit = createCommandKit({
      tracking: {
        getEmailSubmission: async () => detail,
        getDocumentDownloadUrl: async (id: string) => {
          if (id === 'doc-png') throw new Error('no file attached');
          return `https://files.example/${id}`;
        },
      },
    });
    await kit.invoke('/email-submission', detail.emailSubmission.id);
    expect(kit.slack.callsTo('chat.postMessage')).toHaveLength(1);
    expect(kit.logs.some((line) => line.msg === 'document download URL unavailable')).toBe(true);
  });

  it('shows the usage privately when the id is missing', async () => {
    const kit = createCommandKit();
    await kit.invoke('/email-submission', '');
    expect(kit.slack.responses[0]?.text).toMatch(/^Usage: \/email-submission/);
  });
});
