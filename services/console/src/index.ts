/**
 * @boyd/console: the web console's server. The page lives in web/ and is
 * built by web/build.mjs.
 */
export { ROUTES, routePath, CSRF_HEADER, SESSION_COOKIE, type RouteName } from "./contract.js";
export { startConsole, type ConsoleOptions, type RunningConsole } from "./console.js";
export type { ConsoleLogger } from "./server/http.js";
export { consoleAssetsDir, consoleAssetsStale, ensureConsoleAssets } from "./assets.js";
