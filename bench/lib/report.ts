/** One reported figure, next to its target when it has one. */
export interface Figure {
  name: string;
  value: string;
  target?: string;
  /** undefined: informational (no target). */
  pass?: boolean;
}

export interface Section {
  title: string;
  /** What was run, in a sentence or two. */
  method: string[];
  figures: Figure[];
  notes: string[];
  /** Set when the benchmark could not run to its end. */
  error?: string;
}

export const verdict = (pass: boolean | undefined) => (pass === undefined ? '' : pass ? '**PASS**' : '**MISS**');

export function sectionMarkdown(section: Section): string {
  const lines = [`## ${section.title}`, ''];
  for (const m of section.method) lines.push(m, '');
  if (section.figures.length > 0) {
    lines.push('| figure | value | target | verdict |', '|---|---|---|---|');
    for (const f of section.figures) lines.push(`| ${f.name} | ${f.value} | ${f.target ?? ''} | ${verdict(f.pass)} |`);
    lines.push('');
  }
  if (section.error) lines.push(`**Did not complete:** ${section.error}`, '');
  for (const n of section.notes) lines.push(`- ${n}`);
  if (section.notes.length > 0) lines.push('');
  return lines.join('\n');
}
