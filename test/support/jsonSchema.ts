/**
 * A small JSON Schema checker for the keywords docs/schema.json uses: $ref to
 * #/$defs, oneOf, allOf, type, enum, const, properties, required,
 * additionalProperties: false, items, minimum, maximum, exclusiveMinimum,
 * minLength and format date-time. Returns the problems (empty: valid).
 */
export type Schema = Record<string, unknown>;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const KNOWN = new Set([
  '$schema',
  '$id',
  'title',
  'description',
  '$defs',
  '$ref',
  'oneOf',
  'allOf',
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'minLength',
  'format',
]);

export function validate(root: Schema, value: unknown, schema: Schema = root, path = '$'): string[] {
  for (const k of Object.keys(schema))
    if (!KNOWN.has(k)) return [`${path}: the checker does not know the keyword ${k}`];
  const errs: string[] = [];
  if (typeof schema.$ref === 'string') {
    const name = /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name === undefined ? undefined : (root.$defs as Record<string, Schema> | undefined)?.[name];
    if (!target) return [`${path}: unresolvable $ref ${schema.$ref}`];
    errs.push(...validate(root, value, target, path));
  }
  if (Array.isArray(schema.allOf))
    for (const s of schema.allOf as Schema[]) errs.push(...validate(root, value, s, path));
  if (Array.isArray(schema.oneOf)) {
    const results = (schema.oneOf as Schema[]).map((s) => validate(root, value, s, path));
    const passing = results.filter((r) => r.length === 0).length;
    if (passing !== 1)
      errs.push(`${path}: matches ${passing} of oneOf (${results.map((r) => r[0] ?? 'ok').join(' | ')})`);
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    const t = typeOf(value);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number')))
      return [...errs, `${path}: ${t} is not ${types.join('|')}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    errs.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if ('const' in schema && schema.const !== value)
    errs.push(`${path}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      errs.push(`${path}: ${value} < ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      errs.push(`${path}: ${value} > ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
      errs.push(`${path}: ${value} ≤ ${schema.exclusiveMinimum}`);
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength)
      errs.push(`${path}: shorter than ${schema.minLength}`);
    if (schema.format === 'date-time' && !(ISO.test(value) && Number.isFinite(Date.parse(value))))
      errs.push(`${path}: ${value} is not an ISO date-time`);
  }
  if (Array.isArray(value) && schema.items)
    value.forEach((item, i) => errs.push(...validate(root, item, schema.items as Schema, `${path}[${i}]`)));
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const r of (schema.required ?? []) as string[]) if (!(r in obj)) errs.push(`${path}: ${r} is missing`);
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) errs.push(...validate(root, v, props[k], `${path}.${k}`));
      else if (schema.additionalProperties === false) errs.push(`${path}: ${k} is not allowed`);
    }
  }
  return errs;
}
