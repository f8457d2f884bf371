/**
 * Files a bot uploads the way Slack takes them (files.getUploadURLExternal → POST the bytes to the upload URL →
 * files.completeUploadExternal): reserved with a name and a length, filled by the upload, shared when completed.
 * The local workspace and the tests' fake Slack keep them in memory and serve each at `GET /files/<id>`.
 */
export interface StoredFile {
  id: string;
  filename: string;
  /** The length announced when the upload was reserved. */
  length: number;
  title: string | null;
  bytes: Buffer | null;
  /** Where it was shared (files.completeUploadExternal's channel_id); null until completed. */
  channelId: string | null;
  completed: boolean;
}

export interface FileStore {
  /** A new upload: its id and where to POST the bytes. */
  reserve(filename: string, length: number): { id: string; uploadUrl: string };
  /** The bytes POSTed to an upload URL; false for an unknown or already filled upload. */
  receive(id: string, bytes: Buffer): boolean;
  /** Completes an upload (it must have received its bytes); null when it cannot be completed. */
  complete(id: string, title: string | null, channelId: string | null): StoredFile | null;
  get(id: string): StoredFile | null;
  /** Where a file is downloaded from. */
  downloadUrl(id: string): string;
  all(): readonly StoredFile[];
}

export function createFileStore(origin: () => string): FileStore {
  const files = new Map<string, StoredFile>();
  let seq = 0;
  return {
    reserve(filename, length) {
      seq += 1;
      const id = `F${String(seq).padStart(9, '0')}`;
      files.set(id, {
        id,
        filename,
        length,
        title: null,
        bytes: null,
        channelId: null,
        completed: false,
      });
      return { id, uploadUrl: `${origin()}/upload/${id}` };
    },
    receive(id, bytes) {
      const file = files.get(id);
      if (!file || file.bytes !== null) return false;
      file.bytes = bytes;
      return true;
    },
    complete(id, title, channelId) {
      const file = files.get(id);
      if (!file || file.bytes === null || file.completed) return null;
      file.title = title;
      file.channelId = channelId;
      file.completed = true;
      return file;
    },
    get: (id) => files.get(id) ?? null,
    downloadUrl: (id) => `${origin()}/files/${id}`,
    all: () => [...files.values()],
  };
}
