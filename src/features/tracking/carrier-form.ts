/**
 * Reading the carrier form: the carrier picked among Terminal49's candidates, or another SCAC typed in (what is
 * typed wins). A form that cannot be read, no carrier, or no person keeps the form open with why, next to the SCAC
 * field; the tracking request is then created by the track flow, answering the same form.
 */
import { INPUT } from '../../cards/ids.js';
import {
  parseTrackCarrierMetadata,
  type TrackCarrierMetadata,
} from '../../cards/tracking/track-carrier-metadata.js';
import type { FormPort, FormSubmission } from '../forms/form-port.js';
import { hasSubmitter } from '../forms/form-submitter.js';
import { submittedValues, textValue } from '../forms/form-values.js';
import { readScac } from './choose-carrier.js';

const OUT_OF_DATE = 'This form is out of date. Close it and track the number again.';
const NO_CARRIER = 'Pick a carrier, or type its SCAC (2 to 4 letters, e.g. MAEU).';

/** The number's form and the carrier chosen; null once the form was answered with why not. */
export async function readCarrierForm(
  form: Pick<FormPort, 'refuse'>,
  submission: FormSubmission,
): Promise<{ metadata: TrackCarrierMetadata; scac: string } | null> {
  const otherBlock = INPUT.trackCarrierOther.block;
  const metadata = parseTrackCarrierMetadata(submission.metadata);
  if (!metadata) {
    await form.refuse({ [otherBlock]: OUT_OF_DATE });
    return null;
  }
  const { values } = submission;
  const typed = textValue(values, otherBlock, INPUT.trackCarrierOther.action)?.trim() ?? '';
  const picked = submittedValues(values, INPUT.trackCarrier.block, INPUT.trackCarrier.action)?.[0] ?? null;
  const scac = typed !== '' ? readScac(typed) : picked ? readScac(picked) : null;
  if (scac === null) {
    await form.refuse({ [otherBlock]: NO_CARRIER });
    return null;
  }
  if (!(await hasSubmitter(form, submission, otherBlock))) return null;
  return { metadata, scac };
}
