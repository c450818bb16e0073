// The spec's error screens: a routing error, and the crash screen of the whole app.

/** An error screen: its title, the way out (Refresh Page) and the details. */
function ErrorScreen(props: { title: string; error: unknown }) {
  const message = props.error instanceof Error ? props.error.message : String(props.error);
  return (
    <div className="crash" role="alert">
      <h1>{props.title}</h1>
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

/** A routing error (a route failed to load or render). */
export function RouteError(props: { error: unknown }) {
  return <ErrorScreen title="Unexpected Application Error!" error={props.error} />;
}

/** The crash screen of the whole app. */
export function CrashScreen(props: { error: unknown }) {
  return <ErrorScreen title="Something went wrong" error={props.error} />;
}
