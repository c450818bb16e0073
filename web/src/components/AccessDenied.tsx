// What a signed-in user sees on an app they have not been given (design 3).

import { Link } from "@tanstack/react-router";
import { Frame } from "./Frame.tsx";

/** 'You do not have access to this app', with the way home. */
export function AccessDenied(props: { app: string }) {
  return (
    <Frame title={props.app}>
      <div className="empty" role="alert">
        <strong>You do not have access to this app</strong>
        <p>Ask your administrator to assign it to your account.</p>
        <Link to="/">Back to Applications</Link>
      </div>
    </Frame>
  );
}
