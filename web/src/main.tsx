// The web app, loaded by the page's first chunk (boot.ts, app_steps.ts): the router over the
// generated route tree.

import { createRouter, RouterProvider } from "@tanstack/react-router";
import { Component, type ReactNode, startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { configureClient } from "./lib/api/client.ts";
import { CrashScreen } from "./features/shell/ErrorScreens.tsx";
import { routeTree } from "./routeTree.gen.ts";
import { startDiscovery, useBackend } from "./features/shell/backend.ts";
import { startDisplay } from "./features/shell/display.ts";
import { watchConnectivity } from "./features/shell/connectivity.ts";
import { startPwa } from "./features/shell/pwa.ts";
import { signOutOwed, useSession, watchPendingSignOut } from "./features/shell/session.ts";
import { useSignIn } from "./features/sign_in/sign_in.ts";
import { carrying } from "./features/sign_in/return_to.ts";
import { dropBootForm } from "./features/sign_in/boot_form.ts";
import { COMMON } from "./i18n/areas/common.ts";
import { text } from "./i18n/i18n.ts";

const router = createRouter({ routeTree, defaultPendingMs: 150 });

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

configureClient({
  // a network error forces rediscovery (spec); any answer means the backend is there again
  unreachable: () => void useBackend.getState().discover(),
  answered: () => useBackend.getState().reached(),
  // the server refuses every call but the password change to a session that must change it
  passwordChangeRequired() {
    useSession.getState().requireChange();
    // already there: navigating again would check the session again, and its new user object
    // would make the screens read again what the server refused (a loop of calls)
    if (router.state.location.pathname === "/password-change-required") return;
    void router.navigate({ to: "/password-change-required" });
  },
  // the server refuses every call but the enrolment to a session whose second factor is overdue
  twoFactorSetupRequired() {
    // already there (or changing the password first): navigating again would loop the same way
    const path = router.state.location.pathname;
    if (path === "/two-factor-setup" || path === "/password-change-required") return;
    void router.navigate({ to: "/two-factor-setup" });
  },
  // a sign-out made offline reaches the server before any other call (issue 48)
  first: () => signOutOwed() ? useSession.getState().finishSignOut() : null,
  // a session unused too long has ended: the sign-in page says so, and signing in returns here
  sessionEnded(message) {
    // kept as the server said it: the sign-in page shows it in the language shown (its texts
    // may still be on their way when a page has just opened)
    useSignIn.setState({ error: message });
    useSession.getState().setUser(null);
    const { pathname, href } = router.state.location;
    if (pathname !== "/login") void router.navigate({ to: "/login", search: carrying(href) });
  },
  // a call that failed without the server's words says it in the language shown
  words: {
    networkError: () => text(COMMON, "networkError"),
    invalidResponse: () => text(COMMON, "invalidResponse"),
    httpStatus: (status) => text(COMMON, "httpStatus", { status: String(status) }),
  },
});

// the server's sign-in form is the sign-in page's to take (LoginPage.tsx); any other first screen
// drops it
router.subscribe("onResolved", ({ toLocation }) => {
  if (toLocation.pathname !== "/login") dropBootForm();
});

// the language and theme this device keeps, before the first screen shows
startDisplay();
// signed out in another tab: this one shows the sign-in page too
watchPendingSignOut(() => void router.navigate({ to: "/login" }));
startDiscovery();
watchConnectivity();
startPwa();

/** Catches what escapes the router: the crash screen instead of a blank page. */
class AppBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error !== null
      ? <CrashScreen error={this.state.error} />
      : this.props.children;
  }
}

const root = document.getElementById("root")!;

/** Renders the app into the root; the root that cannot render at all says so in plain text
 * (spec). */
function show() {
  try {
    // a transition: the first render yields to a key typed into the server's sign-in form
    // meanwhile (features/sign_in/boot_form.ts) instead of holding the page until it is done
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <AppBoundary>
            <RouterProvider router={router} />
          </AppBoundary>
        </StrictMode>,
      )
    );
  } catch (err) {
    root.textContent = `Error: ${err instanceof Error ? err.message : String(err)}`;
  }
}

// the first screen's route is loaded (its checks and its chunk) before the first render, so that
// the screen is part of that render, which yields, rather than of the router's own update after
// it, which React makes at once; a load that fails renders anyway and shows its error
void router.load().catch(() => {}).finally(show);
