import { shown } from '../../render/html-kit.js';
import type { CaseMember } from './findings.js';
import { escapeMarkup } from '../../render/escape.js';
import { labelOfKind } from '../../graph/model.js';
import { colourOf } from '../../render/palette.js';

/**
 * A network's timeline as inline SVG (no script, so the page's Content-Security-Policy needs nothing more): one
 * lane per member with a date, oldest first — the member's name on the left, a dot at its company registration or
 * domain creation date on a shared axis of years. Members registered in the same weeks line up, which is what an
 * analyst looks for in a shell-company network. Members without a date are named under it.
 */

/** Width of the drawing (user units; it scales to the page). */
const WIDTH = 1000;
const LABEL_WIDTH = 330;
const LANE = 22;
const TOP = 26;

/** The day (UTC ms) of an ISO date or date-time text, or null. */
export function dayOf(text: string | null): number | null {
  const match = text ? /^(\d{4})-(\d{2})-(\d{2})/.exec(text) : null;
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? null : ms;
}

/** The timeline of members' dates; a note when none has a date. */
export function timeline(members: readonly CaseMember[]): string {
  const dated = members
    .map((m) => ({ m, day: dayOf(m.date) }))
    .filter((x): x is { m: CaseMember; day: number } => x.day !== null)
    .sort((a, b) => a.day - b.day || (a.m.name < b.m.name ? -1 : 1));
  const undated = members.filter((m) => dayOf(m.date) === null && (m.kind === 'company' || m.kind === 'domain'));
  if (dated.length === 0) return '<p class="none">No registration or creation dates known for the members.</p>';
  const firstYear = new Date(dated[0]!.day).getUTCFullYear();
  const lastYear = new Date(dated[dated.length - 1]!.day).getUTCFullYear() + 1;
  const from = Date.UTC(firstYear, 0, 1);
  const to = Date.UTC(lastYear, 0, 1);
  const plot = WIDTH - LABEL_WIDTH - 110; // room on the right for the date text of the latest dot
  const x = (day: number) => LABEL_WIDTH + ((day - from) / (to - from)) * plot;
  const height = TOP + dated.length * LANE + 6;
  const step = Math.max(1, Math.ceil((lastYear - firstYear) / 12));
  const ticks: string[] = [];
  for (let year = firstYear; year <= lastYear; year += step) {
    const tx = x(Date.UTC(year, 0, 1)).toFixed(1);
    ticks.push(
      `<line x1="${tx}" y1="${TOP - 6}" x2="${tx}" y2="${height - 4}" class="tick"/><text x="${tx}" y="${TOP - 10}" text-anchor="middle" class="year">${year}</text>`,
    );
  }
  const lanes = dated.map(({ m, day }, i) => {
    const y = TOP + i * LANE + LANE / 2;
    const dx = x(day).toFixed(1);
    const label = m.name.length > 44 ? `${m.name.slice(0, 43)}…` : m.name;
    const colour = colourOf(labelOfKind(m.kind));
    const date = (m.date ?? '').slice(0, 10);
    return [
      `<g class="lane"><title>${escapeMarkup(shown(`${m.name} — ${m.kind === 'company' ? 'registered' : 'created'} ${date}`))}</title>`,
      `<text x="${LABEL_WIDTH - 10}" y="${y + 4}" text-anchor="end" class="name${m.seed ? ' seed' : ''}">${escapeMarkup(shown(label))}</text>`,
      `<circle cx="${dx}" cy="${y}" r="5.5" fill="${colour}" stroke="#fff" stroke-width="1.5"/>`,
      `<text x="${(Number(dx) + 9).toFixed(1)}" y="${y + 4}" class="date">${escapeMarkup(date)}</text></g>`,
    ].join('');
  });
  const bands = dated
    .map((_, i) => (i % 2 === 0 ? `<rect x="0" y="${TOP + i * LANE}" width="${WIDTH}" height="${LANE}" class="band"/>` : ''))
    .join('');
  const legend = ['company', 'domain']
    .map(
      (k) =>
        `<span><span class="swatch" style="background:${colourOf(labelOfKind(k))}"></span>${k === 'company' ? 'company registered' : 'domain created'}</span>`,
    )
    .join(' ');
  const missing =
    undated.length > 0
      ? `<p class="note">No date known for ${undated.length === 1 ? '' : `${undated.length} members: `}${escapeMarkup(shown(undated.map((m) => m.name).join(', ')))}.</p>`
      : '';
  return `<p class="legend">${legend}</p>
<svg class="timeline" viewBox="0 0 ${WIDTH} ${height}" width="100%" role="img" aria-label="Registration and creation dates">
${bands}
${ticks.join('\n')}
${lanes.join('\n')}
</svg>${missing}`;
}
