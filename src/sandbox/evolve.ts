import { LANDING_KINDS, LISTS_OF_KIND, isLandingKind, relationList, type LandingKind, type RelationField } from '../api/kinds.js';
import { LandingGraphError, quoteValue } from '../errors.js';
import {
  emptyOverrides,
  EvolvedWorld,
  generationOf,
  goneIdsOf,
  listSlot,
  maxIdOf,
  type EvolvedGraph,
  type Overrides,
} from './evolved-graph.js';
import type { EvolveChange, SharedIdentifier } from './evolve-change.js';
import { RELATED_FIELD_OF } from './graph-store.js';
import type { SandboxGraph, SkeletonNode } from './graph-types.js';
import { lookupKey } from './keys.js';
import { newSkeletonNode } from './new-records.js';
import { companyName } from './naming.js';
import { hash32, Rng, rngFor } from './prng.js';
import { reachable, type NodeRef } from './reachable.js';
import { blockVariant, BLOCKS_OF_KIND } from './records/build-record.js';
import { addressOf, ipOf, mxOf, nameServersOf, personOf, registrarOf } from './shared-values.js';
import { SPECIAL_ID_BASE } from './specials.js';
import { REGISTRARS } from './vocab.js';

export type { EvolveChange, SharedIdentifier } from './evolve-change.js';
export type { EvolvedGraph } from './evolved-graph.js';
export { generationOf, goneIdsOf, isEvolved } from './evolved-graph.js';

/** For each identifier: the kind that has it, the skeleton field, the blocks that show it, its value. */
export const SHARED_IDENTIFIERS: Record<
  SharedIdentifier,
  {
    kind: 'domain' | 'company';
    field: 'ip' | 'ns' | 'mx' | 'registrar' | 'manager' | 'address';
    /** The blocks showing it: analyst properties and pivots that follow it. */
    blocks: readonly string[];
    shows: string;
  }
> = {
  ip: {
    kind: 'domain',
    field: 'ip',
    blocks: ['dns', 'websiteResponseHeaders'],
    shows: 'dns.a/aWww/spf/ptr, websiteResponseHeaders.hostIp (IP)',
  },
  nameServers: {
    kind: 'domain',
    field: 'ns',
    blocks: ['dns', 'whoIs'],
    shows: 'dns.ns/soaPrimaryNameServer, whoIs.dnsServers (NameServer)',
  },
  mailServers: { kind: 'domain', field: 'mx', blocks: ['dns'], shows: 'dns.mx/txt/spf (MailServer)' },
  registrar: { kind: 'domain', field: 'registrar', blocks: ['whoIs'], shows: 'whoIs.registrar (Registrar)' },
  manager: {
    kind: 'company',
    field: 'manager',
    blocks: ['companyManagersAndFounders'],
    shows: 'companyManagersAndFounders.managers (Person)',
  },
  address: {
    kind: 'company',
    field: 'address',
    blocks: ['companyInfo'],
    shows: 'companyInfo.registrationAddress/city/federalDistrict, requisites okato/oktmo, categories cities (Address)',
  },
};

export interface EvolveWithin {
  /** The seeds of the crawl whose ball should see the changes. */
  seeds: readonly NodeRef[];
  depth: number;
  /** Lists the crawl follows (default all). */
  follow?: readonly RelationField[];
}

export interface EvolveOptions {
  /** Seed of the random choices (with the graph's seed and the generation). Default 1. */
  seed?: number;
  /** Random changes of each type (defaults in EVOLVE_DEFAULTS; all 0 when `changes` is given). */
  removeEntries?: number;
  addEntries?: number;
  retitle?: number;
  /** setShared changes: domains get another IP, name servers, MX or registrar; companies another manager or address. */
  changeFields?: number;
  gone?: number;
  /** Records gone in the world being evolved that come back ('all' for every one). */
  back?: number | 'all';
  newRecords?: number;
  /** Pick the changed records among the records a crawl of this ball fetches (default: any record). */
  within?: EvolveWithin;
  /** Exact changes, applied in order before the random ones. */
  changes?: readonly EvolveChange[];
}

