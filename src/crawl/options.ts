import { z } from 'zod';
import { LANDING_KINDS, type LandingKind } from '../api/kinds.js';
import { LandingGraphError } from '../errors.js';

export const FOLLOW_GROUPS = ['related', 'similar', 'competitor', 'contacts', 'requisites'] as const;
export type CrawlFollow = (typeof FOLLOW_GROUPS)[number];

/** Options of a crawl, checked once at the edge (CLI or library caller), then trusted. */
export const crawlOptionsSchema = z.object({
  /** Hops from the seeds whose records are fetched; records one hop further become stubs. Default: 1. */
  maxDepth: z.int().min(0).max(20).default(1),
  /**
   * What the crawl follows: the lists (related, similar, competitor) and, on request, the entities that
   * blocks name (contacts: website/company phones and e-mails; requisites: INN/OGRN of requisites and
   * WhoIs). Default: the three lists.
   */
  follow: z.array(z.enum(FOLLOW_GROUPS)).min(1).default(['related', 'similar', 'competitor']),
  /** Kinds that may be fetched (others stay stubs). Default: all four. */
  kinds: z
    .array(z.enum(LANDING_KINDS))
    .min(1)
    .default([...LANDING_KINDS]),
  /** Entries followed from one list; a longer list marks its record as a hub. Default: no limit. */
  maxFanout: z.int().min(0).optional(),
  /** Records (seed syntax) fetched but not expanded. Default: none. */
  skip: z.array(z.string()).default([]),
  /** Most records requested by the crawl, all runs together. Default: no limit. */
  maxRecords: z.int().min(1).optional(),
  /** Records written per Neo4j transaction. Default: 100. */
  commitEvery: z.int().min(1).max(5000).default(100),
  /**
   * Commits written at once, each its own transaction. A second one keeps Neo4j's second core busy (one
   * transaction runs on one); they rarely touch the same nodes, and a deadlock between them is retried.
   * Default: 2.
   */
  commitsInFlight: z.int().min(1).max(8).default(2),
  /** Longest wait between commits while fetches complete. Default: 500. */
  commitIntervalMs: z.int().min(1).default(500),
  /** How long to keep retrying Neo4j when it is unavailable. Default: 600000 (10 min). */
  neo4jRetryMs: z.int().min(0).default(600_000),
  /**
   * A record that any crawl fetched within this many ms is not requested again: its stored answer is
   * expanded as if it had been fetched, so the ball is the same. 0: request every record. Default: 7 days.
   */
  maxAgeMs: z.int().min(0).default(604_800_000),
  /** Crawl again although the same crawl finished before, requesting every record again. Default: false. */
  refresh: z.boolean().default(false),
  /**
   * Crawl again although the same crawl finished before, requesting again only the records fetched
   * longer ago than this many ms (the others are expanded from the graph). Default: none.
   */
  refreshOlderThanMs: z.int().min(0).optional(),
  /**
   * Write 404s of records fetched before even when more than MASS_GONE_SHARE of those asked again answer 404
   * (src/crawl/mass-gone.ts); without it such a run stops with MASS_GONE and marks none of them gone. Not part of
   * the crawl's identity. Default: false.
   */
  acceptMassGone: z.boolean().default(false),
});

export type CrawlOptionsInput = z.input<typeof crawlOptionsSchema>;
export type CrawlOptions = z.output<typeof crawlOptionsSchema> & {
  follow: CrawlFollow[];
  kinds: LandingKind[];
};

export function parseCrawlOptions(input: CrawlOptionsInput): CrawlOptions {
  const result = crawlOptionsSchema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.') || 'options';
    throw new LandingGraphError('CONFIG_INVALID', `invalid crawl option ${field}: ${issue?.message ?? 'invalid'}`, { cause: result.error });
  }
  return result.data;
}
