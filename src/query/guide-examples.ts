/**
 * Where the Browser guide's slides start, for queries whose defaults alone find nothing: the demo graph's records
 * (the seeds `company:6603287918 domain:school.ru email:spavlov643@yandex.ru` of `landing-graph sandbox`, crawled to
 * depth 2), as `--param` assignments. On another graph the analyst changes them; on the demo each slide draws.
 */
export const GUIDE_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  'companies-behind-contact': ['kind=phone', 'key=+79298449349'],
  'find-entity': ['text=ОрионИнвест'],
  neighbourhood: ['kind=company', 'key=6603287918', 'hops=1'],
  'network-of': ['kind=company', 'key=6603287918'],
  // The sandbox's registration dates end with 2024.
  'recent-domains': ['asOf=2025-01-01', 'days=365'],
  'shortest-paths': ['fromKind=company', 'fromKey=6603287918', 'toKind=email', 'toKey=spavlov643@yandex.ru'],
  'what-ties': ['fromKind=company', 'fromKey=6603287918', 'toKind=domain', 'toKey=school.ru'],
};
