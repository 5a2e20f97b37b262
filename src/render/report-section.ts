/**
 * A section that one feature adds to a page another writes: the case file (export) opens with the seeds'
 * networks (network), and neither imports the other; the CLI hands the section over.
 */
export interface ReportSection {
  /** The section's markup, every data string escaped. */
  html: string;
  /** Its stylesheet, added to the page's. */
  css: string;
  /** The small pictures the page's script draws into the section's `.net-graph` boxes, by their `data-network` index. */
  pictures: SmallPicture[];
}

/** A small picture: a few nodes (members and what ties them) and their links, drawn by the page's script. */
export interface SmallPicture {
  id: string;
  nodes: { ref: string; name: string; kind: string; colour: string; member: boolean; seed: boolean }[];
  /** `weak`: drawn dashed. */
  edges: { from: string; to: string; weak: boolean }[];
}

/** Sections one after the other, as one: markup and styles in order, pictures in order (their indices stay right). */
export function joinSections(...sections: readonly ReportSection[]): ReportSection {
  return {
    html: sections.map((s) => s.html).join('\n'),
    css: sections.map((s) => s.css).join('\n'),
    pictures: sections.flatMap((s) => s.pictures),
  };
}
