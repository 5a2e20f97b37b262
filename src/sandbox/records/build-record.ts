import type { LandingKind } from '../../api/kinds.js';
import type { SandboxGraph } from '../graph-types.js';
import { hash32 } from '../prng.js';
import { SPECIAL_ID_BASE } from '../specials.js';
import {
  companyCategories,
  companyContacts,
  companyDocuments,
  companyInfo,
  companyManagersAndFounders,
  companyPredecessorsAndSuccessors,
  companyRequisites,
} from './company.js';
import { contextFor, type BlockBuilder } from './context.js';
import { dns, rating, whoIs } from './domain-net.js';
import {
  domainCategories,
  websiteContacts,
  websiteInfo,
  websiteRequisites,
  websiteResponseHeaders,
  websiteTechnologies,
} from './domain-site.js';
import { FINANCE_BUILDERS } from './finance.js';
import { header, relationLists } from './header.js';
import { reviewsAnalytics } from './reviews.js';
import { traffic } from './traffic.js';

/** The blocks of each kind, in the order of the specification. */
export const BLOCKS_OF_KIND: Record<LandingKind, Readonly<Record<string, BlockBuilder>>> = {
  domain: {
    websiteInfo,
    domainCategories,
    websiteContacts,
    websiteRequisites,
    websiteResponseHeaders,
    websiteTechnologies,
    whoIs,
    dns,
    rating,
    traffic,
    domainReviews: (ctx) => reviewsAnalytics(ctx.rng('domainReviews')),
  },
  company: {
    companyInfo,
    companyContacts,
    companyRequisites,
    companyDocuments,
    companyManagersAndFounders,
    companyPredecessorsAndSuccessors,
    ...FINANCE_BUILDERS,
    companyCategories,
    companyReviews: (ctx) => reviewsAnalytics(ctx.rng('companyReviews')),
  },
  email: {},
  phone: {},
};

/** Shares of blocks served as null, left out, and of records with an unknown extra field. */
export const VARIATION = { nullBlock: 0.04, absentBlock: 0.03, unknownField: 0.05 } as const;

/** How one block of one record is served: deterministic from (seed, id, block). */
export function blockVariant(graph: SandboxGraph, id: number, block: string): 'present' | 'null' | 'absent' {
  // near-duplicates.ts asks with only the seed, before the graph exists.
  if (id >= SPECIAL_ID_BASE || graph.node?.(id)?.whole === true) return 'present';
  const u = hash32(graph.seed, id, block, 'variant') / 4294967296;
  return u < VARIATION.nullBlock ? 'null' : u < VARIATION.nullBlock + VARIATION.absentBlock ? 'absent' : 'present';
}

/**
 * The full record of `kind` with page number `id`, as the service serves it; undefined if there is no
 * such record (unknown id, dangling id, a branch, or an entity of another kind). Built on each call,
 * the same for the same graph.
 */
export function buildRecord(graph: SandboxGraph, kind: LandingKind, id: number): Record<string, unknown> | undefined {
  const node = graph.node(id);
  if (!node || node.kind !== kind) return undefined;
  const record: Record<string, unknown> = { ...header(graph, kind, id), ...relationLists(graph, kind, id) };
  const ctx = contextFor(graph, node);
  for (const [name, build] of Object.entries(BLOCKS_OF_KIND[kind])) {
    const variant = blockVariant(graph, id, name);
    if (variant === 'present') record[name] = build(ctx);
    else if (variant === 'null') record[name] = null;
  }
  if (id < SPECIAL_ID_BASE && hash32(graph.seed, id, 'unknownField') / 4294967296 < VARIATION.unknownField) {
    record.experimentalScore = { value: hash32(graph.seed, id, 'score') % 1000, model: 'v0-beta' };
  }
  graph.patch(id)?.(record);
  return record;
}
