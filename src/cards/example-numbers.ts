/**
 * The numbers the help card and usage messages use in their examples. A production workspace sees neutral,
 * well-formed placeholders (it has none of the simulator's demo data); the local workspace passes the demo
 * catalogue's numbers, so a newcomer can paste an example and get a real card.
 */
export interface ExampleNumbers {
  billOfLading: string;
  booking: string;
  container: string;
  vesselImo: string;
  trackingRequestId: string;
  emailSubmissionId: string;
}

export const PLACEHOLDER_EXAMPLES: ExampleNumbers = {
  billOfLading: 'MAEU123456789',
  booking: 'SZX1234567',
  container: 'MSKU1234565',
  vesselImo: '9321483',
  trackingRequestId: 'TRACKING-REQUEST-ID',
  emailSubmissionId: 'EMAIL-SUBMISSION-ID',
};