export const EVOLVE_DEFAULTS = { removeEntries: 3, addEntries: 3, retitle: 2, changeFields: 2, gone: 1, back: 0, newRecords: 2 } as const;

/** Fresh groups (values no generated record shows) start here; ipOf stays a bijection below 2^24. */
const FRESH_GROUP_BASE = 10_000_000;
const FRESH_PER_GENERATION = 10_000;
/** Groups of new records: two per id (0: IP or address, 1: manager), above the fresh groups, below 2^24. */
const NEW_RECORD_GROUP_BASE = 12_000_000;
const HEADER_FIELDS = new Set(['id', 'title', 'href', 'provider', 'searchTags']);

/**
 * The next state of a sandbox world: `graph` with list entries removed and added, titles and shared
 * identifiers changed, records gone (404) or back, and new records. Deterministic: the same graph and
 * options give the same world (graph.seed, options.seed and the generation drive every random choice).
 * `graph` is left unchanged; the result reads through to it (see EvolvedGraph).
 */
export function evolveGraph(graph: SandboxGraph, options: EvolveOptions = {}): EvolvedGraph {
  const generation = generationOf(graph) + 1;
  const seed = options.seed ?? 1;
  const evolver = new Evolver(graph, generation, new Rng(hash32(graph.seed, seed, generation, 'evolve')));
  for (const change of options.changes ?? []) evolver.apply(change, true);
  const explicit = options.changes !== undefined;
  const count = (name: Exclude<keyof typeof EVOLVE_DEFAULTS, 'back'>): number => {
    const n = options[name] ?? (explicit ? 0 : EVOLVE_DEFAULTS[name]);
    if (!Number.isInteger(n) || n < 0) invalid(`${name} must be a whole number >= 0, got ${quoteValue(n)}`);
    return n;
  };
  const back = options.back ?? (explicit ? 0 : EVOLVE_DEFAULTS.back);
  if (back !== 'all' && (!Number.isInteger(back) || back < 0))
    invalid(`back must be a whole number >= 0 or 'all', got ${quoteValue(back)}`);
  evolver.random(options.within, {
    back,
    gone: count('gone'),
    retitle: count('retitle'),
    changeFields: count('changeFields'),
    removeEntries: count('removeEntries'),
    addEntries: count('addEntries'),
    newRecords: count('newRecords'),
  });
  return evolver.finish();
}

function invalid(message: string): never {
  throw new LandingGraphError('CONFIG_INVALID', `evolveGraph: ${message}`);
}

class Evolver {
  private readonly o: Overrides = emptyOverrides();
  private readonly applied: EvolveChange[] = [];
  private readonly previousGone: Set<number>;
  private readonly takenKeys = new Set<string>();
  private fresh = 0;
  private nextId: number;

  constructor(
    private readonly prev: SandboxGraph,
    private readonly generation: number,
    private readonly rng: Rng,
  ) {
    this.previousGone = new Set(goneIdsOf(prev));
    this.nextId = maxIdOf(prev) + 1;
    // Keys of gone records stay theirs (they may come back).
    for (const id of this.previousGone) {
      const node = prev.node(id);
      if (node?.key !== undefined) this.takenKeys.add(`${node.kind}:${node.key}`);
      if (node?.ogrn !== undefined) this.takenKeys.add(`${node.kind}:${node.ogrn}`);
    }
  }

  finish(): EvolvedGraph {
    return new EvolvedWorld(this.prev, this.generation, this.applied, this.o);
  }

  node(id: number): SkeletonNode | undefined {
    return this.o.nodes.get(id) ?? this.prev.node(id);
  }

  /** The kind of the record `id` if it answers in the world under construction. */
  kindNow(id: number): LandingKind | undefined {
    if (this.o.gone.has(id)) return undefined;
    const kind = this.o.newIds.has(id) || this.o.back.has(id) ? this.node(id)?.kind : this.prev.kindOf(id);
    return kind !== undefined && isLandingKind(kind) ? kind : undefined;
  }

  list(id: number, field: RelationField): readonly number[] {
    return this.o.lists.get(listSlot(id, field)) ?? Array.from(this.prev.list(id, field));
  }

  private setList(id: number, field: RelationField, list: number[]): void {
    this.o.lists.set(listSlot(id, field), list);
  }

