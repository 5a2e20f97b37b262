/**
 * BranchLanding: a record that appears only inside relatedBranches lists. Its fields are not published,
 * so it is a loose object whose header fields, if present, have the header's types; even id may be
 * absent.
 */
import { z } from 'zod';
import { headerShape, pageId } from './common.js';

export const BranchLandingSchema = z.looseObject({ ...headerShape, id: pageId.nullish() });

export type BranchLanding = z.infer<typeof BranchLandingSchema>;
