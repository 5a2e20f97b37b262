import { describe, expect, it } from 'vitest';
import { companyName as nameOf } from '../../src/graph/names/names.js';
import { createEntities } from '../../src/sandbox/entities.js';
import { countsFor, generateGraph } from '../../src/sandbox/generate-graph.js';
import { groundTruth } from '../../src/sandbox/ground-truth.js';
import { otherSpelling } from '../../src/sandbox/naming.js';
import { buildRecord } from '../../src/sandbox/records/build-record.js';
import { NAMED_WITHOUT_INN, personOf, withoutInn } from '../../src/sandbox/shared-values.js';

/** The near-duplicates the sandbox plants for `landing-graph resolve` (src/sandbox/near-duplicates.ts). */

type Officer = { inn: string; name: string; type: string };
type Company = {
  companyInfo: { registrationAddress: string };
  companyManagersAndFounders: { managers: Officer[]; founders: Officer[] };
};

const graph = generateGraph({ records: 2000, seed: 1 });
const planted = createEntities(1, countsFor(2000)).nearDuplicates;
const company = (id: number) => buildRecord(graph, 'company', id) as unknown as Company;

describe('near-duplicates', () => {
  it('plants five of each kind in the demo graph, the same every time, none in a small graph', () => {
    expect(planted.renamed).toHaveLength(5);
    expect(planted.founderWithoutInn).toHaveLength(5);
    expect(planted.namesakeAtAddress).toHaveLength(5);
    expect(createEntities(1, countsFor(2000)).nearDuplicates).toEqual(planted);
    expect(createEntities(2, countsFor(2000)).nearDuplicates).not.toEqual(planted);
    expect(createEntities(1, countsFor(300)).nearDuplicates).toEqual({ renamed: [], founderWithoutInn: [], namesakeAtAddress: [] });
    const ids = [...planted.renamed.flat(), ...planted.founderWithoutInn, ...planted.namesakeAtAddress.flat()];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('renamed: a company at the address of an earlier one, under its name spelled another way, with its own INN', () => {
    for (const [first, later] of planted.renamed) {
      const a = company(first);
      const b = company(later);
      expect(b.companyInfo.registrationAddress).toBe(a.companyInfo.registrationAddress);
      expect(graph.node(later)?.key).not.toBe(graph.node(first)?.key);
      const [x, y] = [graph.node(first)?.title ?? '', graph.node(later)?.title ?? ''];
      expect(y).not.toBe(x);
      expect(nameOf(y).core).toBe(nameOf(x).core);
      expect(nameOf(y).form).toBe(nameOf(x).form);
    }
  });

  it('founderWithoutInn: the manager with an INN, the same name as a founder without one', () => {
    for (const id of planted.founderWithoutInn) {
      const { managers, founders } = company(id).companyManagersAndFounders;
      const manager = managers[0] as Officer;
      expect(manager.inn).toMatch(/^\d{12}$/);
      expect(founders).toContainEqual(expect.objectContaining({ name: manager.name, inn: '', type: 'PERSON' }));
      expect(founders.some((f) => f.inn === manager.inn)).toBe(false);
    }
  });

  it('namesakeAtAddress: the manager of one company a founder, without an INN, of another at its address', () => {
    for (const [first, later] of planted.namesakeAtAddress) {
      const a = company(first);
      const b = company(later);
      const manager = a.companyManagersAndFounders.managers[0] as Officer;
      expect(b.companyInfo.registrationAddress).toBe(a.companyInfo.registrationAddress);
      expect(b.companyManagersAndFounders.founders).toContainEqual(expect.objectContaining({ name: manager.name, inn: '' }));
      expect([...b.companyManagersAndFounders.managers, ...b.companyManagersAndFounders.founders].map((p) => p.inn)).not.toContain(
        manager.inn,
      );
    }
  });

  it('a person named without an INN shares nothing in the ground truth', () => {
    expect(groundTruth(graph).shared.manager.every((p) => /^\d{12}$/.test(p.inn))).toBe(true);
  });

  it('withoutInn names a pool person without the INN; otherSpelling writes the legal form out', () => {
    expect(personOf(1, withoutInn(42))).toEqual({ name: personOf(1, 42).name, inn: '' });
    expect(withoutInn(42)).toBe(NAMED_WITHOUT_INN + 42);
    expect(() => withoutInn(NAMED_WITHOUT_INN)).toThrow(RangeError);
    expect(personOf(1, 10_000_000).inn).toMatch(/^\d{12}$/);
    expect(
      otherSpelling({
        shortName: 'ООО "Ромашка-М"',
        fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "РОМАШКА-М"',
        opf: 'Общество с ограниченной ответственностью',
      }),
    ).toBe('Общество с ограниченной ответственностью «РОМАШКА-М»');
  });
});
