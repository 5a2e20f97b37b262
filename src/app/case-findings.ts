import type { Driver } from 'neo4j-driver';
import type { LandingRef } from '../api/refs.js';
import type { Subgraph } from '../export/index.js';
import { caseFlagsSection, computeFlags } from '../flags/index.js';
import { caseNetworksSection, readCaseNetworks } from '../network/index.js';
import { joinSections, type ReportSection } from '../render/report-section.js';

/**
 * What the case file of `export <seeds> --depth N` opens with: the red flags of the exported records, computed
 * afresh as `flags` would (none in an export as of a date: flags judge the current state), then the seeds'
 * networks as `networks` last wrote them. Two features combined: that is the application layer's to do.
 */
export function caseFindings(
  driver: Driver,
  request: { seeds: LandingRef[]; depth: number; database: string | undefined },
): (subgraph: Subgraph) => Promise<ReportSection> {
  const { seeds, depth, database } = request;
  return async (subgraph) => {
    const asOf = subgraph.provenance.parameters.asOf;
    const params = { seeds: subgraph.provenance.parameters.seeds, depth };
    const flagged =
      asOf === null
        ? caseFlagsSection((await computeFlags(driver, { type: 'seeds', seeds, depth }, { database, write: false })).flags, {
            ...params,
            skipped: null,
          })
        : caseFlagsSection([], {
            ...params,
            skipped: `Flags are computed on the current state of the graph; this export shows it as of ${asOf}, so none are shown.`,
          });
    const networks = caseNetworksSection(await readCaseNetworks(driver, seeds, { database, asOf, depth }));
    return joinSections(flagged, networks);
  };
}
