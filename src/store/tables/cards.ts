/** The registry of posted cards, keyed by (workspace, channel, message ts) and findable by what they show. */
import { createBatcher } from '../batch.js';
import type { SqlRunner } from '../sql/sql.js';
import type { Card, CardStore } from '../types.js';

interface CardRow {
  team_id: string;
  channel_id: string;
  message_ts: string;
  thread_ts: string | null;
  kind: string;
  subject_id: string;
  is_private: number;
  rendered_version: string | null;
  posted_at: number;
  updated_at: number;
  requested_by: string | null;
}

const COLUMNS =
  'team_id, channel_id, message_ts, thread_ts, kind, subject_id, is_private, rendered_version, posted_at, updated_at, requested_by';

function toCard(row: CardRow): Card {
  return {
    teamId: row.team_id,
    channelId: row.channel_id,
    messageTs: row.message_ts,
    threadTs: row.thread_ts,
    kind: row.kind,
    subjectId: row.subject_id,
    isPrivate: Number(row.is_private) === 1,
    renderedVersion: row.rendered_version,
    postedAt: Number(row.posted_at),
    updatedAt: Number(row.updated_at),
    ...(row.requested_by === null ? {} : { requestedBy: row.requested_by }),
  };
}

/** Cards per statement: 11 parameters each. */
const MAX_BATCH = 100;

/**
 * How long card records gather before one statement writes them. Nobody waits on a record to be answered (it is
 * made after the card is posted), so under load a commit is shared by every card of the window; every read and
 * write of this table sends the gathered records first, so the process always sees its own cards.
 */
const RECORD_WINDOW_MS = 20;

export function cardStore(sql: SqlRunner): CardStore & { flush(): Promise<void> } {
  // Cards posted within the window are recorded by one statement (batch.ts); the last record of a card in a batch
  // wins, as it would have one statement after the other.
  const recorder = createBatcher<Card, void>({
    maxItems: MAX_BATCH,
    windowMs: RECORD_WINDOW_MS,
    async run(cards) {
      const latest = new Map<string, Card>();
      for (const card of cards) {
        const key = `${card.teamId}|${card.channelId}|${card.messageTs}`;
        // As the upsert does across statements: a record that does not say who the card is for keeps who it was.
        const requestedBy = card.requestedBy ?? latest.get(key)?.requestedBy;
        latest.set(key, requestedBy === undefined ? card : { ...card, requestedBy });
      }
      const rows = [...latest.values()];
      await sql.run(
        `INSERT INTO cards (${COLUMNS}) VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
          ON CONFLICT (team_id, channel_id, message_ts) DO UPDATE SET
            thread_ts = excluded.thread_ts, kind = excluded.kind, subject_id = excluded.subject_id,
            is_private = excluded.is_private, rendered_version = excluded.rendered_version,
            posted_at = excluded.posted_at, updated_at = excluded.updated_at,
            requested_by = COALESCE(excluded.requested_by, cards.requested_by)`,
        rows.flatMap((card) => [
          card.teamId,
          card.channelId,
          card.messageTs,
          card.threadTs,
          card.kind,
          card.subjectId,
          card.isPrivate ? 1 : 0,
          card.renderedVersion,
          card.postedAt,
          card.updatedAt,
          card.requestedBy ?? null,
        ]),
      );
      return cards.map(() => undefined);
    },
  });
  return {
    record: (card) => recorder.add(card),
    flush: () => recorder.flush(),
    async get(teamId, channelId, messageTs) {
      await recorder.flush();
      const rows = await sql.all<CardRow>(
        `SELECT ${COLUMNS} FROM cards WHERE team_id = ? AND channel_id = ? AND message_ts = ?`,
        [teamId, channelId, messageTs],
      );
      return rows[0] ? toCard(rows[0]) : null;
    },
    async findBySubject(teamId, kind, subjectId) {
      await recorder.flush();
      const rows = await sql.all<CardRow>(
        `SELECT ${COLUMNS} FROM cards WHERE team_id = ? AND kind = ? AND subject_id = ?
          ORDER BY posted_at DESC, channel_id, message_ts`,
        [teamId, kind, subjectId],
      );
      return rows.map(toCard);
    },
    async findBySubjectEverywhere(kind, subjectId) {
      await recorder.flush();
      const rows = await sql.all<CardRow>(
        `SELECT ${COLUMNS} FROM cards WHERE kind = ? AND subject_id = ?
          ORDER BY posted_at DESC, team_id, channel_id, message_ts`,
        [kind, subjectId],
      );
      return rows.map(toCard);
    },
    async setRenderedVersion(teamId, channelId, messageTs, version, now) {
      await recorder.flush();
      const changed = await sql.run(
        'UPDATE cards SET rendered_version = ?, updated_at = ? WHERE team_id = ? AND channel_id = ? AND message_ts = ?',
        [version, now, teamId, channelId, messageTs],
      );
      return changed === 1;
    },
    async remove(teamId, channelId, messageTs) {
      await recorder.flush();
      const changed = await sql.run(
        'DELETE FROM cards WHERE team_id = ? AND channel_id = ? AND message_ts = ?',
        [teamId, channelId, messageTs],
      );
      return changed === 1;
    },
  };
}
