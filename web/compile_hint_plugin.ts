// Marks the chunk that holds react-dom's client with V8's compile hint (issue 51): its whole body
// is one CommonJS function that V8 compiles lazily, when the app's second step runs it, on the
// main thread: a task of 130-300 ms at 4x CPU on /login. With `//# allFunctionsCalledOnLoad` at
// the top of the file, Chromium compiles its functions eagerly as the file loads (off the main
// thread where it can): the task was 106-148 ms with a hand-edited build, and 87-91 ms or under
// 50 with this plugin, against 130-134 without it in the same minutes (app_steps' marks, a cold
// profile at 4x, a loaded machine). Other engines ignore the comment.

import type { Plugin } from "vite";

/** V8's hint that every function of the file runs as it loads. */
const HINT = "//# allFunctionsCalledOnLoad\n";

/** Whether a chunk holds react-dom's client build. */
const holdsReactDomClient = (moduleIds: readonly string[]) =>
  moduleIds.some((id) => /react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/.test(id));

/** The Vite plugin: the hint on react-dom's chunk, nothing else changed. */
export function compileHints(): Plugin {
  return {
    name: "portal:compile-hints",
    apply: "build",
    // after minification, which drops comments
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && holdsReactDomClient(chunk.moduleIds)) {
          chunk.code = HINT + chunk.code;
        }
      }
    },
  };
}
