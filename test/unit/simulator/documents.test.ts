import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/index.js';
import { call, demoSimulator, errorsOf, included, many, one, relatedIds } from './support.js';

const { documents, emailSubmissions } = DEMO;

async function downloadUrl(simulator: ReturnType<typeof demoSimulator>, id: string): Promise<string> {
  const result = await call(simulator, `/documents/${id}/download_url`);
  expect(result.status).toBe(200);
  return String(result.body?.download_url);
}

function rotate(degrees: unknown) {
  return { method: 'POST', body: { degrees } };
}

function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('GET /email_submissions/{id}', () => {
  const simulator = demoSimulator();

  it('sideloads the documents and their last representation by default', async () => {
    const result = await call(simulator, `/email_submissions/${emailSubmissions.withImages}`);
    const submission = one(result);
    expect(relatedIds(submission, 'documents')).toEqual([documents.png, documents.jpeg, documents.pdf]);
    const sideloaded = included(result);
    expect(
      sideloaded.filter((r) => r.type === 'document').map((d) => d.attributes.file_content_type),
    ).toEqual(['image/png', 'image/jpeg', 'application/pdf']);
    expect(sideloaded.filter((r) => r.type === 'document_representation')).toHaveLength(3);
    expect(submission.attributes).toMatchObject({ documents_count: 3, to: ['docs@acme-logistics.example'] });
  });

  it('includes only what include names when it is given', async () => {
    const result = await call(simulator, `/email_submissions/${emailSubmissions.pdfOnly}?include=account`);
    expect(included(result).map((r) => r.type)).toEqual(['account']);
  });

  it('answers an unknown id with the real 404 naming the model', async () => {
    const result = await call(simulator, '/email_submissions/00000000-0000-4000-8000-000000000000');
    expect(result.status).toBe(404);
    expect(result.body).toEqual({
      errors: [{ status: '404', title: 'Not Found', detail: "Couldn't find EmailSubmission" }],
    });
  });

  it('lists submissions newest first', async () => {
    const list = many(await call(simulator, '/email_submissions'));
    expect(list.map((s) => s.id)).toEqual([
      emailSubmissions.missingFile,
      emailSubmissions.withImages,
      emailSubmissions.pdfOnly,
    ]);
  });
});

describe('document rotation and download', () => {
  it('accepts a rotation with 202 and points the next download URL at the rotated version', async () => {
    const simulator = demoSimulator();
    const before = await downloadUrl(simulator, documents.png);
    expect(before).toMatch(
      /^http:\/\/sim\/v2\/documents\/doc-0001-png-b1c2d3e4\/file\?version=1&rotation=0&/,
    );
    const accepted = await call(simulator, `/documents/${documents.png}/rotate`, rotate(90));
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ status: 'accepted' });
    const after = await downloadUrl(simulator, documents.png);
    expect(after).toContain('version=2&rotation=90');
    await call(simulator, `/documents/${documents.png}/rotate`, rotate(270));
    expect(await downloadUrl(simulator, documents.png)).toContain('version=3&rotation=0');
  });

  it('serves a PNG on the download URL that is actually turned after a quarter rotation', async () => {
    const simulator = demoSimulator();
    const upright = await simulator.handle(new Request(await downloadUrl(simulator, documents.png)));
    expect(upright.headers.get('content-type')).toBe('image/png');
    const uprightSize = pngSize(new Uint8Array(await upright.arrayBuffer()));
    await call(simulator, `/documents/${documents.png}/rotate`, rotate(90));
    const turned = await simulator.handle(new Request(await downloadUrl(simulator, documents.png)));
    expect(pngSize(new Uint8Array(await turned.arrayBuffer()))).toEqual({
      width: uprightSize.height,
      height: uprightSize.width,
    });
  });

  it('serves a JPEG for the photo and a PDF for the arrival notice', async () => {
    const simulator = demoSimulator();
    const jpeg = await simulator.handle(new Request(await downloadUrl(simulator, documents.jpeg)));
    const jpegBytes = new Uint8Array(await jpeg.arrayBuffer());
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect([...jpegBytes.slice(0, 2)]).toEqual([0xff, 0xd8]);
    const pdf = await simulator.handle(new Request(await downloadUrl(simulator, documents.pdf)));
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer())).slice(0, 8)).toBe('%PDF-1.4');
  });

  it('refuses a download URL whose signature was tampered with', async () => {
    const simulator = demoSimulator();
    const url = (await downloadUrl(simulator, documents.png)).replace('rotation=0', 'rotation=180');
    expect((await simulator.handle(new Request(url))).status).toBe(403);
  });

  it.each([[45], [0], [360], ['90'], [null]])(
    'rejects %j degrees with the real Invalid rotation 422',
    async (degrees) => {
      const result = await call(demoSimulator(), `/documents/${documents.png}/rotate`, rotate(degrees));
      expect(result.status).toBe(422);
      expect(result.body).toEqual({
        errors: [
          { status: '422', title: 'Invalid rotation', detail: 'degrees must be one of: 90, 180, 270' },
        ],
      });
    },
  );

  it('refuses to rotate a PDF with a 422 that says why', async () => {
    const result = await call(demoSimulator(), `/documents/${documents.pdf}/rotate`, rotate(90));
    expect(result.status).toBe(422);
    expect(errorsOf(result)[0]).toMatchObject({
      title: 'Document not rotatable',
      detail: 'Only image documents can be rotated; this document is application/pdf.',
    });
  });

  it('answers a document without a file with "No document attached" on rotate and download', async () => {
    const simulator = demoSimulator();
    const rotated = await call(simulator, `/documents/${documents.noFile}/rotate`, rotate(90));
    expect(rotated.body).toEqual({ errors: [{ status: '422', title: 'No document attached' }] });
    expect((await call(simulator, `/documents/${documents.noFile}/download_url`)).status).toBe(422);
  });

  it('answers an unknown document with the real 404 body', async () => {
    const result = await call(demoSimulator(), '/documents/nope/download_url');
    expect(result.body).toEqual({
      errors: [{ status: '404', title: 'Not Found', detail: "Couldn't find Document" }],
    });
  });

  it('refuses a rotation from the read-only key and keeps the file as it was', async () => {
    const simulator = demoSimulator();
    const result = await call(simulator, `/documents/${documents.png}/rotate`, {
      ...rotate(90),
      key: DEMO.apiKeys.readonly,
    });
    expect(result.status).toBe(403);
    expect(await downloadUrl(simulator, documents.png)).toContain('version=1&rotation=0');
  });
});
