/**
 * Whose words the chaos layer speaks: how an error body is written, which market a path names, where the data of a
 * good answer sits, and how its market objects are changed (hostile titles, a market gone). The interface's
 * envelope is the default; each platform source has its own (src/sources/chaosDialect.ts).
 */
import { hostile, without } from './chaosBody.js';
import { decodeId, splitTarget } from './reply.js';

export interface ChaosDialect {
  /** The body of an error answer with this status. */
  failure(status: number, code: string, message: string): unknown;
  /** The market a request path (with its query) names, and whether it asks for that market's detail. */
  marketOf(path: string): { marketId?: string; detail: boolean };
  /** The data of a good answer and how to put changed data back, or undefined when the body is not one. */
  payload(body: unknown): { data: unknown; rewrap(data: unknown): unknown } | undefined;
  /** A list answer (its first rows get the hostile titles). */
  isList(data: unknown): boolean;
  /** The ids of a list answer's markets, in order. */
  listedIds(data: unknown): string[];
  /** Gives the markets `ids` (in order) hostile titles, in place. */
  hostile(data: unknown, ids: readonly string[]): void;
  /** The data without the market `id`. */
  without(data: unknown, id: string): unknown;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The interface: `{success, data}` / `{success:false, error:{code, message}}`, markets at /public/v1/markets/{id}. */
export const INTERFACE_DIALECT: ChaosDialect = {
  failure: (_status, code, message) => ({ success: false, error: { code, message } }),
  marketOf(path) {
    const segments = splitTarget(path).segments;
    // /public/v1/markets/{id}[/quote]
    const marketId = segments[2] === 'markets' && segments[3] ? decodeId(segments[3]) : undefined;
    return { ...(marketId !== undefined ? { marketId } : {}), detail: marketId !== undefined && segments.length === 4 };
  },
  payload: (body) =>
    isObj(body) && body.success === true ? { data: body.data, rewrap: (data) => ({ ...body, data }) } : undefined,
  isList: (data) => Array.isArray(data),
  listedIds: (data) => (Array.isArray(data) ? data.map((m: { id?: unknown }) => String(m?.id)) : []),
  hostile,
  without,
};
