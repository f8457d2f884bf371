/**
 * A page for a browser, sent once: HTML, never cached (it says what just happened to this person), and never sniffed
 * as anything else. A response that already started is left alone.
 */
import type { ServerResponse } from 'node:http';

export interface HtmlPage {
  status: number;
  html: string;
}

export function sendHtmlPage(res: ServerResponse, page: HtmlPage): void {
  if (res.headersSent) return;
  res.writeHead(page.status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(page.html);
}
