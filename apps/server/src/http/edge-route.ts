// What each route declares to the edge, in its Fastify route config (Nest's @RouteConfig sets the
// same metadata): the rate budget it spends, the body it reads and how much of it, and whether only
// an operator may send it. http/fastify.ts turns these into Fastify's own route options and hooks,
// so a refusal happens before a body is read.
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { RateBudgetName } from './rate-limits';

/** What a route declares to the edge, kept in its Fastify route config (see `edgeRoute`). */
export interface EdgeRouteConfig {
  /** The budget the route spends (required of every route: test/rate-limits.e2e-spec.ts lists them). */
  rateBudget?: RateBudgetName;
  /** The largest body the route reads, in bytes (set on Fastify's route as its bodyLimit). */
  bodyLimit?: number;
  /** `ndjson`: the route reads JSON lines only (an import); JSON otherwise. */
  body?: 'json' | 'ndjson';
  /** Only an operator may send it (what it is, for the refusal): refused (401/403) before its body is read. */
  operatorOnly?: string;
}

/**
 * Adds to the route's Fastify config (what Nest's @RouteConfig sets, merged instead of replaced,
 * so a route can stack a budget and a body rule).
 */
export const edgeRoute =
  (config: EdgeRouteConfig): MethodDecorator =>
  (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const before = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as EdgeRouteConfig;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...before, ...config }, handler);
    return descriptor;
  };

/** Counts the route against the named budget. */
export const RateBudget = (name: RateBudgetName): MethodDecorator => edgeRoute({ rateBudget: name });

/** The route reads a JSON body of at most `bytes`. */
export const JsonBody = (bytes: number): MethodDecorator => edgeRoute({ body: 'json', bodyLimit: bytes });
