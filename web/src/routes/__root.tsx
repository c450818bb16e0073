// The root route: every screen renders inside it; fatal errors show the spec's crash screen.

import { createRootRoute, Outlet } from "@tanstack/react-router";
import { UpdateNotice } from "../components/PwaControls.tsx";

function CrashScreen(props: { error: unknown }) {
  const message = props.error instanceof Error ? props.error.message : String(props.error);
  return (
    <div className="crash" role="alert">
      <h1>Something went wrong</h1>
      <p>Please refresh the page to try again.</p>
      <button type="button" className="primary" onClick={() => globalThis.location.reload()}>
        Refresh Page
      </button>
      <details>
        <summary>Error details</summary>
        <pre>{message}</pre>
      </details>
    </div>
  );
}

/** The root route. */
export const Route = createRootRoute({
  component: () => (
    <>
      <UpdateNotice />
      <Outlet />
    </>
  ),
  errorComponent: CrashScreen,
});
