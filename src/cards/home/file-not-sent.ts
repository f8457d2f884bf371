/**
 * What a person reads when a file they asked for (a list's CSV, docs/home.md) could not be handed to them: which file,
 * Slack's reason when it gave one, and what to do; the list is not lost, they can ask again.
 */
export function fileNotSentText(filename: string, slackError: string | null): string {
  return (
    `Shipwatch could not send you ${filename}${slackError !== null ? ` (Slack said \`${slackError}\`)` : ''}. ` +
    'Try again in a moment; if it keeps failing, ask whoever installed Shipwatch to check it may upload files (files:write).'
  );
}
