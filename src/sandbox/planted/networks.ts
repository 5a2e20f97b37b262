import type { LandingKind } from '../../api/kinds.js';
import { generateGraph } from '../generate-graph.js';
import { GraphAssembler } from '../graph-store.js';
import type { SandboxGraph, SkeletonNode } from '../graph-types.js';
import { legalInn, mobilePhone, ogrn } from '../identifiers.js';
import { companyName } from '../naming.js';
import { rngFor } from '../prng.js';
import { ACTIVITIES } from '../records/vocab-records.js';
import { addressOf, cityOfAddress, ipOf, personOf, registrationYear } from '../shared-values.js';
import { type FlagPatterns, plantFlagPatterns } from './flags.js';
import { plantSpellings, type SpellingPairs } from './spellings.js';

/**
 * A small world with planted company networks, for testing `landing-graph networks`: groups of companies that
 * share officers, a registration address and contact phones and e-mails, with their domains, plus noise that
 * must not merge them:
 * - a nominee director: manager of `nomineeCompanies` filler companies and a founder of one company per network;
 * - a mass-registration address of `massAddressCompanies` fillers and one company per network;
 * - a webmail contact (an e-mail record) listed by a quarter of the fillers and one company per network;
 * - a hosting IP of every network domain and 40 filler domains;
 * - one weak tie between networks 0 and 1: a domain of each uses the same mail server;
 * - name servers shared across every network: Cloudflare's, and a hosting company's (SHARED_NS);
 * - in each network its 4th company lists its 5th as a competitor (they share an officer and the address), and
 *   five pairs of fillers list each other as competitors sharing only hubs (decoys for `flags`);
 * - in each network a shadow site whose WhoIs names its first company, which does not list it (its second does);
 * - three small networks (two companies sharing an officer and address, a site each) whose sites share only a
 *   hosting company's name servers (SMALL_NS) with each other: joined, they make one group of at most
 *   --split-above members, which Louvain never splits, so only the rule that weak evidence never joins two groups
 *   keeps them apart (the finding: one reported network held four planted ones tied by name servers).
 * Everything else is unique to its record. Built with GraphAssembler like generate-graph.ts; served by
 * startSandbox({ graph }).
 */
export interface PlantOptions {
  /** Planted networks. Default 6. */
  networks?: number;
  /** Companies per network (at least 5). Default 5. */
  companies?: number;
  /** Filler companies (the noise's other holders). Default 200. */
  fillers?: number;
  /** Fillers managed by the nominee director. Default 150. */
  nomineeCompanies?: number;
  /**
   * Plant into a generated sandbox world of this many records (generate-graph.ts), whose domains share public DNS,
   * mail and hosting with the planted ones. Default: no world, the planted records alone.
   */
  records?: number;
  seed?: number;
}

export interface PlantedNetwork {
  /** Every record of the network (companies, domains, phones, e-mails). */
  members: { kind: LandingKind; id: number; key: string }[];
}

export interface PlantedTruth {
  networks: PlantedNetwork[];
  /** The three small networks tied to each other by name servers only (SMALL_NS). */
  smallNetworks: PlantedNetwork[];
  /** The filler companies (each tied to nothing but the noise). */
  fillers: number[];
  /** The noise identifiers as `networks` names them (evidence kind and key). */
  noise: {
    nominee: { kind: 'officer'; key: string };
    /** The address as served (the pivot key is its folded form). */
    massAddress: { kind: 'address'; text: string };
    webmail: { kind: 'email'; key: string };
    hostingIp: { kind: 'ip'; key: string };
  };
  /** The red-flag patterns and their decoys (flags.ts). */
  flags: FlagPatterns;
  /** Labelled name variants for resolve (spellings.ts). */
  spellings: SpellingPairs;
  /** Every company: seeds of a depth-1 crawl that fetches the whole world. */
  seeds: { kind: 'company'; id: number }[];
}

const NOMINEE = 0;
const MASS_ADDRESS = 0;
const HOSTING_IP = 0;
/**
 * Name servers the networks' domains share with strangers, by the domain's place in its network: Cloudflare's
 * (NAME_SERVER_PAIRS[4], public infrastructure) for the first, a hosting company's own (not on any list, held by
 * one domain of every network, under --max-shared) for the second and third. Counted over this small world, each
 * ties the networks together; only weak evidence, it must never join them.
 */
const SHARED_NS: readonly (number | undefined)[] = [4, 7777, 7777];
/** The name servers of the small networks: a hosting company's, shared by them and nothing else planted. */
const SMALL_NS = 8888;
const WEBMAIL = 'zakaz.office@mail.ru';
const DAY = 86_400_000;

/**
 * In a generated world, the planted people, addresses and mail groups, and the serials of INNs and phones, start
 * above the world's own (its groups are below 11,000,000, its serials below its record count): the planted networks
 * share with strangers only what is meant to be shared (name servers, the hosting IP).
 */
