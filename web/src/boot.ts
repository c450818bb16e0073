// The page's first chunk (issue 51): small, so that a slow station PC can type into /login before
// the app has loaded. It shows the device's kept language, direction and theme, wires the sign-in
// form of the server's HTML (features/sign_in/boot_form.ts), and only once the page has loaded
// and painted does it load the app (main.tsx) behind it, in steps (app_steps.ts) so that no step
// holds the page for long.

import { keptDisplay, showDirection, showTheme } from "./features/shell/kept_display.ts";
import { startBootForm } from "./features/sign_in/boot_form.ts";
import { loadApp } from "./app_steps.ts";

const { language, theme } = keptDisplay();
showTheme(theme);
showDirection(language);
startBootForm(language);

/** Loads the app once the page has painted the form: after the load event's frame. */
const afterFirstFrame = () => requestAnimationFrame(() => setTimeout(loadApp, 0));

if (document.readyState === "complete") afterFirstFrame();
else addEventListener("load", afterFirstFrame, { once: true });
