// Loads the app behind the page's first chunk (boot.ts) in steps: each dynamic import's modules
// are evaluated in a task of their own, so the libraries the app is built on are evaluated one by
// one before the app's own modules, rather than all in one long task that a key typed meanwhile
// would wait for (issue 51: no task over 100 ms at 4x CPU).

/** The steps, in order: each loads what the next needs, the last the app itself. The shared
 * rules build their zod schemas as they load (a few ms each at 1x), so the ones the sign-in page
 * needs load one by one rather than all in the route tree's or the app's step. */
const STEPS: (() => Promise<unknown>)[] = [
  () => import("react"),
  () => import("react-dom/client"),
  () => import("@tanstack/react-router"),
  // jitless before any schema is built: zod otherwise probes `new Function` once, which the
  // portal's CSP refuses, and the browser reports that refusal with its source position, for
  // which V8 parses the calling chunk again (50-75 ms at 4x CPU in one task, trace); under that
  // CSP zod cannot compile its parsers anyway
  () => import("zod").then((zod) => zod.config({ jitless: true })),
  () => import("../../api/rules/preferences.ts"),
  () => import("./i18n/i18n.ts"),
  () => import("./features/shell/session.ts"),
  () => import("./routeTree.gen.ts"),
  () => import("../../api/rules/two_factor.ts"),
  () => import("../../api/rules/user_schemas.ts"),
  () => import("./features/sign_in/sign_in.ts"),
  () => import("./main.tsx"),
];

/** A moment for the page: a key typed meanwhile is handled before the next step. */
const pause = () => new Promise<void>((done) => setTimeout(done, 0));

/** Loads the app; a step that fails shows the spec's plain-text error in the root. */
export async function loadApp(): Promise<void> {
  try {
    for (const [i, step] of STEPS.entries()) {
      // a mark per step, as DevTools and the bench's probes show them beside the page's tasks
      performance.mark(`app step ${i + 1} of ${STEPS.length}`);
      await step();
      await pause();
    }
  } catch (err) {
    const root = document.getElementById("root");
    if (root !== null) {
      root.textContent = `Error: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
}
