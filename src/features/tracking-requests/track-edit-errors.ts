/**
 * Where an API refusal of a track edit belongs in the modal. A 422 names the attribute it rejects in
 * `source.pointer` (`/data/attributes/ref_number`); the message goes next to that input, and anything the form has
 * no input for goes next to the ref number with the API's own words.
 */
import { INPUT } from '../../cards/ids.js';
import { isTrackingApiError } from '../../tracking/errors.js';
import { describeWriteError } from '../writes/write-errors.js';

export function trackEditErrors(error: unknown, target: string): Record<string, string> {
  const refBlock = INPUT.trackEditRef.block;
  if (!isTrackingApiError(error) || error.code !== 'invalid_request' || error.apiErrors.length === 0) {
    return { [refBlock]: describeWriteError(error, target) };
  }
  const errors: Record<string, string> = {};
  for (const entry of error.apiErrors) {
    const pointer = entry.pointer ?? '';
    const block = /tags/.test(pointer) ? INPUT.trackEditTags.block : refBlock;
    const text = entry.detail ?? entry.title ?? 'Terminal49 refused this value.';
    errors[block] = errors[block] ? `${errors[block]} ${text}` : text;
  }
  return errors;
}
