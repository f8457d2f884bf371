/**
 * Submitted forms as use cases, with no Slack in sight: a form port that records what the form was answered and the
 * write spec each use case hands its runner. What is refused before anything is written (and next to which field),
 * where the replies go, which failure shows next to which field, and what the audit line says.
 */
import { describe, expect, it } from 'vitest';
import { INPUT, VIEW } from '../../../../src/cards/ids.js';
import { serializeTrackEditMetadata, type TrackEditMetadata } from '../../../../src/cards/modals/index.js';
import { serializeTrackCarrierMetadata } from '../../../../src/cards/tracking/track-carrier-metadata.js';
import type { SlackMessage } from '../../../../src/cards/types.js';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import { submitConnectForm } from '../../../../src/features/connect/connect-form.js';
import type { WorkspaceAdmin } from '../../../../src/features/connect/workspace-admin.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import { submitCustomFieldForm } from '../../../../src/features/custom-fields/custom-field-submission.js';
import type {
  FormFailures,
  FormPlace,
  FormPort,
  FormSubmission,
} from '../../../../src/features/forms/form-port.js';
import { NO_SUBMITTER } from '../../../../src/features/forms/form-submitter.js';
import type { FormValues } from '../../../../src/features/forms/form-values.js';
import { submitWorkspaceSettingsForm } from '../../../../src/features/settings/workspace-settings-form.js';
import { readCarrierForm } from '../../../../src/features/tracking/carrier-form.js';
import { submitTrackEditForm } from '../../../../src/features/tracking-requests/track-edit-submission.js';
import {
  SETTINGS_WHAT,
  submitChannelSettingsForm,
} from '../../../../src/features/watching/channel-settings-form.js';
import type { WriteSpec } from '../../../../src/features/writes/write-flow.js';
import { silentLogger } from '../../../../src/logger.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';
import type { WatchService } from '../../../../src/watch/index.js';

/** A form port that records the answers, the place and failures the write was opened with, and the spec. */
function recordingForm() {
  const refused: Array<Record<string, string>> = [];
  const said: Array<{ move: string; text: string; auditLine?: string }> = [];
  const opened: Array<{ place: FormPlace; failures: FormFailures }> = [];
  const specs: Array<WriteSpec<unknown>> = [];
  const form: FormPort = {
    replayWindowMs: 600_000,
    async refuse(errors) {
      refused.push(errors);
    },
    open(place, failures) {
      opened.push({ place, failures });
      return {
        run: async (spec) => {
          specs.push(spec as WriteSpec<unknown>);
          return 'written';
        },
        replies: {
          replaceCard: async (message: SlackMessage) =>
            said.push({ move: 'replaceCard', text: message.text }),
          announce: async (message: SlackMessage) => said.push({ move: 'announce', text: message.text }),
          postCard: async (message: SlackMessage, options: { auditLine: SlackMessage }) =>
            said.push({ move: 'postCard', text: message.text, auditLine: options.auditLine.text }),
        },
      };
    },
  };
  return { form, refused, said, opened, specs };
}

function context(options: { watching?: boolean } = {}): FeatureContext {
  return {
    tenant: singleTenant(loadConfig({}), null),
    clock: fixedClock('2026-11-26T16:00:00Z'),
    logger: silentLogger,
    // SAFETY: these forms only check that watching is there before they write through it.
    ...(options.watching ? { watching: {} as WatchService } : {}),
  };
}

function submission(
  values: FormValues,
  options: { metadata?: string; userId?: string } = {},
): FormSubmission {
  return {
    viewId: 'V1',
    metadata: options.metadata,
    values,
    actor: { userId: options.userId ?? 'U1', teamId: 'T1' },
  };
}

const text = (block: { block: string; action: string }, value: string) => ({
  [block.block]: { [block.action]: { value } },
});

function admin(connect: Awaited<ReturnType<WorkspaceAdmin['connect']>>): WorkspaceAdmin {
  // SAFETY: the connect form calls only connect and disconnect.
  return {
    connect: async () => connect,
    disconnect: async () => ({ kind: 'disconnected', stillUsedBy: 0 }),
  } as unknown as WorkspaceAdmin;
}

const connected = {
  kind: 'connected',
  accountId: 'acct-1',
  replaced: false,
  sharedWith: 1,
  webhook: { kind: 'registered', url: 'https://x/webhooks' },
} as const;