  /** The record `id` answering now, of the kind that has `field` (if given); else an error. */
  private record(id: number, field?: RelationField): { kind: LandingKind; node: SkeletonNode } {
    const kind = this.kindNow(id);
    const node = this.node(id);
    if (kind === undefined || !node) invalid(`no record answers for id ${id}`);
    if (field !== undefined && !LISTS_OF_KIND[kind].includes(field)) invalid(`a ${kind} record has no list ${field}`);
    return { kind, node };
  }

  /** Applies one change; `strict` (explicit changes): a change that changes nothing is an error too. */
  apply(change: EvolveChange, strict: boolean): void {
    switch (change.type) {
      case 'removeEntry': {
        const { node } = this.record(change.id, change.field);
        const list = this.list(node.id, change.field);
        if (!list.includes(change.toId)) invalid(`${change.field} of ${change.id} does not list ${change.toId}`);
        this.setList(
          node.id,
          change.field,
          list.filter((to) => to !== change.toId),
        );
        this.applied.push({ type: 'removeEntry', id: change.id, field: change.field, toId: change.toId });
        return;
      }
      case 'addEntry': {
        const { node } = this.record(change.id, change.field);
        const target = relationList(change.field).target;
        if (this.node(change.toId)?.kind !== target) invalid(`${change.toId} is no ${target}, so it cannot be listed in ${change.field}`);
        const list = this.list(node.id, change.field);
        if (list.includes(change.toId) && !node.keepDuplicates) invalid(`${change.field} of ${change.id} already lists ${change.toId}`);
        this.setList(node.id, change.field, [...list, change.toId]);
        this.applied.push({ type: 'addEntry', id: change.id, field: change.field, toId: change.toId });
        return;
      }
      case 'retitle':
        this.retitle(change.id, change.title);
        return;
      case 'setShared':
        this.setShared(change, strict);
        return;
      case 'setField':
        this.setField(change.id, change.path, change.value);
        return;
      case 'gone': {
        const { kind } = this.record(change.id);
        if (this.o.newIds.has(change.id)) invalid(`${kind} ${change.id} is new in this generation and cannot be gone in it`);
        this.o.gone.add(change.id);
        this.applied.push({ type: 'gone', id: change.id });
        return;
      }
      case 'back': {
        if (!this.previousGone.has(change.id) || this.o.back.has(change.id)) invalid(`${change.id} is not gone, so it cannot come back`);
        this.o.back.add(change.id);
        this.applied.push({ type: 'back', id: change.id });
        return;
      }
      case 'newRecord':
        this.newRecord(change.kind, change.listedBy.id, change.listedBy.field, change.id);
        return;
      default:
        invalid(`unknown change ${quoteValue((change as { type?: unknown }).type)}`);
    }
  }

  private retitle(id: number, wanted: string | undefined): void {
    const { kind, node } = this.record(id);
    const title = wanted ?? autoTitle(this.prev.seed, this.generation, kind, node);
    if (title === undefined) invalid(`no other title keeps the key of ${kind} ${id}`);
    if (title === node.title) invalid(`${kind} ${id} already has the title ${quoteValue(title)}`);
    if (kind === 'company') {
      if (title.trim() === '') invalid('a company title cannot be empty');
    } else if (lookupKey(kind, title) !== node.key) {
      invalid(`the title ${quoteValue(title)} would change the key of ${kind} ${id} (${node.key}); only its case may change`);
    }
    this.o.nodes.set(id, { ...node, title });
    this.applied.push({ type: 'retitle', id, title });
  }

