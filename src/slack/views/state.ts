/** Reading submitted modal inputs: Bolt's view state, read by the form readers of features/ (it has their shape). */
import type { ViewOutput } from '@slack/bolt';

export type StateValues = ViewOutput['state']['values'];

export { submittedValues, textValue } from '../../features/forms/form-values.js';
