import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/** Schema kinds that only check a value and hand it back as it is. */
const VALUE_TYPES = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'symbol',
  'null',
  'undefined',
  'void',
  'never',
  'any',
  'unknown',
  'date',
  'nan',
  'literal',
  'enum',
  'template_literal',
]);

interface SchemaDef {
  type: string;
  checks?: Array<{ _zod: { def: { check: string } } }>;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  innerType?: $ZodType;
}

/**
 * True when validating against `schema` can only accept or refuse data, never change it: no
 * transforms, pipes or codecs, no defaults or catches, no overwriting checks (trim, toLowerCase).
 * Zod's parse and encode then give the same answer. Anything not known to be so counts as not.
 */
export function isCheckOnly(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as unknown as SchemaDef;
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) return false;
  const all = (schemas: ($ZodType | null | undefined)[]) => schemas.every((s) => !s || isCheckOnly(s, seen));
  if (VALUE_TYPES.has(def.type)) return true;
  switch (def.type) {
    case 'object':
      return all([...Object.values(def.shape ?? {}), def.catchall]);
    case 'array':
      return all([def.element]);
    case 'tuple':
      return all([...(def.items ?? []), def.rest]);
    case 'union':
      return all(def.options ?? []);
    case 'intersection':
      return all([def.left, def.right]);
    case 'record':
      return all([def.keyType, def.valueType]);
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
      return all([def.innerType]);
    default:
      return false;
  }
}

/**
 * fastify-type-provider-zod's serializer, with the same guarantee: every answer is checked against
 * its route's response schema, and one that does not match fails with a ResponseSerializationError
 * (a 500) instead of leaving. It checks with `encode`, which Zod runs without the compiled fast path
 * its `parse` has (three times slower on the wallet's answer); for a schema that only checks (see
 * isCheckOnly) parse is the same check, so those are checked with parse. Any other schema goes to
 * the library's serializer unchanged.
 */
export const serializerCompiler: typeof zodSerializerCompiler = (routeSchema) => {
  const { schema, method, url } = routeSchema;
  if (!(schema instanceof $ZodType) || !isCheckOnly(schema)) return zodSerializerCompiler(routeSchema);
  return (data) => {
    const result = safeParse(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
