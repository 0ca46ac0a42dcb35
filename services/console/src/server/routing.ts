import { ROUTES, type RouteName } from "../contract.js";
import { badRequest } from "./errors.js";

/** A URL path matched to a route, with its `:params` decoded. */
export interface RouteMatch {
  readonly route: RouteName;
  readonly params: Readonly<Record<string, string>>;
}

const PATTERNS = (Object.entries(ROUTES) as [RouteName, string][]).map(([route, pattern]) => ({ route, segments: pattern.split("/") }));

/**
 * The route a path (still percent-encoded) names, segment by segment, or
 * undefined. A param that is not valid percent-encoding is a 400.
 */
export function matchRoute(path: string): RouteMatch | undefined {
  const segments = path.split("/");
  for (const { route, segments: pattern } of PATTERNS) {
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.every((part, i) => {
      const actual = segments[i]!;
      if (!part.startsWith(":")) return part === actual;
      if (actual === "") return false;
      params[part.slice(1)] = decodeParam(actual, part.slice(1));
      return true;
    });
    if (fits) return { route, params };
  }
  return undefined;
}

function decodeParam(value: string, name: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw badRequest(`path parameter :${name}: not valid percent-encoding`);
  }
}
