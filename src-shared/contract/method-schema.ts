/**
 * How a bridge method is written down: its positional arguments as zod schemas (the one
 * definition of what a window may send: the host checks each call against it at the edge, and
 * the TypeScript types of the client and the handlers are inferred from it) and the type of its
 * result. Results are typed, not checked: they come from the host, which the window trusts.
 */
import { z } from 'zod';

/** The argument list of a method: a zod tuple of its positional arguments. */
export type ArgsTuple = z.ZodTuple<readonly [] | readonly [z.ZodType, ...z.ZodType[]], null>;

/** One method: the schema of its arguments and (as a type only) its result. */
export interface MethodSchema<A extends ArgsTuple = ArgsTuple, R = unknown> {
  readonly args: A;
  /** Carries the result type; never set at run time. */
  readonly result?: R;
}

/** A table of methods by name (`namespace.method`). */
export type MethodTable = Readonly<Record<string, MethodSchema>>;

/** The result type of a method, for `method(…, returns<T>())`. */
export interface Returns<R> {
  readonly __returns?: R;
}

/** Names a method's result type (the host's answer is trusted by the window: typed, not parsed). */
export function returns<R>(): Returns<R> {
  return {};
}

/**
 * One method: `method([z.string(), z.number().optional()], returns<AgentState>())`. Arguments
 * are positional; optional ones come last. No extra arguments are accepted.
 */
export function method<const T extends readonly [] | readonly [z.ZodType, ...z.ZodType[]], R>(
  args: T,
  _result: Returns<R>,
): MethodSchema<z.ZodTuple<T, null>, R> {
  // zod's overloads split the empty tuple from the others; the schema is the same either way.
  return { args: z.tuple(args as unknown as [z.ZodType]) as unknown as z.ZodTuple<T, null> };
}

/** The arguments a handler receives (after the host parsed them). */
export type ParsedArgs<S extends MethodSchema> = z.output<S['args']>;
/** The arguments a client passes. */
export type CallArgs<S extends MethodSchema> = z.input<S['args']>;
/** The result of a method. */
export type ResultOf<S extends MethodSchema> = S extends MethodSchema<ArgsTuple, infer R> ? R : never;

/** A table's methods as `{ args; result }` types (what handlers implement and clients call). */
export type MethodTypes<T extends MethodTable> = {
  [M in keyof T]: { args: ParsedArgs<T[M]>; callArgs: CallArgs<T[M]>; result: ResultOf<T[M]> };
};
