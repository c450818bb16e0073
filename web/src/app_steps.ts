// Loads the app behind the page's first chunk (boot.ts) in steps: each dynamic import's modules
// are evaluated in a task of their own, so the libraries the app is built on are evaluated one by
// one before the app's own modules, rather than all in one long task that a key typed meanwhile
// would wait for (issue 51: no task over 100 ms at 4x CPU).

/** The steps, in order: each loads what the next needs, the last the app itself. */
const STEPS: (() => Promise<unknown>)[] = [
  () => import("react"),
  () => import("react-dom/client"),
  () => import("@tanstack/react-router"),
  // the session and the shared rules' schemas it reads with (zod's classes are built as it loads)
  () => import("./features/shell/session.ts"),
  () => import("./routeTree.gen.ts"),
  () => import("./main.tsx"),
];

/** A moment for the page: a key typed meanwhile is handled before the next step. */
const pause = () => new Promise<void>((done) => setTimeout(done, 0));

/** Loads the app; a step that fails shows the spec's plain-text error in the root. */
export async function loadApp(): Promise<void> {
  try {
    for (const step of STEPS) {
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