const WORLD_GROUPS = 30_000_000;
const WORLD_SERIALS = 5_000_000;

export function plantNetworks(options: PlantOptions = {}): { graph: SandboxGraph; truth: PlantedTruth } {
  const seed = options.seed ?? 7;
  if (options.records === undefined) {
    const asm = new GraphAssembler();
    const truth = plantInto(asm, 1, 0, 0, options, seed);
    return { graph: asm.finish({ seed }), truth };
  }
  let truth: PlantedTruth | undefined;
  const graph = generateGraph({
    records: options.records,
    seed,
    plant: (asm, firstFreeId) => {
      truth = plantInto(asm, firstFreeId, WORLD_GROUPS, WORLD_SERIALS, options, seed);
    },
  });
  return { graph, truth: truth as PlantedTruth };
}

function plantInto(
  asm: GraphAssembler,
  firstId: number,
  groups: number,
  serials: number,
  options: PlantOptions,
  seed: number,
): PlantedTruth {
  const networkCount = options.networks ?? 6;
  const perNetwork = Math.max(5, options.companies ?? 5);
  const fillerCount = options.fillers ?? 200;
  const nomineeCount = Math.min(fillerCount, options.nomineeCompanies ?? 150);
  let nextId = firstId;
  let serial = serials;
  const add = (node: Omit<SkeletonNode, 'id'>): number => {
    const id = nextId++;
    asm.addNode({ ...node, id } as SkeletonNode);
    return id;
  };
  // Every company active, registered in 2012, its sites created from 2016, with revenue: no red flag but planted ones.
  const companyWith = (planted: { address: number; manager: number } & Partial<SkeletonNode>): number => {
    const id = nextId;
    const fields = {
      ...planted,
      address: planted.address + groups,
      manager: planted.manager + groups,
      ...(planted.founders ? { founders: planted.founders.map((f) => (f >= 0 ? f + groups : f)) } : {}),
    };
    const region = cityOfAddress(seed, fields.address)[1];
    const s = serial++;
    return add({
      kind: 'company',
      title: companyName(rngFor(seed, id, 'name')).shortName,
      key: legalInn(region, s, seed),
      ogrn: ogrn(registrationYear(seed, id), region, s, seed),
      category: id % ACTIVITIES.length,
      status: 'active',
      registeredOn: Date.UTC(2012, 2, 15) + (id % 300) * DAY,
      ...fields,
    });
  };
  const company = (address: number, manager: number, founders: number[]): number => companyWith({ address, manager, founders });
  const domain = (key: string, owner: number, mx: number | undefined, ns: number | undefined, createdOn?: number): number =>
    add({
      kind: 'domain',
      title: key,
      key,
      owner,
      category: 0,
      ip: HOSTING_IP,
      createdOn: createdOn ?? Date.UTC(2016, 5, 1) + (nextId % 300) * DAY,
      ...(mx === undefined ? {} : { mx: mx + groups }),
      ...(ns === undefined ? {} : { ns }),
    });
  const phone = (owner: number): number => {
    const key = mobilePhone(serial++, seed);
    return add({ kind: 'phone', title: key, key, owner });
  };
  const email = (key: string, owner: number | undefined): number =>
    add({ kind: 'email', title: key, key, ...(owner === undefined ? {} : { owner }) });

  const webmail = email(WEBMAIL, undefined);
  const networks: PlantedNetwork[] = [];
  const companies: number[] = [];
  for (let k = 0; k < networkCount; k++) {
    const officer = 1000 + 2 * k;
    const second = 1001 + 2 * k;
    const address = 1000 + k;
    // c0: the network's officer, the nominee as co-founder; c1: at the mass address; c2 lists the webmail.
    const c: number[] = [];
    c.push(company(address, officer, [officer, NOMINEE]));
    c.push(company(MASS_ADDRESS, officer, [officer]));
    c.push(company(address, officer, [officer]));
    for (let i = 3; i < perNetwork; i++) c.push(company(address, second, i === 3 ? [officer] : [second]));
    const mx = 100 + k;
    const d = Array.from({ length: perNetwork + 1 }, (_, i) =>
      domain(`net${k}-site${i}.ru`, c[i % perNetwork] as number, i === perNetwork && k < 2 ? 999 : mx, SHARED_NS[i]),
    );
    const p = [phone(c[0] as number), phone(c[3] as number), phone(c[1] as number)];
    const e = [email(`office@net${k}-site0.ru`, c[0]), email(`sales@net${k}-site1.ru`, c[3]), email(`info@net${k}-site2.ru`, c[2])];
    for (const [i, dom] of d.entries()) asm.relate(c[i % perNetwork] as number, dom);
    for (const who of [c[0], c[1], c[2], d[0], d[1]]) asm.relate(who as number, p[0] as number);
    for (const who of [c[3], c[4], d[3]]) asm.relate(who as number, p[1] as number);
    for (const who of [c[1], d[perNetwork]]) asm.relate(who as number, p[2] as number);
    for (const who of [c[0], c[1]]) asm.relate(who as number, e[0] as number);
    for (const who of [c[3], c[4]]) asm.relate(who as number, e[1] as number);
    asm.relate(c[2] as number, e[2] as number);
    asm.relate(e[0] as number, d[0] as number);
    asm.relate(e[1] as number, d[1] as number);
    asm.relate(e[2] as number, d[2] as number);
    asm.relate(c[2] as number, webmail);
    // Listed as competitors, yet under one control (they share an officer and the address): `flags` must find them.
    asm.edge(c[3] as number, 'competitorCompanies', c[4] as number);
    // A site whose WhoIs names c0 as registrant while c0 does not list it (c1 does): registrant-mismatch.
    const shadow = domain(`net${k}-shadow.ru`, c[0] as number, mx, undefined);
    asm.relate(c[1] as number, shadow, true);
    companies.push(...c);
    const ids = [...c, ...d, shadow, ...p, ...e];
    networks.push({ members: ids.map((id) => refOf(asm.node(id) as SkeletonNode)) });
  }
  const fillers: number[] = [];
  for (let i = 0; i < fillerCount; i++) {
    const officer = i < nomineeCount ? NOMINEE : 20_000 + i;
    // Filler 4 is liquidated and lists the webmail: a decoy for liquidated-serves-live (a hub serves nobody).
    const f = companyWith({
      address: MASS_ADDRESS,
      manager: officer,
      founders: [officer],
      ...(i === 4 ? { status: 'liquidated', whole: true } : {}),
    });
    fillers.push(f);
    if (i % 4 === 0) asm.relate(f, webmail);
    if (i < 40) asm.relate(f, domain(`filler${i}.ru`, f, undefined, undefined));
  }
  companies.push(...fillers);
  const flags = plantFlagPatterns({
    company: companyWith,
    domain: (key, owner, createdOn) => domain(key, owner, undefined, undefined, createdOn),
    phone,
    relate: (a, b) => asm.relate(a, b),
    succeed: (predecessor, successor) => {
      const mutable = (id: number) => asm.node(id) as { predecessors?: number[]; successors?: number[] };
      mutable(successor).predecessors = [...(mutable(successor).predecessors ?? []), predecessor];
      mutable(predecessor).successors = [...(mutable(predecessor).successors ?? []), successor];
    },
  });
  if (fillers[4] !== undefined) flags.decoys.liquidatedServesLive.push(fillers[4]);
  companies.push(...flags.companies);
  const spellings = plantSpellings(
    {
      company: companyWith,
      nameOf: (id) => companyName(rngFor(seed, id, 'name')),
      person: (group) => personOf(seed, group + groups),
    },
    5_000,
  );
  companies.push(...spellings.companies.flat(), ...spellings.strangers);
  // Planted last, so that every id and serial planted before is what it was without them.
  const smallNetworks: PlantedNetwork[] = [];
  for (let k = 0; k < 3; k++) {
    const officer = 1100 + k;
    // Served whole (no block left out), so that what ties each pair is always there.
    const member = () => companyWith({ address: 1100 + k, manager: officer, founders: [officer], whole: true });
    const pair = [member(), member()];
    const sites = pair.map((owner, i) => domain(`small${k}-site${i}.ru`, owner, 200 + k, SMALL_NS));
    for (const [i, owner] of pair.entries()) asm.relate(owner, sites[i] as number);
    companies.push(...pair);
    smallNetworks.push({ members: [...pair, ...sites].map((id) => refOf(asm.node(id) as SkeletonNode)) });
  }
  // Decoys: competitors that share only hubs (the nominee, the mass address), which tie nothing.
  for (let i = 0; i + 1 < Math.min(10, fillers.length); i += 2)
    asm.edge(fillers[i] as number, 'competitorCompanies', fillers[i + 1] as number);
  const nominee = personOf(seed, NOMINEE + groups);
  return {
    networks,
    smallNetworks,
    fillers,
    flags,
    spellings,
    noise: {
      nominee: { kind: 'officer', key: `inn:${nominee.inn}` },
      massAddress: { kind: 'address', text: addressOf(seed, MASS_ADDRESS + groups).text },
      webmail: { kind: 'email', key: WEBMAIL },
      hostingIp: { kind: 'ip', key: ipOf(seed, HOSTING_IP, 0) },
    },
    seeds: companies.map((id) => ({ kind: 'company' as const, id })),
  };
}

function refOf(node: SkeletonNode): { kind: LandingKind; id: number; key: string } {
  return { kind: node.kind as LandingKind, id: node.id, key: node.key as string };
}