  private setShared(change: Extract<EvolveChange, { type: 'setShared' }>, strict: boolean): void {
    const spec = SHARED_IDENTIFIERS[change.identifier];
    if (!spec) invalid(`unknown identifier ${quoteValue(change.identifier)}`);
    const { kind, node } = this.record(change.id);
    if (kind !== spec.kind) invalid(`${change.identifier} belongs to ${spec.kind} records, ${change.id} is a ${kind}`);
    let group = change.group;
    if (group === undefined && change.like !== undefined) {
      const other = this.node(change.like);
      group = other?.kind === kind ? other[spec.field] : undefined;
      if (group === undefined) invalid(`${change.like} is no ${kind} with a ${change.identifier} group to share`);
    }
    if (group === undefined) group = this.freshGroup(change.identifier, node);
    if (!Number.isInteger(group) || group < 0 || group >= 2 ** 24)
      invalid(`group must be a whole number from 0 to 2^24 - 1, got ${quoteValue(group)}`);
    const before = sharedValue(this.prev.seed, change.identifier, node, node[spec.field]);
    if (before === sharedValue(this.prev.seed, change.identifier, node, group)) {
      if (strict) invalid(`${kind} ${change.id} already shows that ${change.identifier}`);
      return;
    }
    const next: SkeletonNode = { ...node, [spec.field]: group };
    // The founders stay who they were when the manager changes (by default they are the manager).
    if (change.identifier === 'manager') Object.assign(next, { founders: node.founders ?? [defaultManager(node)] });
    this.o.nodes.set(change.id, next);
    this.applied.push({ type: 'setShared', id: change.id, identifier: change.identifier, group });
  }

  /** A group whose value no generated record shows (a registrar: another one of the few there are). */
  private freshGroup(identifier: SharedIdentifier, node: SkeletonNode): number {
    if (identifier === 'registrar') {
      const current = registrarOf(node.registrar, node.id);
      const others = REGISTRARS.map((_, i) => i).filter((i) => REGISTRARS[i] !== current);
      return this.rng.pick(others);
    }
    const group = FRESH_GROUP_BASE + this.generation * FRESH_PER_GENERATION + this.fresh++;
    if (group >= 2 ** 24 || this.fresh >= FRESH_PER_GENERATION) invalid('too many generations or fresh values for distinct values');
    return group;
  }

  private setField(id: number, path: string, value: unknown): void {
    const { kind } = this.record(id);
    const parts = path.split('.');
    const block = parts[0] ?? '';
    if (parts.some((p) => p === '') || HEADER_FIELDS.has(block) || (LISTS_OF_KIND[kind] as readonly string[]).includes(block)) {
      invalid(`setField changes blocks only ("block.field"), not ${quoteValue(path)}; use retitle or addEntry/removeEntry`);
    }
    if (!(block in BLOCKS_OF_KIND[kind])) invalid(`a ${kind} record has no block ${quoteValue(block)}`);
    if (parts.length > 1 && blockVariant(this.prev, id, block) !== 'present')
      invalid(`${kind} ${id} serves ${block} as null or not at all`);
    const json = value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
    let patches = this.o.patches.get(id);
    if (!patches) this.o.patches.set(id, (patches = []));
    patches.push((record) => {
      let at = record as Record<string, unknown>;
      for (const part of parts.slice(0, -1)) {
        const inner = at[part];
        if (typeof inner !== 'object' || inner === null) at[part] = {};
        else at[part] = Array.isArray(inner) ? [...inner] : { ...(inner as Record<string, unknown>) };
        at = at[part] as Record<string, unknown>;
      }
      at[parts[parts.length - 1] as string] = json === undefined ? undefined : structuredClone(json);
    });
    this.applied.push({ type: 'setField', id, path, value: json });
  }

