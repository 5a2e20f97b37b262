/**
 * EmailLanding and PhoneLanding: the records of an e-mail address and of a telephone number. Both are
 * the common header plus the five related lists, nothing else.
 */
import type { z } from 'zod';
import { landingRecordSchema, type LandingSchema } from './relations.js';

// Annotated: the relation lists make the record types refer to each other.
export const EmailLandingSchema: LandingSchema<'email'> = landingRecordSchema('email', {});
export const PhoneLandingSchema: LandingSchema<'phone'> = landingRecordSchema('phone', {});

export type EmailLanding = z.infer<typeof EmailLandingSchema>;
export type PhoneLanding = z.infer<typeof PhoneLandingSchema>;