describe('the connect form', () => {
  it('says a Shipwatch with no workspace keys has none to connect, before reading the form', async () => {
    const { form, refused, specs } = recordingForm();
    await submitConnectForm(context(), submission({}), { form, admin: undefined });
    expect(refused).toEqual([
      { [INPUT.connectKey.block]: 'This Shipwatch has no workspace keys to connect.' },
    ]);
    expect(specs).toEqual([]);
  });

  it('changes nothing when the submission names nobody', async () => {
    const { form, refused } = recordingForm();
    await submitConnectForm(context(), submission({}, { userId: '' }), { form, admin: admin(connected) });
    expect(refused).toEqual([{ [INPUT.connectKey.block]: NO_SUBMITTER }]);
  });

  it('asks for a key, or Remove, when neither was given', async () => {
    const { form, refused } = recordingForm();
    await submitConnectForm(context(), submission(text(INPUT.connectKey, '  ')), {
      form,
      admin: admin(connected),
    });
    expect(refused).toEqual([{ [INPUT.connectKey.block]: 'Paste a key, or tick “Remove”.' }]);
  });

  it('writes with the admin policy and says what was connected, never the key', async () => {
    const { form, opened, specs } = recordingForm();
    await submitConnectForm(context(), submission(text(INPUT.connectKey, ' k-123 ')), {
      form,
      admin: admin(connected),
    });
    expect(opened[0]?.place).toEqual({ channelId: null, card: null });
    const spec = specs[0] as WriteSpec<unknown>;
    expect(spec).toMatchObject({ action: VIEW.connect, policy: 'admin', repeatWindowMs: 600_000 });
    expect(spec.key).not.toContain('k-123');
    const line = spec.auditLine(await spec.write()).text;
    expect(line).toMatch(/^<@U1> connected this workspace’s Terminal49 key\./);
    expect(line).toContain('1 other workspace use the same account');
    expect(line).not.toContain('k-123');
  });

  it('shows a key Terminal49 refused next to the key field', async () => {
    const { form, opened, specs } = recordingForm();
    await submitConnectForm(context(), submission(text(INPUT.connectKey, 'k-bad')), {
      form,
      admin: admin({ kind: 'rejected' }),
    });
    const error = await (specs[0] as WriteSpec<unknown>).write().catch((thrown: unknown) => thrown);
    expect(opened[0]?.failures.errorsFor(error)[INPUT.connectKey.block]).toMatch(
      /^Terminal49 refused this key/,
    );
    expect(opened[0]?.failures.errorsFor(new Error('boom'))).toEqual({
      [INPUT.connectKey.block]: 'The key was not saved. Try again in a moment.',
    });
  });
});

describe('the workspace settings form', () => {
  const settingsAdmin = {
    settings: async () => ({}),
    saveSettings: async () => ({
      ok: false,
      problems: [{ field: 'channels', message: 'is not a channel id' }],
    }),
  } as unknown as WorkspaceAdmin; // SAFETY: the form calls only saveSettings.

  it('shows a value it cannot use next to its field, before anything is written', async () => {
    const { form, refused, specs } = recordingForm();
    await submitWorkspaceSettingsForm(context(), submission(text(INPUT.settingsOwnerField, 'a b')), {
      form,
      admin: settingsAdmin,
    });
    expect(refused).toEqual([{ [INPUT.settingsOwnerField.block]: 'must be one custom field slug' }]);
    expect(specs).toEqual([]);
  });

  it('shows what the save refused next to each field', async () => {
    const { form, opened, specs } = recordingForm();
    await submitWorkspaceSettingsForm(context(), submission(text(INPUT.settingsChannels, 'C0OPS')), {
      form,
      admin: settingsAdmin,
    });
    const spec = specs[0] as WriteSpec<unknown>;
    expect(spec).toMatchObject({ action: VIEW.workspaceSettings, policy: 'admin' });
    const error = await spec.write().catch((thrown: unknown) => thrown);
    expect(opened[0]?.failures.errorsFor(error)).toEqual({
      [INPUT.settingsChannels.block]: 'is not a channel id',
    });
    expect(spec.describeFailure(error)).toBe('channels is not a channel id');
  });
});

