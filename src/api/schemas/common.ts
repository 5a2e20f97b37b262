/**
 * Building blocks shared by all landing record schemas: the common header, the unpublished SearchTag,
 * date values and the helpers that make every field optional and nullable and every object loose.
 *
 * The specification does not say which fields may be absent or null, so every field may be either;
 * it does not publish some shapes either, so every object lets unknown fields pass through untouched.
 * Nothing here transforms, defaults or coerces: a parsed record deep-equals its JSON.
 */
import { z } from 'zod';

/** The Date format is not published: seen as ISO text or as epoch milliseconds, so both are accepted. */
export const dateValue = z.union([z.string(), z.number()], { error: 'expected a date (a string or a number)' });

const NON_NEGATIVE_INTEGER = 'expected a non-negative integer';
/** The unique page number of a record: the key a record is stored under. */
export const pageId = z.int({ error: NON_NEGATIVE_INTEGER }).min(0, { error: NON_NEGATIVE_INTEGER });

export const text = z.string();
export const number = z.number();
export const flag = z.boolean();
export const texts = z.array(z.string());

/** A shape whose fields may each be absent or null. */
export type NullishShape<S extends Record<string, z.ZodType>> = { [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>> };

export function nullishFields<S extends Record<string, z.ZodType>>(shape: S): NullishShape<S> {
  const result: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(shape)) result[key] = schema.nullish();
  return result as NullishShape<S>;
}

/** A loose object of the given fields, each optional and nullable. */
export function block<S extends Record<string, z.ZodType>>(shape: S) {
  return z.looseObject(nullishFields(shape));
}

/** A Date field and its text twin, e.g. creationDate and creationDateString. */
export function datePair<N extends string>(name: N) {
  return { [name]: dateValue, [`${name}String`]: text } as { [K in N]: typeof dateValue } & { [K in `${N}String`]: typeof text };
}

/** A block marked (U) in the specification: it also carries updateDate and updateDateString. */
export function updatable<S extends Record<string, z.ZodType>>(shape: S) {
  return block({ ...shape, ...datePair('updateDate') });
}

/** SearchTag: its fields are not published. */
export const SearchTagSchema = z.looseObject({});

/** The common header of every record kind; id is required because a record is stored under it. */
export const headerShape = {
  id: pageId,
  ...nullishFields({ title: text, href: text, provider: text, searchTags: z.array(SearchTagSchema) }),
};
export type HeaderShape = typeof headerShape;

/** Activity of a website or a company (DomainCategories, CompanyCategories): one shape for both. */
export const CategoriesSchema = updatable({ categories: texts, cities: texts });