  private newRecord(kind: LandingKind, listerId: number, wantedField: RelationField | undefined, wantedId: number | undefined): void {
    if (!isLandingKind(kind)) invalid(`a new record must be one of ${LANDING_KINDS.join(', ')}, got ${quoteValue(kind)}`);
    const field = wantedField ?? RELATED_FIELD_OF[kind];
    const { kind: listerKind, node: lister } = this.record(listerId, field);
    if (relationList(field).target !== kind) invalid(`${field} lists ${relationList(field).target} records, not ${kind}`);
    let id = wantedId;
    if (id === undefined) {
      while (this.node(this.nextId) !== undefined || this.prev.danglingIds.includes(this.nextId)) this.nextId++;
      id = this.nextId++;
    } else if (
      !Number.isInteger(id) ||
      id < 1 ||
      id >= SPECIAL_ID_BASE ||
      this.node(id) !== undefined ||
      this.prev.danglingIds.includes(id)
    ) {
      invalid(`id ${quoteValue(id)} is taken or out of range for a new record`);
    }
    const node = newSkeletonNode(this.prev.seed, this.generation, kind, id, lister, {
      taken: (k, key) => this.takenKeys.has(`${k}:${key}`) || this.prev.lookup(k, key) !== undefined,
      // From the id, not from the counter of setShared: a replay of the resolved changes gives the same record.
      freshGroup: (k) => NEW_RECORD_GROUP_BASE + 2 * (id % 2_000_000) + k,
    });
    if (node.key !== undefined) this.takenKeys.add(`${kind}:${node.key}`);
    if (node.ogrn !== undefined) this.takenKeys.add(`${kind}:${node.ogrn}`);
    this.o.nodes.set(id, node);
    this.o.newIds.add(id);
    this.setList(listerId, field, [...this.list(listerId, field), id]);
    const backField = kind === listerKind && relationList(field).relation !== 'RELATED' ? field : RELATED_FIELD_OF[listerKind];
    this.setList(id, backField, [listerId]);
    this.applied.push({ type: 'newRecord', kind, listedBy: { id: listerId, field }, id });
  }

  /** The random changes, each drawn among the records of the ball (or of the graph) that it can apply to. */
  random(
    within: EvolveWithin | undefined,
    counts: {
      back: number | 'all';
      gone: number;
      retitle: number;
      changeFields: number;
      removeEntries: number;
      addEntries: number;
      newRecords: number;
    },
  ): void {
    const rng = this.rng;
    const prev = this.prev;
    const ball = within ? reachable(prev, within.seeds, within.depth, within.follow).fetched : undefined;
    const pool = ball ? ball.map((r) => r.id) : prev.ids().filter((id) => isLandingKind(prev.kindOf(id) ?? 'branch'));
    const candidates = [...new Set(pool)].filter((id) => id < SPECIAL_ID_BASE).sort((a, b) => a - b);
    // A new record is fetched by the crawl of the ball only if its lister is fetched before the last hop.
    const inner = ball && within ? new Set(ball.filter((r) => r.depth < within.depth).map((r) => r.id)) : undefined;
    const seeds = new Set((within?.seeds ?? []).map((s) => s.id));
    const hubs = new Set(prev.hubIds);
    const live = (id: number): boolean => this.kindNow(id) !== undefined;

    const gone = [...this.previousGone].filter((id) => !this.o.back.has(id)).sort((a, b) => a - b);
    const back = counts.back === 'all' ? gone : rng.sample(gone, counts.back);
    for (const id of back.sort((a, b) => a - b)) this.apply({ type: 'back', id }, false);

    const goneable = candidates.filter((id) => live(id) && !seeds.has(id) && !hubs.has(id));
    for (const id of rng.sample(goneable, counts.gone).sort((a, b) => a - b)) this.apply({ type: 'gone', id }, false);

    const retitleable = candidates.filter(
      (id) => live(id) && autoTitle(prev.seed, this.generation, this.kindNow(id), this.node(id)) !== undefined,
    );
    for (const id of rng.sample(retitleable, counts.retitle).sort((a, b) => a - b)) this.retitle(id, undefined);

    const changeable = candidates.filter((id) => live(id) && eligibleIdentifiers(prev, this.node(id)).length > 0);
    for (const id of rng.sample(changeable, counts.changeFields).sort((a, b) => a - b)) {
      const node = this.node(id) as SkeletonNode;
      const identifier = rng.pick(eligibleIdentifiers(prev, node));
      const field = SHARED_IDENTIFIERS[identifier].field;
      // Half of the time the record moves to a value another record shows (a shared pivot), else to a fresh one.
      const shown = sharedValue(prev.seed, identifier, node, node[field]);
      const others = candidates.filter((o) => {
        const other = this.node(o);
        return other?.kind === node.kind && other[field] !== undefined && sharedValue(prev.seed, identifier, node, other[field]) !== shown;
      });
      const like = others.length > 0 && rng.chance(0.5) ? rng.pick(others) : undefined;
      this.apply({ type: 'setShared', id, identifier, like }, false);
    }

    const listed = candidates.filter(live);
    if (listed.length === 0) return;
    for (let i = 0, tries = 0; i < counts.removeEntries && tries < 20 * (counts.removeEntries + 1); tries++) {
      const id = rng.pick(listed);
      const kind = this.kindNow(id);
      if (kind === undefined) continue;
      const fields = LISTS_OF_KIND[kind].filter((f) => this.list(id, f).length > 0);
      if (fields.length === 0) continue;
      const field = rng.pick(fields);
      const toId = rng.pick([...new Set(this.list(id, field))]);
      this.apply({ type: 'removeEntry', id, field, toId }, false);
      i++;
    }

    for (let i = 0, tries = 0; i < counts.addEntries && tries < 20 * (counts.addEntries + 1); tries++) {
      const id = rng.pick(listed);
      const kind = this.kindNow(id);
      if (kind === undefined) continue;
      const field = rng.pick(LISTS_OF_KIND[kind]);
      const target = relationList(field).target;
      const targets = prev.ids(target);
      if (targets.length === 0) continue;
      const toId = rng.pick(targets);
      if (toId === id || toId >= SPECIAL_ID_BASE || (target !== 'branch' && !live(toId)) || this.list(id, field).includes(toId)) continue;
      this.apply({ type: 'addEntry', id, field, toId }, false);
      i++;
    }

    const listers = listed.filter((id) => live(id) && (inner === undefined || inner.has(id)));
    for (let i = 0; i < counts.newRecords && listers.length > 0; i++)
      this.newRecord(rng.pick(LANDING_KINDS), rng.pick(listers), undefined, undefined);
  }
}

