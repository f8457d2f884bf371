/**
 * Demo email submissions and the documents they produced: a PNG scan, a JPEG photo and a PDF on one email, PDFs only
 * on another, and one whose attachment never arrived. `file_content_type` is what decides rotatability; the bytes
 * themselves are generated on demand by files/document-files.ts.
 */
import { type ResourceObject, toMany, toOne } from '../resource.js';
import { DEMO } from './catalog.js';
import { containerId } from './container-builder.js';
import type { DemoTime } from './demo-time.js';
import { stableUuid } from './ids.js';

export const DEMO_ACCOUNT_ID = stableUuid('account:demo');

interface DocumentSpec {
  id: string;
  name: string;
  documentType: string | null;
  fileName: string | null;
  contentType: string | null;
  sizeBytes: number | null;
  shipmentIds: string[];
  containerNumbers: string[];
  payload: Record<string, unknown>;
}

interface SubmissionSpec {
  id: string;
  subject: string;
  body: string;
  from: string;
  sentHoursAgo: number;
  documents: DocumentSpec[];
}

const { shipments, containers, documents: docIds, emailSubmissions: submissionIds } = DEMO;

const SUBMISSIONS: readonly SubmissionSpec[] = [
  {
    id: submissionIds.withImages,
    subject: `Arrival notice + delivery order – ${shipments.slippedEta.bl}`,
    body: 'Please find attached the arrival notice, the signed delivery order and a photo of the seal.',
    from: 'import.ops@pacificbridge-forwarding.example',
    sentHoursAgo: 26,
    documents: [
      {
        id: docIds.png,
        name: `Delivery order ${shipments.slippedEta.bl}`,
        documentType: 'delivery_order',
        fileName: `delivery-order-${shipments.slippedEta.bl}.png`,
        contentType: 'image/png',
        sizeBytes: 184_233,
        shipmentIds: [shipments.slippedEta.id],
        containerNumbers: [containers.ready, containers.onHold],
        payload: {
          bill_of_lading_number: shipments.slippedEta.bl,
          container_numbers: [containers.ready, containers.onHold],
        },
      },
      {
        id: docIds.jpeg,
        name: `Seal photo ${containers.onHold}`,
        documentType: 'container_photo',
        fileName: `seal-${containers.onHold}.jpg`,
        contentType: 'image/jpeg',
        sizeBytes: 912_404,
        shipmentIds: [shipments.slippedEta.id],
        containerNumbers: [containers.onHold],
        payload: { container_number: containers.onHold, seal_number: 'ML-CN4417833' },
      },
      {
        id: docIds.pdf,
        name: `Arrival notice ${shipments.slippedEta.bl}`,
        documentType: 'arrival_notice',
        fileName: `arrival-notice-${shipments.slippedEta.bl}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: 96_512,
        shipmentIds: [shipments.slippedEta.id],
        containerNumbers: [],
        payload: { bill_of_lading_number: shipments.slippedEta.bl, port_of_discharge: 'USLAX' },
      },
    ],
  },
  {
    id: submissionIds.pdfOnly,
    subject: `Commercial invoice and packing list – ${shipments.arrived.bl}`,
    body: 'Invoice and packing list for the Hamburg shipment.',
    from: 'exports@nordlicht-handel.example',
    sentHoursAgo: 100,
    documents: [
      {
        id: 'doc-0005-pdf-f5a6b7c8',
        name: `Commercial invoice ${shipments.arrived.bl}`,
        documentType: 'commercial_invoice',
        fileName: 'commercial-invoice-NL-4471.pdf',
        contentType: 'application/pdf',
        sizeBytes: 142_880,
        shipmentIds: [shipments.arrived.id],
        containerNumbers: [],
        payload: { invoice_number: 'NL-4471', currency: 'EUR', total: 48210.5 },
      },
      {
        id: 'doc-0006-pdf-a6b7c8d9',
        name: `Packing list ${shipments.arrived.bl}`,
        documentType: 'packing_list',
        fileName: 'packing-list-NL-4471.pdf',
        contentType: 'application/pdf',
        sizeBytes: 77_102,
        shipmentIds: [shipments.arrived.id],
        containerNumbers: [containers.lfdToday, containers.lfdOverdue],
        payload: { packages: 412, gross_weight_kg: 18230 },
      },
    ],
  },
  {
    id: submissionIds.missingFile,
    subject: `Customs entry summary – ${shipments.manyContainers.bl}`,
    body: 'Entry summary attached (the attachment failed to upload on our side, resending shortly).',
    from: 'brokerage@savannah-customs.example',
    sentHoursAgo: 5,
    documents: [
      {
        id: docIds.noFile,
        name: 'Customs entry summary',
        documentType: null,
        fileName: null,
        contentType: null,
        sizeBytes: null,
        shipmentIds: [shipments.manyContainers.id],
        containerNumbers: [],
        payload: {},
      },
    ],
  },
];

function documentResources(
  submission: SubmissionSpec,
  doc: DocumentSpec,
  createdAt: string,
): ResourceObject[] {
  const representationId = stableUuid(`document_representation:${doc.id}`);
  const document: ResourceObject = {
    id: doc.id,
    type: 'document',
    attributes: {
      name: doc.name,
      document_type: doc.documentType,
      document_type_manual: null,
      classification_notes: null,
      source: 'email',
      file_name: doc.fileName,
      file_content_type: doc.contentType,
      file_size_bytes: doc.sizeBytes,
      created_at: createdAt,
      updated_at: createdAt,
    },
    relationships: {
      account: toOne('account', DEMO_ACCOUNT_ID),
      user: toOne('user', null),
      email_submission: toOne('email_submission', submission.id),
      last_document_representation: toOne('document_representation', doc.fileName ? representationId : null),
      shipments: toMany('shipment', doc.shipmentIds),
      cargos: toMany('container', doc.containerNumbers.map(containerId)),
    },
    links: { self: `/v2/documents/${doc.id}`, download: `/documents/${doc.id}/download_url` },
  };
  if (!doc.fileName) return [document];
  const representation: ResourceObject = {
    id: representationId,
    type: 'document_representation',
    attributes: {
      schema_version: '2024-06-01',
      payload: doc.payload,
      created_at: createdAt,
      updated_at: createdAt,
    },
  };
  return [document, representation];
}

export function buildEmailSubmissions(t: DemoTime): ResourceObject[] {
  const account: ResourceObject = {
    id: DEMO_ACCOUNT_ID,
    type: 'account',
    attributes: { company_name: 'Acme Logistics (demo)' },
  };
  const resources: ResourceObject[] = [account];
  for (const submission of SUBMISSIONS) {
    const sentAt = t.hours(-submission.sentHoursAgo);
    const createdAt = t.hours(-submission.sentHoursAgo + 0.05);
    resources.push({
      id: submission.id,
      type: 'email_submission',
      attributes: {
        subject: submission.subject,
        body: submission.body,
        from: [submission.from],
        to: ['docs@acme-logistics.example'],
        cc: ['ops-team@acme-logistics.example'],
        sent_at: sentAt,
        message_id: `<${submission.id}@mail.example>`,
        in_reply_to: null,
        references: [],
        content_type: 'multipart/mixed',
        documents_count: submission.documents.length,
        created_at: createdAt,
        updated_at: createdAt,
      },
      relationships: {
        account: toOne('account', DEMO_ACCOUNT_ID),
        user: toOne('user', null),
        documents: toMany(
          'document',
          submission.documents.map((doc) => doc.id),
        ),
      },
      links: { self: `/v2/email_submissions/${submission.id}` },
    });
    for (const doc of submission.documents) resources.push(...documentResources(submission, doc, createdAt));
  }
  return resources;
}
