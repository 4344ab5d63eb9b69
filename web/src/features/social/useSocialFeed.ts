import { API, type SocialPost } from "@sofi/core";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { message } from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useConnection } from "wagmi";
import { apiQueryKey, apiUrl, fetchApi, useApi } from "../../kernel/api.ts";
import { useChainSuffix } from "../../kernel/config.ts";
import { useSignedWrite } from "../../kernel/signed.ts";
import { useWalletUi } from "../wallet/index.ts";
import {
  apiTopic,
  CLOCK_TICK_MS,
  FEED_PAGE,
  type FeedTab,
  feedParams,
  newestPostId,
  TRENDING_REFRESH_MS,
} from "./rules.ts";
import { useLiveFeed } from "./useLiveFeed.ts";

/** A refused or failed social call: nothing is shown (spec 002 §8 "silent failure"), it is logged. */
const logged = (what: string) => (e: unknown) => console.warn(`[social] ${what} failed:`, e);

/**
 * `/social` (spec 002 §2, §4, §6, §7): the tab and topic (in the URL), the feed's pages (infinite,
 * cursor-paginated; the reader's address sent only when a wallet is connected), trending topics, the
 * reader's mini profile, the live bar, and the signed writes — post, predict, dislike, mute — which
 * need a connected wallet (the wallet dialog opens otherwise); on success a notice shows and the list
 * is read again (§4), a failure is logged and shows nothing (§8).
 */
export function useSocialFeed() {
  const { t } = useTranslation("social");
  const chain = useChainSuffix();
  const { address, status } = useConnection();
  const me = status === "connected" && address ? address.toLowerCase() : undefined;
  const [params, setParams] = useSearchParams();
  const { tab, topic } = feedParams(params);
  const queryClient = useQueryClient();
  const write = useSignedWrite();
  const [notice, noticeHolder] = message.useMessage();

  const query = { address: me, topic: apiTopic(tab, topic), limit: FEED_PAGE };
  const feedKey = [...apiQueryKey(chain, API.posts.path, query), "pages"];
  const feed = useInfiniteQuery({
    queryKey: feedKey,
    queryFn: ({ pageParam, signal }) =>
      fetchApi(apiUrl(chain, API.posts.path, { ...query, cursor: pageParam }), API.posts.reply, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    retry: false,
  });
  const items = useMemo(() => {
    const seen = new Set<string>();
    const out: SocialPost[] = [];
    for (const page of feed.data?.pages ?? [])
      for (const p of page.posts)
        if (!seen.has(p.id)) {
          seen.add(p.id);
          out.push(p);
        }
    return out;
  }, [feed.data]);
  const shown = useMemo(() => new Set(items.map((p) => p.id)), [items]);
  const firstPage = feed.data?.pages[0];
  const since = firstPage ? newestPostId(firstPage.posts) : null;

  const trending = useApi("trending", { chain, refetchIntervalMs: TRENDING_REFRESH_MS });
  const profile = useApi("socialProfile", { chain, query: { address: me }, enabled: !!me });
  const live = useLiveFeed({ chain, me, tab, topic, since, shown });

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, []);

  const reload = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["api", chain, API.posts.path] }),
        queryClient.invalidateQueries({ queryKey: ["api", chain, API.socialProfile.path] }),
        queryClient.invalidateQueries({ queryKey: ["api", chain, API.trending.path] }),
      ]),
    [queryClient, chain],
  );
  /** Writes need a wallet (and the app's chain): without one, the wallet dialog opens instead. */
  const needWallet = () => {
    if (me) return false;
    useWalletUi.getState().openDialog("options");
    return true;
  };

  const predict = useMutation({
    mutationFn: (v: { post: SocialPost; direction: "up" | "down" }) =>
      write("predictPost", { chain, body: { address: me ?? "", post: v.post.id, direction: v.direction } }),
    onSuccess: async () => {
      void notice.success(t("predictSuccess"));
      await reload();
    },
    onError: logged("predict"),
  });
  const dislike = useMutation({
    mutationFn: (post: SocialPost) =>
      write("postAction", { chain, body: { address: me ?? "", id: post.id, action: "dislike" } }),
    onSuccess: async () => {
      void notice.success(t("dislikeSuccess"));
      await reload();
    },
    onError: logged("dislike"),
  });
  const mute = useMutation({
    mutationFn: (post: SocialPost) =>
      write("postAction", { chain, body: { address: me ?? "", id: post.user.id, action: "mute" } }),
    onSuccess: async (_r, post) => {
      void notice.success(t("muted", { screen_name: post.user.screen_name }));
      await reload();
    },
    onError: logged("mute"),
  });
  const publish = useMutation({
    mutationFn: (text: string) => write("newPost", { chain, body: { address: me ?? "", text } }),
    onSuccess: async () => {
      void notice.success(t("posted"));
      await reload();
    },
    onError: logged("post"),
  });

  const setView = (next: { tab?: FeedTab; topic?: string | null }) => {
    const p = new URLSearchParams(params);
    const nextTab = next.tab ?? tab;
    const nextTopic = next.topic === undefined ? topic : next.topic;
    if (nextTab === "all") p.delete("tab");
    else p.set("tab", nextTab);
    if (nextTopic) p.set("topic", nextTopic);
    else p.delete("topic");
    setParams(p, { replace: false });
  };

  return {
    chain,
    me,
    tab,
    topic,
    now,
    noticeHolder,
    feed,
    items,
    trending,
    profile,
    live,
    /** The bar's click: the first page again, from the top. */
    showNew: async () => {
      live.reset();
      await queryClient.resetQueries({ queryKey: feedKey });
      window.scrollTo?.({ top: 0, behavior: "smooth" });
    },
    selectTab: (next: FeedTab) => setView({ tab: next, topic: null }),
    selectTopic: (next: string | null) => {
      if (next === "post" || next === "tx") setView({ tab: next, topic: null });
      else setView({ topic: next, tab: "all" });
    },
    connect: () => needWallet(),
    predict: (post: SocialPost, direction: "up" | "down") => {
      if (!needWallet()) predict.mutate({ post, direction });
    },
    predicting: predict.isPending ? predict.variables?.post.id : undefined,
    dislike: (post: SocialPost) => {
      if (!needWallet()) dislike.mutate(post);
    },
    mute: (post: SocialPost) => {
      if (!needWallet()) mute.mutate(post);
    },
    /** Resolves to null when published, else the refusal's text (the composer shows it). */
    publish: async (text: string): Promise<string | null> => {
      if (needWallet()) return null;
      try {
        await publish.mutateAsync(text);
        return null;
      } catch (e) {
        return (e as Error).message;
      }
    },
    publishing: publish.isPending,
  };
}
export type SocialFeedState = ReturnType<typeof useSocialFeed>;
