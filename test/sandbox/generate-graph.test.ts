import { describe, expect, it } from 'vitest';
import { LANDING_KINDS, LISTS_OF_KIND, RELATION_LISTS, relationList, type LandingKind } from '../../src/api/kinds.js';
import { generateGraph } from '../../src/sandbox/generate-graph.js';
import { groundTruth } from '../../src/sandbox/ground-truth.js';
import { isValidInn, isValidOgrn } from '../../src/sandbox/identifiers.js';
import { SPECIALS, bulkDomainKey } from '../../src/sandbox/specials.js';

const graph = generateGraph({ records: 2000, seed: 7 });
const titles = (kind: LandingKind): string[] => graph.ids(kind).map((id) => graph.node(id)?.title ?? '');
const keys = (kind: LandingKind): string[] => graph.ids(kind).map((id) => graph.node(id)?.key ?? '');

describe('generateGraph', () => {
  it('gives the same graph for the same seed and records, another for another seed', () => {
    const a = JSON.stringify(groundTruth(generateGraph({ records: 1500, seed: 3 })));
    const b = JSON.stringify(groundTruth(generateGraph({ records: 1500, seed: 3 })));
    const c = JSON.stringify(groundTruth(generateGraph({ records: 1500, seed: 4 })));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it('deals about 40/25/20/15 % of the records to domain/company/email/phone, plus branches, ids 1..N unique', () => {
    expect(graph.recordCount).toBe(2000);
    expect(graph.ids('domain')).toHaveLength(800);
    expect(graph.ids('company')).toHaveLength(500);
    expect(graph.ids('email')).toHaveLength(400);
    expect(graph.ids('phone')).toHaveLength(300);
    expect(graph.ids('branch').length).toBeGreaterThan(100);
    const all = graph.ids();
    expect(all).toEqual(Array.from({ length: graph.nodeCount }, (_, i) => i + 1));
    // Kinds are interleaved, not in blocks.
    expect(new Set(all.slice(0, 50).map((id) => graph.kindOf(id))).size).toBeGreaterThanOrEqual(4);
  });

  it('uses natural keys of the documented forms', () => {
    for (const key of keys('domain')) expect(key).toBe(key.toLowerCase());
    expect(titles('domain').some((t) => /[A-Z]/.test(t))).toBe(true);
    expect(keys('domain').some((k) => /^[а-яё-]+\.рф$/.test(k))).toBe(true);
    for (const key of keys('email')) expect(key).toMatch(/^[^@\sA-Z]+@[^@\sA-Z]+$/);
    expect(titles('email').some((t) => /[A-Z]/.test(t.split('@')[0] ?? '') && t.includes('+'))).toBe(true);
    for (const id of graph.ids('email')) expect(graph.node(id)?.title.toLowerCase()).toBe(graph.node(id)?.key);
    for (const key of keys('phone')) expect(key).toMatch(/^\+\d{11}$/);
    for (const id of graph.ids('company')) {
      const node = graph.node(id);
      expect(isValidInn(node?.key ?? '')).toBe(true);
      expect(node?.key).toMatch(/^\d{10}$/);
      expect(isValidOgrn(node?.ogrn ?? '')).toBe(true);
    }
    expect(titles('company').some((t) => t.includes('"'))).toBe(true);
    for (const kind of LANDING_KINDS) expect(new Set(keys(kind)).size).toBe(graph.ids(kind).length);
  });

  it('finds records by every key form: case-insensitive domain and e-mail, punycode, INN and OGRN', () => {
    const upper = graph.ids('domain').find((id) => /[A-Z]/.test(graph.node(id)?.title ?? '')) as number;
    expect(graph.lookup('domain', graph.node(upper)?.title ?? '')).toBe(upper);
    const company = graph.ids('company')[0] as number;
    expect(graph.lookup('company', graph.node(company)?.key ?? '')).toBe(company);
    expect(graph.lookup('company', graph.node(company)?.ogrn ?? '')).toBe(company);
    const email = graph.ids('email')[0] as number;
    expect(graph.lookup('email', (graph.node(email)?.key ?? '').toUpperCase())).toBe(email);
    const idn = graph.ids('domain').find((id) => graph.node(id)?.key?.endsWith('.рф')) as number;
    expect(graph.lookup('domain', new URL(`http://${graph.node(idn)?.key}`).hostname)).toBe(idn);
    expect(graph.lookup('phone', '79990000000')).toBeUndefined();
  });

  it('is self-consistent: list entries exist with the listed kind, or are one of the dangling ids', () => {
    const dangling = new Set(graph.danglingIds);
    expect(graph.danglingIds.length).toBe(5);
    const listedDangling = new Set<number>();
    for (const kind of LANDING_KINDS) {
      for (const id of graph.ids(kind)) {
        for (const { field } of RELATION_LISTS) {
          const list = Array.from(graph.list(id, field));
          if (!LISTS_OF_KIND[kind].includes(field)) expect(list).toEqual([]);
          for (const entry of list) {
            if (dangling.has(entry)) listedDangling.add(entry);
            else expect(graph.kindOf(entry)).toBe(relationList(field).target);
          }
          expect(new Set(list).size).toBe(list.length);
        }
      }
    }
    expect(listedDangling).toEqual(dangling);
    for (const id of graph.danglingIds) expect(graph.node(id)).toBeUndefined();
  });

  it('has symmetric relations (cycles) and one-way ones', () => {
    let symmetric = 0;
    let oneWay = 0;
    for (const id of graph.ids('company')) {
      for (const domain of Array.from(graph.list(id, 'relatedDomains'))) {
        if (Array.from(graph.list(domain, 'relatedCompanies')).includes(id)) symmetric++;
        else oneWay++;
      }
    }
    expect(symmetric).toBeGreaterThan(oneWay);
    expect(oneWay).toBeGreaterThan(0);
  });

  it('has hubs with thousands of entries (default 3 hubs of min(3000, records/2))', () => {
    const big = generateGraph({ records: 10_000, seed: 1 });
    expect(big.hubIds).toHaveLength(3);
    for (const hub of big.hubIds) {
      const kind = big.kindOf(hub) as LandingKind;
      const total = LISTS_OF_KIND[kind].reduce((n, f) => n + big.list(hub, f).length, 0);
      expect(total).toBeGreaterThanOrEqual(3000);
      expect(Math.max(...LISTS_OF_KIND[kind].map((f) => big.list(hub, f).length))).toBeGreaterThan(1000);
    }
    expect(generateGraph({ records: 500 }).hubIds).toHaveLength(1);
  });

  it('keeps shared identifiers in the ground truth', () => {
    const { shared } = groundTruth(graph);
    for (const list of [shared.ip, shared.nameServer, shared.registrar, shared.mx, shared.requisitesInn]) {
      expect(list.length).toBeGreaterThan(0);
      for (const group of list) expect(group.domainIds.length).toBeGreaterThan(1);
    }
    expect(shared.manager.length).toBeGreaterThan(0);
    expect(shared.manager[0]?.inn).toMatch(/^\d{12}$/);
    expect(shared.address.length).toBeGreaterThan(0);
  });

  it('adds the documented special records', () => {
    const g = generateGraph({ records: 200, specials: true });
    expect(g.node(SPECIALS.hostileTitle.id)?.title).toBe("'}) DETACH DELETE n //");
    expect(g.lookup('company', SPECIALS.hostileTitle.inn)).toBe(SPECIALS.hostileTitle.id);
    expect(g.lookup('company', SPECIALS.emojiTitle.ogrn)).toBe(SPECIALS.emojiTitle.id);
    expect(g.list(SPECIALS.bigList.id, 'relatedDomains')).toHaveLength(10_000);
    expect(g.lookup('domain', bulkDomainKey(10_000))).toBe(SPECIALS.bigList.bulkFirstId + 9_999);
    expect(Array.from(g.list(SPECIALS.selfReference.id, 'relatedCompanies'))).toContain(SPECIALS.selfReference.id);
    expect(Array.from(g.list(SPECIALS.duplicatedEntry.id, 'relatedEmails'))).toEqual([SPECIALS.quotedEmail.id, SPECIALS.quotedEmail.id]);
    expect(g.lookup('domain', SPECIALS.hugeRecord.key)).toBe(SPECIALS.hugeRecord.id);
    expect(g.lookup('email', SPECIALS.quotedEmail.title)).toBe(SPECIALS.quotedEmail.id);
    for (const c of [SPECIALS.hostileTitle, SPECIALS.quotesTitle, SPECIALS.emojiTitle, SPECIALS.bigList, SPECIALS.selfReference]) {
      expect(isValidInn(c.inn) && isValidOgrn(c.ogrn)).toBe(true);
    }
  });

  it('refuses bad options with a CONFIG_INVALID error naming the option', () => {
    expect(() => generateGraph({ records: 0 })).toThrow(/records/);
    expect(() => generateGraph({ records: 1.5 })).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
    expect(() => generateGraph({ seed: -1 })).toThrow(/seed/);
  });

  it('builds tiny graphs too', () => {
    for (const records of [1, 2, 3, 5, 19]) expect(generateGraph({ records }).recordCount).toBe(records);
  });
});
