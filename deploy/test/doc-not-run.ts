// The README commands the doc tests leave out, each with the reason it
// cannot run in this test. Keep it short: a command belongs here only when
// running it needs something CI does not have, or would run CI inside CI.
import type { NotRun } from "./doc-commands.js";

export const NOT_RUN: readonly NotRun[] = [
  {
    match: /^\.\/test\.sh\b/,
    reason: "the whole suite, which CI runs (.ci/run) and which includes this test: running it here would recurse",
  },
  {
    match: /^pnpm (typecheck|lint|test)\b/,
    reason: "steps of ./test.sh, which CI runs; `pnpm test` would recurse into this test",
  },
  {
    match: /^npx vitest run --project deploy\b/,
    reason: "runs this very project (recursion); ./test.sh runs it in CI, and the fresh-clone set-up it needs is tested in packages/testkit/test/ensure-deps.test.ts",
  },
  {
    match: /^pnpm (gen|proto:breaking)\b/,
    reason: "./test.sh runs them on every CI run (`pnpm gen:check`, `pnpm proto:breaking`) before the tests",
  },
  {
    match: /^pnpm proto:baseline\b/,
    reason: "records a new contract baseline, which is done by hand after an additive proto change has landed",
  },
  {
    match: /^pnpm bench:/,
    reason: "benchmarks take minutes at full size; bench/ has tests that run each at a small size",
  },
  {
    match: /--nats nats:\/\/127\.0\.0\.1:4222\b/,
    reason:
      "needs a NATS server on the fixed port 4222 (and `up` runs until stopped); this machine is shared, so a test cannot own 4222. " +
      "The same commands run against testkit's nats-server in packages/cli/test (events.integration, approvals-elsewhere, up over NATS)",
  },
  {
    match: /^docker /,
    reason: "no Docker here; the image is built and run in CI by issue 18 item 9's container job",
  },
  {
    match: /^kubectl (apply|create|-n boyd port-forward)\b/,
    reason: "needs a Kubernetes cluster; the rendered manifests they apply are validated by the other deploy tests (the console's Service and port: services-policy.test.ts)",
  },
  {
    match: /^grpcurl /,
    reason: "needs a running `boyd up` on the README's port; packages/cli/test/grpcurl.e2e.test.ts runs these very lines from README.md with the real grpcurl against one",
  },
  {
    match: /^nats pub boyd\.percepts\.v1\./,
    reason: "the nats CLI is not built here; packages/stack/test/percepts-json.e2e.test.ts sends the same JSON body and Content-Type header with nats.js",
  },
  {
    match: /^(ensure_image\b|image="\$\(ensure_image\)"|boyd_podman )/,
    reason:
      "deploy/test/image.integration.test.ts runs ensure_image and these podman flags for all six services; podman's storage under .cache/image is bound to the clone's path, so the doc tests' temporary copy cannot share it, and building a second one costs minutes",
  },
];
