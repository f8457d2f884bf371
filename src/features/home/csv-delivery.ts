/**
 * What a "Download CSV" needs from the chat platform (docs/home.md): the owners' names (the file is read outside it),
 * a way to hand the file to the person who asked (Slack: their direct message with the app, saying why when it
 * could not), and a private word when nothing can be sent.
 */
import type { SlackMessage } from '../../cards/types.js';
import type { People } from '../policy/people.js';

export interface CsvFile {
  /** Who gets it. */
  userId: string;
  filename: string;
  title: string;
  content: string;
  /** A line said with the file. */
  comment: string;
}

export interface CsvDelivery {
  people: Pick<People, 'member'>;
  /** Hands the file to the person; says why to them when it could not. */
  sendFile(file: CsvFile): Promise<unknown>;
  /** Only the person who asked. */
  tell(message: SlackMessage): Promise<unknown>;
}

/** The day a file is named after (UTC), from the use case's clock. */
export function csvDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
