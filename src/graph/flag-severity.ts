/**
 * How serious a red flag is, as `(:Flag {severity})` holds it: written by `flags` (src/flags), ranked by `networks`
 * (src/network), so owned here, by the graph's model, rather than by either feature.
 */
export const SEVERITIES = ['high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];
