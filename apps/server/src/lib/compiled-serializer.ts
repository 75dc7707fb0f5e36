import fastJsonStringify, { type Schema } from "fast-json-stringify";
import { type ZodType, z } from "zod";

/**
 * A response serialiser compiled from a zod schema ("a cheap session check"): the
 * schema becomes JSON Schema once, at start, and fast-json-stringify writes exactly its
 * properties (anything else, e.g. the user's internal familyId, is left out as zod would strip
 * it), about four times faster than zod's parse-then-stringify. What it does not do is check the
 * answer against the schema, so it is only for answers built in one typed place: the session
 * check every screen asks. Other routes keep zod's checking serialiser.
 */
export function compiledSerializer(schema: ZodType): (data: unknown) => string {
  const json = flattenNullable(z.toJSONSchema(schema, { target: "draft-7", io: "output" }));
  return fastJsonStringify(json as Schema);
}

/** For a route's `serializerCompiler` option, whose response schemas are zod schemas. */
export function compiledSerializerCompiler<Schema>({ schema }: { schema: Schema }): (data: unknown) => string {
  return compiledSerializer(schema as ZodType);
}

/**
 * zod writes `x | null` as `anyOf: [x, {type: "null"}]`, which fast-json-stringify can only write
 * by validating each value against both branches; `type: [x's type, "null"]` is the same schema
 * and needs no validation.
 */
function flattenNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(flattenNullable);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = flattenNullable(value);
  const anyOf = out.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return out;
  const nullAt = anyOf.findIndex((branch) => isNullType(branch));
  const other = anyOf[1 - nullAt] as Record<string, unknown> | undefined;
  if (nullAt < 0 || typeof other?.type !== "string") return out;
  const { anyOf: _dropped, ...rest } = out;
  return { ...rest, ...other, type: [other.type, "null"] };
}

function isNullType(branch: unknown): boolean {
  return (
    typeof branch === "object" &&
    branch !== null &&
    (branch as { type?: unknown }).type === "null" &&
    Object.keys(branch).length === 1
  );
}
