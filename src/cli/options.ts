import { z } from 'zod';
import { quoteValue } from '../errors.js';

/** zod schemas of command-line option values, with messages naming the option and the value given. */

const given = (issue: { input?: unknown }) => `(got ${quoteValue(String(issue.input))})`;

/** A whole number of at least `min`, from the option's text; the message names the option `name`. */
export const wholeNumber = (name: string, min: number) =>
  z.coerce
    .number({ error: (issue) => `${name} must be a whole number ${given(issue)}` })
    .int({ error: (issue) => `${name} must be a whole number ${given(issue)}` })
    .min(min, { error: (issue) => `${name} must be at least ${min} ${given(issue)}` });
