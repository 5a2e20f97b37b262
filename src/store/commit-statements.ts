/**
 * The statements of one CrawlStore.commit (and of a load's), in the order writeAnswers and frontier-complete
 * run them (pivots/adopt-key-stubs and the fold only when a conflict or a company number calls for them), and
 * the crawler's frontier reads. The bench times their planning; test/store/plans.int.test.ts checks their plans.
 */
export const COMMIT_STATEMENTS = [
  'history/keep-versions',
  'upsert-nodes-by-id',
  'upsert-nodes-by-key',
  'landing-element-ids',
  'upsert-edges',
  'pivots/adopt-key-stubs',
  'pivots/upsert-pivots',
  'pivots/upsert-pivot-links',
  'pivots/upsert-key-links',
  'pivots/find-number-stubs',
  'pivots/fold-key-stubs',
  'history/retire-unseen',
  'frontier-complete',
] as const;

export const FRONTIER_READS = ['frontier-levels', 'frontier-queued-by-kind', 'frontier-page', 'history/fresh-answers'] as const;