/** The identifiers of a record that a random setShared may change: those shown by a served block. */
function eligibleIdentifiers(graph: SandboxGraph, node: SkeletonNode | undefined): SharedIdentifier[] {
  if (!node) return [];
  return (Object.keys(SHARED_IDENTIFIERS) as SharedIdentifier[]).filter((identifier) => {
    const spec = SHARED_IDENTIFIERS[identifier];
    return spec.kind === node.kind && spec.blocks.some((b) => blockVariant(graph, node.id, b) === 'present');
  });
}

/** The manager group a company without one shows (records/company.ts). */
function defaultManager(node: SkeletonNode): number {
  return node.manager ?? 8_000_000 + (node.id % 1_000_000);
}

/** The value a record shows for an identifier with `group`, as text (to tell whether a change changes it). */
function sharedValue(seed: number, identifier: SharedIdentifier, node: SkeletonNode, group: number | undefined): string {
  switch (identifier) {
    case 'ip':
      return ipOf(seed, group, node.id);
    case 'nameServers':
      return nameServersOf(group, node.id).join(' ');
    case 'mailServers':
      return mxOf(group, node.id).join(' ');
    case 'registrar':
      return registrarOf(group, node.id);
    case 'manager':
      return personOf(seed, group ?? defaultManager(node)).inn;
    case 'address':
      // records/company.ts: a company without an address group has one of its own.
      return addressOf(seed, group ?? 7_000_000 + (node.id % 1_000_000)).text;
  }
}

/**
 * The title a random retitle gives, or undefined when the record cannot get one: a company a new
 * generated name; a domain with an ASCII key or an e-mail the capitalised form of its key, or the key
 * when it is shown in another case already; phones never (their title is their key).
 */
function autoTitle(seed: number, generation: number, kind: string | undefined, node: SkeletonNode | undefined): string | undefined {
  if (!node || node.id >= SPECIAL_ID_BASE) return undefined;
  if (kind === 'company') {
    for (let k = 0; k < 10; k++) {
      const title = companyName(rngFor(seed, node.id, `retitle-${generation}-${k}`)).shortName;
      if (title !== node.title) return title;
    }
    return undefined;
  }
  const key = node.key;
  if ((kind !== 'domain' && kind !== 'email') || key === undefined || /[^\x00-\x7f]/.test(key)) return undefined;
  if (node.title !== key) return key;
  const capitalised =
    kind === 'domain'
      ? `${key.slice(0, key.lastIndexOf('.')).replace(/(^|-)([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase())}.${key
          .slice(key.lastIndexOf('.') + 1)
          .toUpperCase()}`
      : key.replace(/(^|[.@])([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
  return capitalised === key ? undefined : capitalised;
}
