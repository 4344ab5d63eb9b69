import { Button, Skeleton } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ListStates } from "../../kernel/ListStates.tsx";
import { PostCard } from "./PostCard.tsx";
import type { SocialFeedState } from "./useSocialFeed.ts";

/** Asks for the next page when the end of the list comes into view (and offers a button too). */
function useEndOfList(onEnd: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement | null>(null);
  const cb = useRef(onEnd);
  cb.current = onEnd;
  useEffect(() => {
    const el = ref.current;
    if (!el || !active || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) cb.current();
      },
      { rootMargin: "400px 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [active]);
  return ref;
}

/** The feed: its loading, error and empty states, the posts, and the infinite scroll's end. */
export function FeedList({ s }: { s: SocialFeedState }) {
  const { t } = useTranslation("social");
  const { feed } = s;
  const more = feed.hasNextPage && !feed.isFetchingNextPage;
  const end = useEndOfList(() => {
    if (more) void feed.fetchNextPage();
  }, !!feed.hasNextPage);
  return (
    <ListStates
      kind="feed"
      loading={feed.isPending}
      error={feed.isError && s.items.length === 0}
      errorTitle={t("loadError")}
      onRetry={() => void feed.refetch()}
      retryLabel={t("retry")}
      empty={s.items.length === 0}
      emptyText={s.tab === "tx" ? t("emptyTx") : t("empty")}
      emptyLook="simplePicture"
      stateClassName="so-empty"
      renderLoading={(busy) => (
        <div className="so-list" role="status" aria-label={t("loading")} {...busy}>
          {[0, 1, 2].map((i) => (
            <div className="so-post" key={i}>
              <Skeleton avatar active paragraph={{ rows: 2 }} />
            </div>
          ))}
        </div>
      )}
    >
      <section className="so-list" aria-label={t("feedLabel")} aria-busy={feed.isFetching} data-testid="feed">
        {s.items.map((p) => (
          <PostCard
            key={p.id}
            post={p}
            me={s.me}
            now={s.now}
            predicting={s.predicting === p.id}
            onPredict={s.predict}
            onDislike={s.dislike}
            onMute={s.mute}
            onTopic={s.selectTopic}
          />
        ))}
        <div ref={end} className="so-end">
          {feed.hasNextPage ? (
            <Button onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage} data-testid="load-more">
              {feed.isFetchingNextPage ? t("loadingMore") : t("loadMore")}
            </Button>
          ) : (
            <span className="so-hint">{t("end")}</span>
          )}
        </div>
      </section>
    </ListStates>
  );
}
