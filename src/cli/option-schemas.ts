import { z } from 'zod';

/**
 * zod schemas of command-line option values, with messages naming the option. (networks-command.ts and
 * export-command.ts still hold their own copy of wholeNumber; they can import this one.)
 */

/** A whole number of at least `min`, from the option's text; the message names the option `name`. */
export const wholeNumber = (name: string, min: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be at least ${min}` });
