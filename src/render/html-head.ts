import { escapeMarkup } from './escape.js';

/**
 * The head of an offline page (the case file, the change report): UTF-8, the page's own Content-Security-
 * Policy (no network), no referrer, its title and its inline style. Every value is escaped here.
 */
export function offlineHead(title: string, csp: string, css: string): string {
  return `<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeMarkup(csp)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(title)}</title>
<style>${css}</style>
</head>`;
}
