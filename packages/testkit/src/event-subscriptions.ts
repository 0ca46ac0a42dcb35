/** A transport's subscribe, as {@link liveEventSubscriptions} needs it (structural, so testkit needs no @boyd/bus). */
export interface Subscribes<Handler, Options> {
  subscribe(subject: string, handler: Handler, options?: Options): { drain(): Promise<void> };
}

/**
 * Counts the event subscriptions the server holds for one agent (a
 * WatchEvents call holds one until it ends), so a test can see that a
 * stream its client left was released on the server too. Wraps the
 * transport's subscribe in place.
 */
export function liveEventSubscriptions<Handler, Options>(transport: Subscribes<Handler, Options>, agentId: string): () => number {
  let live = 0;
  const subscribe = transport.subscribe.bind(transport);
  transport.subscribe = (subject, handler, options) => {
    const sub = subscribe(subject, handler, options);
    if (!subject.includes(`.${agentId}.`)) return sub;
    live++;
    let released = false;
    return {
      drain() {
        if (!released) live--;
        released = true;
        return sub.drain();
      },
    };
  };
  return () => live;
}
