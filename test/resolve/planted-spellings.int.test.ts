import { expect } from 'vitest';
import { findCandidates } from '../../src/resolve/index.js';
import { plantNetworks } from '../../src/sandbox/planted/networks.js';
import { measureSpellings } from '../../src/sandbox/planted/spellings.js';
import { crawlSandbox } from '../support/fixtures.js';
import { sandboxTest, withSetUp } from '../support/fixtures.js';
import { resetGraph } from '../support/neo4j.js';

/**
 * resolve on the labelled name variants the sandbox plants (src/sandbox/planted/spellings.ts): twelve
 * companies each with a twin at its address spelled another way (legal form written out, Latin letters with the form
 * first or last, lower case), their managers named founders of the twins with initials, first name first or in
 * Latin letters, and near misses (`…-Плюс` at the same address, a namesake with other initials) that must meet no
 * one. Crawled over HTTP in a 2,000-record world; precision >= 0.95 and recall >= 0.9 over those pairs.
 */
const { graph, truth } = plantNetworks({ records: 2_000 });

const test = withSetUp(sandboxTest({ graph }), async ({ sandbox, driver }) => {
  await resetGraph(driver);
  await crawlSandbox(driver, sandbox, truth.seeds, 1);
});

test('finds the planted spellings of companies and persons, and none of the near misses', async ({ driver, database }) => {
  const { candidates } = await findCandidates(driver, { database });
  const measured = measureSpellings(truth.spellings, (id) => graph.node(id)?.key as string, candidates);
  console.log(
    `planted spellings: precision ${measured.precision.toFixed(3)}, recall ${measured.recall.toFixed(3)} (${measured.found} of ${measured.positives}); wrong: ${measured.wrong.join('; ') || 'none'}; missed: ${measured.missed.join('; ') || 'none'}`,
  );
  expect(measured.positives).toBe(24);
  expect(measured.precision).toBeGreaterThanOrEqual(0.95);
  expect(measured.recall).toBeGreaterThanOrEqual(0.9);
});
