import { LISTS_OF_KIND, relationList, type LandingKind, type NodeKind } from '../../api/kinds.js';
import type { SandboxGraph, SkeletonNode } from '../graph-types.js';
import { legalInn, ogrn } from '../identifiers.js';
import { hash32 } from '../prng.js';
import { addressOf } from '../shared-values.js';
import { ACTIVITIES, PROVIDERS } from './vocab-records.js';

/** Base of every href: https://landing.example/{kind}/{id}. */
export const SITE = 'https://landing.example';

/** SearchTag (shape not published; the sandbox's choice): a name and the tag page's address. */
export interface SearchTag {
  name: string;
  url: string;
}

export interface Header {
  id: number;
  title: string;
  href: string;
  provider: string;
  searchTags: SearchTag[];
}

export function hrefOf(kind: NodeKind, id: number): string {
  return `${SITE}/${kind}/${id}`;
}

function tag(name: string, slug: string): SearchTag {
  return { name, url: `${SITE}/tag/${slug}` };
}

function searchTagsOf(seed: number, kind: NodeKind, node: SkeletonNode | undefined): SearchTag[] {
  if (kind === 'email') return [tag('e-mail', 'email')];
  if (kind === 'phone') return [tag('телефон', 'phone'), tag('мобильный', 'mobile')];
  if (kind === 'branch' || !node) return [];
  const activity = ACTIVITIES[(node.category ?? 0) % ACTIVITIES.length] ?? ACTIVITIES[0];
  const tags = activity ? [tag(activity.category, activity.tag)] : [];
  if (hash32(seed, node.id, 'tags') % 3 === 0) tags.push(tag(kind === 'domain' ? 'сайт' : 'компания', kind));
  return tags;
}

/** Title a dangling id is listed with (it has no node). */
function danglingTitle(kind: NodeKind, id: number): string {
  switch (kind) {
    case 'domain':
      return `gone-${id}.example`;
    case 'email':
      return `gone-${id}@gone.example`;
    case 'phone':
      return `+7000${String(id % 10_000_000).padStart(7, '0')}`;
    default:
      return `ООО "Ликвидировано ${id}"`;
  }
}

/** The common header (id, title, href, provider, searchTags) of a node, or of a dangling id of `kind`. */
export function header(graph: SandboxGraph, kind: NodeKind, id: number): Header {
  const node = graph.node(id);
  const known = node?.kind === kind ? node : undefined;
  return {
    id,
    title: known ? known.title : danglingTitle(kind, id),
    href: hrefOf(kind, id),
    provider: PROVIDERS[hash32(graph.seed, id, 'provider') % PROVIDERS.length] as string,
    searchTags: searchTagsOf(graph.seed, kind, known),
  };
}

/** INN and OGRN of a company (a dangling company gets numbers of region 98, which no company has). */
export function requisitesOf(graph: SandboxGraph, id: number): { inn: string; ogrn: string } {
  const node = graph.node(id);
  if (node?.kind === 'company' && node.key && node.ogrn) return { inn: node.key, ogrn: node.ogrn };
  return { inn: legalInn('98', id % 10_000_000), ogrn: ogrn(2010, '98', id % 10_000_000) };
}

/**
 * A list entry: the header plus what identifies the entity (companies: companyRequisites with inn and
 * ogrn; the others are identified by their title). Nested lists are left out.
 * BranchLanding (shape not published): header + address + companyId.
 */
export function shallowEntry(graph: SandboxGraph, kind: NodeKind, id: number): Record<string, unknown> {
  const entry: Record<string, unknown> = { ...header(graph, kind, id) };
  if (kind === 'company') entry.companyRequisites = requisitesOf(graph, id);
  if (kind === 'branch') {
    const node = graph.node(id);
    entry.address = node?.address === undefined ? '' : addressOf(graph.seed, node.address).text;
    entry.companyId = node?.owner ?? null;
  }
  return entry;
}

/** The relation lists of a record of `kind`, entries shallow, in the graph's order. */
export function relationLists(graph: SandboxGraph, kind: LandingKind, id: number): Record<string, Record<string, unknown>[]> {
  const lists: Record<string, Record<string, unknown>[]> = {};
  for (const field of LISTS_OF_KIND[kind]) {
    const target = relationList(field).target;
    lists[field] = Array.from(graph.list(id, field), (entry) => shallowEntry(graph, target, entry));
  }
  return lists;
}

/** Titles of the entities listed in one list (skipping dangling ids), at most `max`. */
export function listedTitles(graph: SandboxGraph, id: number, field: Parameters<SandboxGraph['list']>[1], max: number): string[] {
  const titles: string[] = [];
  const list = graph.list(id, field);
  for (let i = 0; i < list.length && titles.length < max; i++) {
    const node = graph.node(list[i] as number);
    if (node && !titles.includes(node.title)) titles.push(node.title);
  }
  return titles;
}
