/** The page's calls to the local workspace server. */
import type {
  ActionRequest,
  CloseRequest,
  CommandRequest,
  DismissRequest,
  HomeOpenedRequest,
  SubmitRequest,
  UiResult,
} from '../../protocol.js';
import { isObject } from '../../shared/json-reader.js';

async function post(name: string, body: unknown): Promise<UiResult> {
  try {
    const response = await fetch(`/ui/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const result: unknown = await response.json();
    if (!isObject(result)) return { ok: false, error: 'bad_response' };
    return { ok: result.ok === true, ...(typeof result.error === 'string' ? { error: result.error } : {}) };
  } catch {
    return { ok: false, error: 'network_error' };
  }
}

export const api = {
  command: (body: CommandRequest) => post('command', body),
  action: (body: ActionRequest) => post('action', body),
  submit: (body: SubmitRequest) => post('submit', body),
  close: (body: CloseRequest) => post('close', body),
  dismiss: (body: DismissRequest) => post('dismiss', body),
  homeOpened: (body: HomeOpenedRequest) => post('home-opened', body),
};
