import type { SkeletonNode } from '../graph-types.js';

/**
 * The red-flag patterns of the planted world (planted-networks.ts), each with decoys that must not fire. Every
 * record here is served whole (no block left out), with officers and addresses of its own (person and address
 * groups 3000+), so the patterns touch neither the planted networks nor each other. Every other company of the
 * planted world is active, registered in 2012 with sites created from 2016, and has revenue: none fires.
 */
export interface FlagPatterns {
  /** Registered days before its sites were created (3 sites, 12-25 days later). */
  youngCompany: number[];
  /** Liquidated, yet its phone and a site are listed by a live company. */
  liquidatedServesLive: number[];
  /** Successors of a liquidated company sharing its officer (the first) or its address (the second). */
  phoenix: number[];
  /** No revenue in its latest report, yet 12 sites. */
  noActivityManySites: number[];
  /** Companies built to look close to a pattern without being one (each must stay unflagged by its rule). */
  decoys: Record<'youngCompany' | 'liquidatedServesLive' | 'phoenix' | 'noActivityManySites', number[]>;
  /** Every company here: seeds. */
  companies: number[];
}

/** What the patterns need of the world's builder (planted-networks.ts). */
export interface PatternBuilder {
  company(fields: { address: number; manager: number } & Partial<SkeletonNode>): number;
  domain(key: string, owner: number, createdOn: number): number;
  phone(owner: number): number;
  relate(a: number, b: number): void;
  /** The successor names the predecessor among its predecessors, and the predecessor it among its successors. */
  succeed(predecessor: number, successor: number): void;
}

const DAY = 86_400_000;
const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`);

export function plantFlagPatterns(b: PatternBuilder): FlagPatterns {
  let group = 3000;
  const own = () => group++;
  const company = (fields: Partial<SkeletonNode> = {}): number => {
    const who = own();
    return b.company({ address: who, manager: who, whole: true, ...fields });
  };
  const sites = (owner: number, prefix: string, createdOn: readonly number[]): number[] =>
    createdOn.map((at, i) => {
      const d = b.domain(`${prefix}${i}.ru`, owner, at);
      b.relate(owner, d);
      return d;
    });

  // young-company: registered 1 Mar 2024, its three sites created 12, 20 and 25 days later.
  const young = company({ registeredOn: day('2024-03-01') });
  sites(
    young,
    'fresh-shop',
    [12, 20, 25].map((n) => day('2024-03-01') + n * DAY),
  );
  // Decoys: sites created 8 months after registration; a site older than the company.
  const slow = company({ registeredOn: day('2023-01-10') });
  sites(slow, 'slow-start', [day('2023-09-01')]);
  const late = company({ registeredOn: day('2024-06-01') });
  sites(late, 'old-site', [day('2019-02-01')]);

  // liquidated-serves-live: its phone and a site are also listed by a live company.
  const liquidated = company({ status: 'liquidated' });
  const live = company({ status: 'active' });
  const phone = b.phone(liquidated);
  b.relate(liquidated, phone);
  b.relate(live, phone);
  const [shared] = sites(live, 'still-serving', [day('2017-05-05')]);
  b.relate(liquidated, shared as number);
  // Decoys: liquidated with contacts of its own; two liquidating companies sharing a phone (no live one served).
  const alone = company({ status: 'liquidated' });
  b.relate(alone, b.phone(alone));
  const closingA = company({ status: 'liquidating' });
  const closingB = company({ status: 'liquidated' });
  const closingPhone = b.phone(closingA);
  b.relate(closingA, closingPhone);
  b.relate(closingB, closingPhone);

  // phoenix: a live successor sharing the liquidated predecessor's manager; another sharing its address.
  const officer = own();
  const dead = company({ status: 'liquidated', manager: officer });
  const risen = company({ status: 'active', manager: officer });
  const deadAddress = own();
  const deadToo = company({ status: 'liquidating', address: deadAddress });
  const risenToo = company({ status: 'active', address: deadAddress });
  // Decoys: a successor of a liquidated company sharing nothing; a successor sharing an officer with a live one.
  const strangerDead = company({ status: 'liquidated' });
  const stranger = company({ status: 'active' });
  const reorganisedOfficer = own();
  const reorganised = company({ status: 'active', manager: reorganisedOfficer });
  const merged = company({ status: 'active', manager: reorganisedOfficer });
  for (const [predecessor, successor] of [
    [dead, risen],
    [deadToo, risenToo],
    [strangerDead, stranger],
    [reorganised, merged],
  ] as const)
    b.succeed(predecessor, successor);

  // no-activity-many-sites: revenue 0 in its latest report, 12 sites; decoys: 12 sites with revenue, 0 with 3 sites.
  const empty = company({ revenue: 0 });
  sites(
    empty,
    'empty-front',
    Array.from({ length: 12 }, (_, i) => day('2018-01-01') + i * 30 * DAY),
  );
  const busy = company({ revenue: 5_000 });
  sites(
    busy,
    'busy-chain',
    Array.from({ length: 12 }, (_, i) => day('2018-01-01') + i * 30 * DAY),
  );
  const idle = company({ revenue: 0 });
  sites(idle, 'idle-few', [day('2018-02-01'), day('2018-03-01'), day('2018-04-01')]);

  const patterns = {
    youngCompany: [young],
    liquidatedServesLive: [liquidated],
    phoenix: [risen, risenToo],
    noActivityManySites: [empty],
    decoys: {
      youngCompany: [slow, late],
      liquidatedServesLive: [live, alone, closingA, closingB],
      phoenix: [dead, deadToo, strangerDead, stranger, reorganised, merged],
      noActivityManySites: [busy, idle],
    },
  };
  const companies = [...new Set([...Object.values(patterns.decoys).flat(), young, liquidated, risen, risenToo, empty])];
  return { ...patterns, companies };
}
