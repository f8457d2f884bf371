/**
 * `infer_number_results` attributes (docs/tracking-api.md, infer_number): `number_type`, `validation` and
 * `shipping_line {decision, selected, candidates}`. Every part is optional: a carrier the API cannot predict comes with
 * `selected: null` and no candidates, and an unknown decision reads as `no_prediction`.
 */
import { z } from 'zod';
import { optionalBoolean, optionalNumber, optionalString } from './common.js';

const candidateSchema = z.object({
  scac: z.string().min(1),
  name: optionalString,
  confidence: optionalNumber,
});

export const inferNumberAttributesSchema = z.object({
  number_type: optionalString,
  validation: z
    .object({
      is_valid: optionalBoolean,
      check_digit_passed: optionalBoolean,
      parsed_number: optionalString,
      reason: optionalString,
    })
    .nullable()
    .catch(null),
  shipping_line: z
    .object({
      decision: optionalString,
      selected: candidateSchema.nullable().catch(null),
      candidates: z.array(z.unknown()).catch([]),
    })
    .nullable()
    .catch(null),
});

export { candidateSchema };
