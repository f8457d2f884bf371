/** HTML escaping for everything the page renders: all text reaches the DOM through these two functions. */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Slack escapes only &, < and > in message text; undo that before escaping for HTML. */
export function decodeSlackEntities(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Only web and mail links become anchors; anything else (javascript:, data:) stays text. */
export function safeUrl(url: string): string | null {
  return /^(https?:\/\/|mailto:)/i.test(url.trim()) ? url.trim() : null;
}

/** Images may also be inline data: images (PNG/JPEG/GIF/WebP/SVG are rendered by <img>, never executed). */
export function safeImageUrl(url: string): string | null {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) || /^data:image\/(png|jpe?g|gif|webp);/i.test(trimmed)
    ? trimmed
    : null;
}
