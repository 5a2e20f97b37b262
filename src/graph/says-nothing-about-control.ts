import { isPublicInfrastructure } from './public-infrastructure.js';

/**
 * Shared values that say nothing about who controls a record, whatever their count: a reader weighing evidence
 * (the case file's shared pivots, and any other report) lists them apart, never as ties. One list, here, by pivot
 * kind (src/graph/pivots/model.ts) and, for hosting, the public-infrastructure list of name and mail servers.
 */
export const NO_CONTROL_REASONS = {
  /** websiteTechnologies: CDNs (Cloudflare), JavaScript libraries (jQuery), site builders (Tilda), analytics, servers. */
  technology: 'web technology: CDN, JavaScript library, site builder, analytics or server software',
  registrar: 'domain registrar',
  activity: 'economic activity code (OKVED)',
  hosting: 'public DNS or mail hosting',
} as const;

export type NoControlReason = keyof typeof NO_CONTROL_REASONS;

/** Why a pivot (by its kind and key, as stored) says nothing about control, or null when it may. */
export function noControlReason(pivotKind: string, key: string): NoControlReason | null {
  if (pivotKind === 'technology' || pivotKind === 'registrar' || pivotKind === 'activity') return pivotKind;
  if ((pivotKind === 'nameServer' || pivotKind === 'mailServer') && isPublicInfrastructure(pivotKind, key)) return 'hosting';
  return null;
}
