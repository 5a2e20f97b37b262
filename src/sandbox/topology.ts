import type { RelationField } from '../api/kinds.js';
import type { Entities } from './entities.js';
import type { GraphAssembler } from './graph-store.js';
import type { Rng } from './prng.js';

/** Share of related pairs that are listed on one side only (A lists B, B does not list A). */
export const ONE_WAY_SHARE = 0.05;

/**
 * The relation lists of the generated graph: companies and what they own list each other (cycles),
 * domains of one owner list each other, e-mails list the domain they are at, companies that share a
 * person or were founded by one another list each other, similar and competitor lists stay within an
 * activity category and are mostly one-way.
 */
export function buildRelations(asm: GraphAssembler, entities: Entities, rng: Rng): void {
  const relate = (a: number, b: number): void => {
    if (a === b) return;
    if (!rng.chance(ONE_WAY_SHARE)) asm.relate(a, b);
    else if (rng.chance(0.5)) asm.relate(a, b, true);
    else asm.relate(b, a, true);
  };
  const { nodes, ids, owned, emailHost } = entities;

  for (const [company, own] of owned) {
    for (const id of [...own.domains, ...own.emails, ...own.phones]) relate(company, id);
    for (const branch of own.branches) asm.relate(company, branch);
    linkGroup(own.domains, relate);
    linkGroup(own.emails, relate);
    for (const domain of own.domains) {
      for (const phone of rng.sample(own.phones, 2)) relate(domain, phone);
      for (const branch of own.branches.slice(0, rng.int(0, 2))) asm.relate(domain, branch);
    }
    for (const phone of own.phones) {
      if (own.branches.length > 0 && rng.chance(0.5)) asm.relate(phone, rng.pick(own.branches));
    }
    const firstPhone = own.phones[0];
    if (firstPhone !== undefined) for (const email of own.emails) relate(email, firstPhone);
  }
  for (const [email, domain] of emailHost) relate(email, domain);
  for (const id of [...ids.email, ...ids.phone]) {
    if (nodes[id - 1]?.owner === undefined && ids.domain.length > 0 && rng.chance(0.7)) relate(id, rng.pick(ids.domain));
  }

  // Companies that share a manager or founder, or founded one another.
  const byPerson = new Map<number, number[]>();
  for (const id of ids.company) {
    const node = nodes[id - 1];
    if (!node) continue;
    const people = new Set(node.founders ?? []);
    if (node.manager !== undefined) people.add(node.manager);
    for (const person of people) {
      if (person < 0) {
        relate(id, -person);
        continue;
      }
      let list = byPerson.get(person);
      if (!list) byPerson.set(person, (list = []));
      list.push(id);
    }
  }
  for (const companies of byPerson.values()) linkGroup(companies.slice(0, 50), relate);

  linkWithinCategory(asm, rng, entities, ids.domain, 'similarDomains', 4, 0.4);
  linkWithinCategory(asm, rng, entities, ids.domain, 'competitorDomains', 3, 0.3);
  linkWithinCategory(asm, rng, entities, ids.company, 'similarCompanies', 4, 0.4);
  linkWithinCategory(asm, rng, entities, ids.company, 'competitorCompanies', 2, 0.3);
}

/** Everyone with everyone for small groups, a ring (a cycle) for larger ones. */
function linkGroup(group: readonly number[], relate: (a: number, b: number) => void): void {
  if (group.length < 2) return;
  if (group.length <= 4) {
    for (let i = 0; i < group.length; i++) for (let j = i + 1; j < group.length; j++) relate(group[i] as number, group[j] as number);
    return;
  }
  for (let i = 0; i < group.length; i++) relate(group[i] as number, group[(i + 1) % group.length] as number);
}

function linkWithinCategory(
  asm: GraphAssembler,
  rng: Rng,
  entities: Entities,
  ids: readonly number[],
  field: RelationField,
  most: number,
  reciprocal: number,
): void {
  const buckets = new Map<number, number[]>();
  for (const id of ids) {
    const category = entities.nodes[id - 1]?.category ?? 0;
    let bucket = buckets.get(category);
    if (!bucket) buckets.set(category, (bucket = []));
    bucket.push(id);
  }
  for (const id of ids) {
    const bucket = buckets.get(entities.nodes[id - 1]?.category ?? 0) ?? [];
    if (bucket.length < 2) continue;
    const count = rng.int(0, most);
    for (let i = 0; i < count; i++) {
      const other = rng.pick(bucket);
      if (other === id) continue;
      asm.edge(id, field, other);
      if (rng.chance(reciprocal)) asm.edge(other, field, id);
    }
  }
}
