// A translated text with elements inside it: the message marks each with a numbered tag, the
// element it names is given apart, so a translation can move the link or the emphasis where its
// sentence needs it ('Go to your <0>profile</0>' / 'انتقل إلى <0>ملفك الشخصي</0>').

import { cloneElement, Fragment, type ReactElement, type ReactNode } from "react";

const TAG = /<(\d+)>(.*?)<\/\1>/gs;

/** `text` with each `<n>...</n>` replaced by `parts[n]` holding the tagged words. */
export function Rich(props: { text: string; parts: ReactElement[] }) {
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of props.text.matchAll(TAG)) {
    out.push(props.text.slice(at, m.index));
    const part = props.parts[Number(m[1])];
    out.push(part ? cloneElement(part, { key: out.length }, m[2]) : m[2]);
    at = m.index + m[0].length;
  }
  out.push(props.text.slice(at));
  return <Fragment>{out}</Fragment>;
}