describe('the channel settings form', () => {
  const metadata = JSON.stringify({ channelId: 'C1' });

  it('is out of date without watching', async () => {
    const { form, refused } = recordingForm();
    await submitChannelSettingsForm(context(), submission({}, { metadata }), { form });
    expect(refused).toEqual([
      { [INPUT.watchCategories.block]: 'This form is out of date. Close it and open it again.' },
    ]);
  });

  it('writes in the channel the form is about and says who changed what there', async () => {
    const { form, opened, specs } = recordingForm();
    const values = {
      [INPUT.watchCategories.block]: { [INPUT.watchCategories.action]: { selected_options: [] } },
      [INPUT.watchFormat.block]: { [INPUT.watchFormat.action]: { selected_option: { value: 'detailed' } } },
    };
    await submitChannelSettingsForm(context({ watching: true }), submission(values, { metadata }), { form });
    expect(opened[0]?.place).toEqual({ channelId: 'C1', card: null });
    const spec = specs[0] as WriteSpec<unknown>;
    expect(spec).toMatchObject({ action: VIEW.watchSettings, what: SETTINGS_WHAT, target: 'C1' });
    const line = spec.auditLine({
      categories: [],
      etaThresholdHours: 6,
      broadcastImportant: false,
      format: 'detailed',
    }).text;
    expect(line).toContain(
      'no updates (the cards still stay up to date); ETA changes from 6 h; detailed lines',
    );
  });
});

describe('the custom field form', () => {
  it('is out of date when its metadata cannot be read', async () => {
    const { form, refused } = recordingForm();
    await submitCustomFieldForm(context(), submission({}, { metadata: 'nope' }), {
      form,
      watchedCard: async () => ({ updatedAtMs: null }),
    });
    expect(refused).toEqual([
      {
        [INPUT.customFieldSlug.block]: 'This form is out of date. Close it and open it again from the card.',
      },
    ]);
  });
});

describe('the track-edit form', () => {
  const base: TrackEditMetadata = {
    trackingRequestId: 'tr-1',
    requestNumber: 'MAEU1',
    channelId: 'C1',
    messageTs: '1.2',
    threadTs: null,
    original: { ref: 'PO-1', tags: [] },
  };
  const ref = (value: string) => text(INPUT.trackEditRef, value);

  it('refuses a form with nothing changed, before anything is written', async () => {
    const { form, refused, specs } = recordingForm();
    await submitTrackEditForm(
      context(),
      submission(ref('PO-1'), { metadata: serializeTrackEditMetadata(base) }),
      {
        form,
      },
    );
    expect(refused).toEqual([
      { [INPUT.trackEditRef.block]: 'Nothing changed. Edit the ref number or the tags, or press Cancel.' },
    ]);
    expect(specs).toEqual([]);
  });

  it('answers on the card the form was opened from, the line in its thread', async () => {
    const { form, opened, specs, said } = recordingForm();
    await submitTrackEditForm(
      context(),
      submission(ref('PO-2'), { metadata: serializeTrackEditMetadata(base) }),
      {
        form,
      },
    );
    expect(opened[0]?.place).toEqual({ channelId: 'C1', card: { ts: '1.2', threadTs: '1.2' } });
    const spec = specs[0] as WriteSpec<unknown>;
    expect(spec).toMatchObject({ action: VIEW.trackEdit, target: 'tr-1' });
    // The card could not be re-read (no afterWrite ran): the line alone.
    await spec.publishAudit?.(spec.auditLine(undefined), undefined);
    expect(said.map((entry) => entry.move)).toEqual(['announce']);
  });
});

describe('the carrier form', () => {
  const metadata = serializeTrackCarrierMetadata({
    number: 'MAEU123',
    requestType: 'bill_of_lading',
    channelId: 'C1',
    private: false,
    candidates: [{ scac: 'MAEU', name: 'Maersk', confidence: 0.6 }],
  });
  const picked = {
    [INPUT.trackCarrier.block]: { [INPUT.trackCarrier.action]: { selected_option: { value: 'MAEU' } } },
  };

  it('takes a typed SCAC over the one picked', async () => {
    const { form } = recordingForm();
    const chosen = await readCarrierForm(
      form,
      submission({ ...picked, ...text(INPUT.trackCarrierOther, ' cmdu ') }, { metadata }),
    );
    expect(chosen?.scac).toBe('CMDU');
  });

  it('asks for a carrier when none was picked or typed', async () => {
    const { form, refused } = recordingForm();
    expect(await readCarrierForm(form, submission({}, { metadata }))).toBeNull();
    expect(refused).toEqual([
      { [INPUT.trackCarrierOther.block]: 'Pick a carrier, or type its SCAC (2 to 4 letters, e.g. MAEU).' },
    ]);
  });
});
