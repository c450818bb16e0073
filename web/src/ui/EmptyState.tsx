// What a list shows when it has nothing to show: a bold line and a sentence that says why or what
// to do, in the one `.empty` block every screen uses.

/** An empty list's title and text; `live` makes it a status a screen reader reads when it comes. */
export function EmptyState(props: { title: string; text: string; live?: boolean }) {
  return (
    <div className="empty" role={props.live ? "status" : undefined}>
      <strong>{props.title}</strong>
      <p>{props.text}</p>
    </div>
  );
}
