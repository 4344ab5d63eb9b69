import { API, type PostStreamEvent, postStreamEventSchema } from "@sofi/core";
import { useEffect, useRef, useState } from "react";
import { apiUrl } from "../../kernel/api.ts";
import { countsAsNew, type FeedTab } from "./rules.ts";

/**
 * The "N new posts" bar (issue 20): an EventSource on `GET /sofi/posts/stream` from the newest post
 * the page holds; each `post` event that is new for this view (not the reader's own, on the chosen
 * topic, not yet shown) is counted. The browser reconnects on its own (Last-Event-ID); closing the
 * page closes the stream. Not opened on the transaction tab or before the first page is read.
 */
export function useLiveFeed(o: {
  chain: string;
  me?: string;
  tab: FeedTab;
  topic: string | null;
  /** The newest post id of the first page; null while it is read. */
  since: string | null;
  shown: ReadonlySet<string>;
}): { count: number; reset: () => void } {
  const [pending, setPending] = useState<string[]>([]);
  const view = useRef(o);
  view.current = o;
  const { chain, me, since } = o;
  // the view: a chosen topic, else the tab (a new view starts counting afresh)
  const viewKey = o.topic ?? o.tab;
  useEffect(() => {
    setPending([]);
    if (since === null || viewKey === "tx" || typeof EventSource === "undefined") return;
    const url = apiUrl(chain, API.postsStream.path, { since, address: me?.toLowerCase() });
    const source = new EventSource(url);
    source.addEventListener("post", (e) => {
      let ev: PostStreamEvent;
      try {
        ev = postStreamEventSchema.parse(JSON.parse((e as MessageEvent<string>).data));
      } catch (err) {
        console.warn("[social] a live event was not understood", err);
        return;
      }
      if (!countsAsNew(ev, { ...view.current, since })) return;
      setPending((p) => (p.includes(ev.id) ? p : [...p, ev.id]));
    });
    return () => source.close();
  }, [chain, me, viewKey, since]);
  // posts that reached the list another way (a refresh) no longer count
  const count = pending.filter((id) => !o.shown.has(id)).length;
  return { count, reset: () => setPending([]) };
}
